import { randomBytes } from "node:crypto";

/** Crockford's base 32: no I, L, O or U, so an id read aloud or typed from paper is not misread. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** 12 characters of base 32: 60 random bits. Track Order needs only the id, so it must not be guessable. */
const RANDOM_LENGTH = 12;

/**
 * A new order id such as `ORD-7K3M9Q2XJD4P`. The seeded sample ids (`ORD-2025-001`) keep
 * working: ids are opaque text everywhere.
 */
export function newOrderId(): string {
  const bytes = randomBytes(RANDOM_LENGTH);
  let id = "ORD-";
  // 256 is a multiple of 32, so `byte % 32` is uniform.
  for (const byte of bytes) id += ALPHABET[byte % 32];
  return id;
}
