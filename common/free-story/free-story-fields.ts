/**
 * The free story's words and limits, shared by the home page's form, the admin upload and the
 * server. Plain TypeScript: the home page carries no zod (decision 16); the schemas are in
 * free-story-schema.ts.
 */

/** The visitor's form: the address, and the unticked "Also send me the newsletter" box. */
export const FREE_STORY_FIELDS = { email: "email", newsletter: "newsletter" } as const;

/** The same answer whatever the address (known, subscribed, over its cap): nobody learns anything about it. */
export const FREE_STORY_SENT_TOAST = {
  title: "Your free story is on its way!",
  description:
    "Look for our e-mail in a few minutes (check your spam folder too). If you asked for the newsletter, confirm it with the link we send.",
} as const;

/** Why no story could be sent: the owner removed it while the form was open. */
export const NO_FREE_STORY_MESSAGE = "Sorry, there is no free story to send right now.";

/** The admin upload's file field. */
export const FREE_STORY_FILE_FIELD = "story";
/** The admin form's `intent` that stops offering the story instead of uploading one. */
export const FREE_STORY_REMOVE_INTENT = "remove";

/**
 * The largest story taken. It travels as an e-mail attachment, which base64 makes a third larger:
 * 5 MB becomes about 6.7 MB, under the 10 MB many mail services accept.
 */
export const FREE_STORY_MAX_BYTES = 5 * 1024 * 1024;

export const FREE_STORY_TOO_LARGE_MESSAGE = "The story is too large: at most 5 MB, so that it fits in an e-mail.";
export const FREE_STORY_NO_FILE_MESSAGE = "Please choose the story's PDF file.";
export const FREE_STORY_NOT_PDF_MESSAGE =
  "The file is not a PDF document. Please choose the story as a PDF (for example, exported from your layout program as PDF).";
