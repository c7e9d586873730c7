import { z } from "zod";

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === "" ? null : value))
    .prefault("");

/**
 * The Edit Profile form, shared by the page and the server. Empty fields are saved as null; a
 * field missing from the post counts as empty (every field is optional).
 */
export const profileSchema = z.object({
  fullName: optionalText(100, "Full name must be at most 100 characters."),
  username: z
    .string()
    .trim()
    .max(30, "Username must be at most 30 characters.")
    .refine(
      (v) => v === "" || /^[A-Za-z0-9._-]{3,}$/.test(v),
      "Username must be at least 3 characters: letters, digits, dots, dashes or underscores.",
    )
    .transform((value) => (value === "" ? null : value))
    .prefault(""),
  website: z
    .string()
    .trim()
    .max(200, "Website must be at most 200 characters.")
    .refine(
      (v) => v === "" || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v),
      "Website must be a web address starting with http:// or https://.",
    )
    .transform((value) => (value === "" ? null : value))
    .prefault(""),
});
