import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { isAdminRoleSql } from "./admin-role.ts";
import { ADMIN_ROLE } from "./auth.ts";

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll().as("n"))
    .where(isAdminRoleSql())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The one-time link that lets the owner create the first admin account in the browser. It is
 * made at start-up when no admin exists, lives only in this process's memory, and stops working
 * as soon as any admin exists.
 */
export class OwnerSetup {
  readonly token: string | null;

  constructor(noAdminYet: boolean) {
    this.token = noAdminYet ? randomBytes(24).toString("base64url") : null;
  }

  async accepts(db: Kysely<Database>, candidate: unknown): Promise<boolean> {
    if (!this.token || typeof candidate !== "string") return false;
    const expected = Buffer.from(this.token);
    const given = Buffer.from(candidate);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    return (await countAdmins(db)) === 0;
  }
}

/**
 * At start, and after an address is verified: the account of OWNER_EMAIL is an admin once its
 * address is verified. Never before: anyone can sign up with any address, and admin rights must
 * not rest on an address nobody has proven.
 */
export async function ensureOwnerIsAdmin(db: Kysely<Database>, ownerEmail: string | undefined): Promise<void> {
  if (!ownerEmail) return;
  await db
    .updateTable("user")
    .set({ role: ADMIN_ROLE, updatedAt: new Date().toISOString() })
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", ownerEmail.toLowerCase()))
    .where("emailVerified", "=", true)
    .where((eb) => eb.not(isAdminRoleSql()))
    .execute();
}
