/**
 * The password policy's lengths, without zod: the forms' fields show them before the schema's
 * check (password-schema.ts) is fetched.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
