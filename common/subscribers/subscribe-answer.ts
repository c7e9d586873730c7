/**
 * What the newsletter form reads in the subscribe action's answer. Plain TypeScript, apart from
 * subscriber-schema.ts: the form is on every page, which must not carry zod (decision 16).
 */

/** The business reason of the CONFLICT answered when a confirmed address subscribes again. */
export const ALREADY_SUBSCRIBED = "already-subscribed";
