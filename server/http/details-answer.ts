import { AppError } from "#server/errors/app-error.ts";

/** A list screen's answer to `?details=<id>`: that row's details, or why they cannot be shown. */
export type DetailsAnswer<Details> = { ok: true; details: Details } | { ok: false; id: string; message: string };

/**
 * Loads the details a list's dialog shows (its route's loader, with `?details=<id>`): a row
 * deleted or mistyped meanwhile (an AppError) is said inside the dialog rather than replacing the page.
 */
export async function loadDetailsAnswer<Details>(
  id: string,
  load: (id: string) => Promise<Details>,
): Promise<DetailsAnswer<Details>> {
  try {
    return { ok: true, details: await load(id) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, id, message: error.message };
    throw error;
  }
}
