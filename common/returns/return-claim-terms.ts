/**
 * The words and limits of returns and damage claims (decision 35), shared by the pages and the
 * server. Client-safe and zod-free: the storefront page shows them without loading zod.
 */

/** The spec's return window: 30 days from receipt (point 9 of the spec). */
export const RETURN_WINDOW_DAYS = 30;

/**
 * An order marked Shipped but never Delivered is taken as received this many days after it
 * shipped: the longest estimated delivery within the United States (the spec's 7-14 business
 * days, read as calendar days: the customer's side of the doubt is the longer wait).
 */
export const ASSUMED_TRANSIT_DAYS = 14;

export const CLAIM_KINDS = { return: "Return", damage: "Damaged on arrival" } as const;
export type ClaimKind = keyof typeof CLAIM_KINDS;

export const CLAIM_STATUSES = {
  pending: "Pending",
  approved: "Approved",
  refused: "Refused",
  settled: "Settled",
} as const;
export type ClaimStatus = keyof typeof CLAIM_STATUSES;

export const CLAIM_SETTLEMENTS = { refund: "Refund", replacement: "Replacement at no charge" } as const;
export type ClaimSettlement = keyof typeof CLAIM_SETTLEMENTS;

export const RETURN_CLAIM_LIMITS = {
  reason: 2000,
  instructions: 2000,
  refusalReason: 1000,
  /** Lines of one claim: an order has at most this many (index of a numbered field: 2 digits). */
  lines: 99,
} as const;

/** The photo: checked by its content (decoded and re-encoded, as covers are), at most 10 MB sent. */
export const CLAIM_PHOTO_FIELD = "photo";
export const CLAIM_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const CLAIM_PHOTO_TOO_LARGE_MESSAGE = "The photo is too large. Please choose a file of at most 10 MB.";
export const CLAIM_PHOTO_TYPE_MESSAGE =
  "The photo could not be read as an image. Please choose a JPEG, PNG, WebP or AVIF photo.";
/** What the file input offers; the server decides from the bytes whatever it is called. */
export const CLAIM_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/** The storefront page's forms, told apart by `intent`. */
export const RETURN_REQUEST_INTENTS = { find: "find-order", claim: "send-claim" } as const;

/** Staff's actions on a claim (the back office's queue), told apart by `intent`. */
export const CLAIM_REVIEW_INTENTS = {
  approve: "approve",
  refuse: "refuse",
  settle: "settle",
} as const;

/** The messages of refusals a customer meets, named once for the page, the server and the tests. */
export const RETURN_CLAIM_MESSAGES = {
  notFound: "We could not find an order with that number and e-mail address. Please check both and try again.",
  notShipped:
    "This order has not shipped yet, so there is nothing to return. To change or cancel it, please contact us.",
  cancelled: "This order was cancelled, so there is nothing to return.",
  windowClosed: `The return window for this order has closed: returns and damage reports are accepted within ${RETURN_WINDOW_DAYS} days of receipt.`,
  noLines: "Please choose at least one item and how many copies.",
  unknownLine: "That item is not on this order.",
} as const;
