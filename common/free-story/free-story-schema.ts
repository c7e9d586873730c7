import { z } from "zod";
import { emailAddressSchema } from "#common/mail/email-address-schema.ts";
import {
  FREE_STORY_FIELDS,
  FREE_STORY_FILE_FIELD,
  FREE_STORY_MAX_BYTES,
  FREE_STORY_NO_FILE_MESSAGE,
  FREE_STORY_TOO_LARGE_MESSAGE,
} from "./free-story-fields.ts";

/**
 * The visitor's "Get a Free Story" form as the server reads it. Client-safe (zod only), but only
 * the server runs it: the form is on the home page, which carries no zod (decision 16).
 */
export const freeStoryRequestSchema = z.object({
  [FREE_STORY_FIELDS.email]: emailAddressSchema(),
  // A checkbox sends "on" when ticked and nothing otherwise; anything else is not a tick.
  [FREE_STORY_FIELDS.newsletter]: z
    .unknown()
    .optional()
    .transform((value) => value === "on"),
});
export type FreeStoryRequest = z.output<typeof freeStoryRequestSchema>;

/**
 * The admin upload as the browser checks it before posting: a file, neither empty nor too large.
 * The server streams the file instead (readFormWithUpload) with the same limit and words, and
 * checks that it is a PDF by its content.
 */
export const freeStoryUploadSchema = z.object({
  [FREE_STORY_FILE_FIELD]: z
    .custom<Blob>((value) => value instanceof Blob && value.size > 0, FREE_STORY_NO_FILE_MESSAGE)
    .refine((file) => file.size <= FREE_STORY_MAX_BYTES, FREE_STORY_TOO_LARGE_MESSAGE),
});
