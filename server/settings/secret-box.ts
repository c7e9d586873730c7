import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encryption of secrets kept in the database (payment keys), with a key derived from APP_SECRET.
 * AES-256-GCM: a leaked database alone does not reveal the secrets, and any change to a stored
 * value is detected instead of decrypting to garbage.
 *
 * Stored form: `v1:<iv>:<tag>:<ciphertext>`, each part base64. The version lets a later format
 * or key-derivation change coexist with values already stored.
 */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** Fixed HKDF salt: APP_SECRET is already random, the salt only separates this use of it. */
const KEY_SALT = "little-scrolls-shop/secret-box";

/** A stored secret could not be read: wrong APP_SECRET, altered or malformed value. */
export class SecretBoxError extends Error {
  override name = "SecretBoxError";
}

export interface SecretBoxKey {
  appSecret: string;
  /**
   * What the secret is for, e.g. "store_settings.stripe_secret_key". Each purpose gets its own
   * key and is bound into the authentication tag, so a value copied into another column fails.
   */
  purpose: string;
}

export function encryptSecret(plaintext: string, key: SecretBoxKey): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(key), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData(key.purpose));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64"), tag.toString("base64"), ciphertext.toString("base64")].join(":");
}

/** Throws SecretBoxError (whose message never contains the value) when it cannot be decrypted. */
export function decryptSecret(stored: string, key: SecretBoxKey): string {
  const parts = stored.split(":");
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError("The stored secret has an unknown format.");
  const [iv, tag, ciphertext] = parts.slice(1).map(decodeBase64);
  if (!iv || iv.length !== IV_BYTES || !tag || tag.length !== TAG_BYTES || !ciphertext) {
    throw new SecretBoxError("The stored secret has an unknown format.");
  }
  try {
    // authTagLength pins the tag size: GCM would otherwise accept a truncated (forgeable) tag.
    const decipher = createDecipheriv("aes-256-gcm", deriveKey(key), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData(key.purpose));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError(
      "The stored secret could not be decrypted: APP_SECRET has changed or the value was altered.",
    );
  }
}

function deriveKey({ appSecret, purpose }: SecretBoxKey): Buffer {
  if (!appSecret) throw new SecretBoxError("No APP_SECRET to derive the encryption key from.");
  return Buffer.from(hkdfSync("sha256", appSecret, KEY_SALT, `${VERSION}:${purpose}`, KEY_BYTES));
}

function additionalData(purpose: string): Buffer {
  return Buffer.from(`${VERSION}:${purpose}`, "utf8");
}

/** Strict base64: Buffer.from would silently skip characters that do not belong. */
function decodeBase64(text: string): Buffer | null {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return null;
  return Buffer.from(text, "base64");
}
