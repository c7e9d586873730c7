import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, SecretBoxError } from "./secret-box.ts";

const KEY = { appSecret: "a-test-app-secret-of-at-least-32-characters", purpose: "test.secret" };
const SECRET = "sk_test_51ExampleSecretValue-ünïcødé";

/** Replaces one base64 part of a stored value by the same bytes with one bit flipped. */
function flipBit(stored: string, part: 1 | 2 | 3): string {
  const parts = stored.split(":");
  const bytes = Buffer.from(parts[part]!, "base64");
  bytes[0] = bytes[0]! ^ 0x01;
  parts[part] = bytes.toString("base64");
  return parts.join(":");
}

describe("secret box", () => {
  it("round-trips, as version:iv:tag:ciphertext in base64, without the plain text", () => {
    const stored = encryptSecret(SECRET, KEY);
    expect(stored).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    const [, iv, tag] = stored.split(":");
    expect(Buffer.from(iv!, "base64")).toHaveLength(12);
    expect(Buffer.from(tag!, "base64")).toHaveLength(16);
    expect(stored).not.toContain("sk_test");
    expect(decryptSecret(stored, KEY)).toBe(SECRET);
  });

  it("uses a fresh IV for every encryption", () => {
    const stored = new Set(Array.from({ length: 20 }, () => encryptSecret(SECRET, KEY)));
    expect(stored.size).toBe(20);
    const ivs = new Set([...stored].map((s) => s.split(":")[1]));
    expect(ivs.size).toBe(20);
  });

  it("cannot be decrypted with another APP_SECRET or for another purpose", () => {
    const stored = encryptSecret(SECRET, KEY);
    expect(() => decryptSecret(stored, { ...KEY, appSecret: "another-app-secret-of-at-least-32-characters" })).toThrow(
      SecretBoxError,
    );
    expect(() => decryptSecret(stored, { ...KEY, purpose: "other.secret" })).toThrow(SecretBoxError);
  });

  it("detects tampering with the IV, the tag or the ciphertext", () => {
    const stored = encryptSecret(SECRET, KEY);
    for (const part of [1, 2, 3] as const) {
      expect(() => decryptSecret(flipBit(stored, part), KEY)).toThrow(SecretBoxError);
    }
    const [version, iv, tag, ciphertext] = stored.split(":");
    const truncatedTag = Buffer.from(tag!, "base64").subarray(0, 4).toString("base64");
    for (const bad of [
      [version, iv, truncatedTag, ciphertext].join(":"),
      ["v2", iv, tag, ciphertext].join(":"),
      [version, iv, tag].join(":"),
      [version, iv, tag, ciphertext, ""].join(":"),
      [version, iv, tag, `${ciphertext}*`].join(":"),
      [version, iv, tag, Buffer.from("replaced").toString("base64")].join(":"),
      "",
      SECRET,
    ]) {
      expect(() => decryptSecret(bad, KEY)).toThrow(SecretBoxError);
    }
  });

  it("never puts the secret or the key in its error messages", () => {
    const stored = encryptSecret(SECRET, KEY);
    try {
      decryptSecret(flipBit(stored, 3), KEY);
      expect.unreachable();
    } catch (error) {
      const text = `${(error as Error).message} ${(error as Error).stack}`;
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(KEY.appSecret);
      expect(text).not.toContain(stored.split(":")[3]!);
    }
  });

  it("refuses to work without an APP_SECRET", () => {
    expect(() => encryptSecret(SECRET, { ...KEY, appSecret: "" })).toThrow(SecretBoxError);
  });
});
