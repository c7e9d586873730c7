import { z } from "zod";

/**
 * The orders CSV export's filter, shared by the export form (checked before the download starts)
 * and the download route. Client-safe: zod only. Dates are whole UTC days, both ends included.
 */
export const ORDER_EXPORT_FIELDS = ["search", "from", "to"] as const;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (what a date input sends), or null for an empty field. */
function isCalendarDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) && Number(match[1]) >= 2000;
}

function dayField(label: string) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z
      .string({ error: `${label} must be a date.` })
      .trim()
      .refine((text) => text === "" || isCalendarDay(text), `${label} must be a date (YYYY-MM-DD).`)
      .transform((text) => (text === "" ? null : text)),
  );
}

export const orderExportSchema = z
  .object({
    // As the list takes it: trimmed and shortened there (normalizeSearch), never refused.
    search: z.preprocess((value) => (typeof value === "string" ? value : ""), z.string()),
    from: dayField("From"),
    to: dayField("To"),
  })
  .refine(({ from, to }) => from === null || to === null || from <= to, {
    message: "The end date must be on or after the start date.",
    path: ["to"],
  });

/** A checked export filter: the search text (empty: every order) and the first and last day (null: open). */
export type OrderExportFilter = z.output<typeof orderExportSchema>;
