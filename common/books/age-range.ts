/**
 * A book's age range as numbers (`age_min`, `age_max`), which the catalogue's age filter reads:
 * a book is for age N when its range includes N. The label ("Ages 4–8") stays as the admin typed
 * it for display. Plain TypeScript: the catalogue page reads its age choices from here without zod.
 */

/** The ages a range may hold, in whole years. */
export const BOOK_AGE_LIMITS = { min: 0, max: 18 } as const;

export interface AgeRange {
  min: number;
  max: number;
}

const DASHES = /[\u2010-\u2015\u2212~]/g;

/**
 * Reads an age range from its label: "3-5", "Ages 4–8", "3 to 5", "5+", "+3", "5 and up",
 * "up to 5", "under 3", "Age 6", "6-24 months", "All ages". Null for a label that names no ages
 * ("Toddlers") or ages outside 0–18 in the wrong order; an open top ("5+", "8-99") ends at 18.
 */
export function parseAgeRange(label: string | null | undefined): AgeRange | null {
  if (!label) return null;
  const text = label.toLowerCase().replace(DASHES, "-").replace(/\s+/g, " ").trim();
  if (/^(for )?all ages$/.test(text)) return { ...BOOK_AGE_LIMITS };
  const months = /\bmonths?\b|\bmos?\b/.test(text);
  const years = (n: string) => (months ? Math.floor(Number(n) / 12) : Number(n));
  let match: RegExpExecArray | null;
  if ((match = /(\d{1,3}) ?(?:-|to) ?(\d{1,3})/.exec(text))) return range(years(match[1]!), years(match[2]!));
  if ((match = /(\d{1,3}) ?(?:\+|(?:and|&) ?(?:up|over|older)|or older)/.exec(text))) {
    return range(years(match[1]!), BOOK_AGE_LIMITS.max);
  }
  if ((match = /\+ ?(\d{1,3})/.exec(text))) return range(years(match[1]!), BOOK_AGE_LIMITS.max);
  if ((match = /(?:up to|to|through) (\d{1,3})/.exec(text))) return range(BOOK_AGE_LIMITS.min, years(match[1]!));
  if ((match = /(?:under|below) (\d{1,3})/.exec(text))) return range(BOOK_AGE_LIMITS.min, years(match[1]!) - 1);
  const numbers = text.match(/\d+/g);
  if (numbers?.length === 1) return range(years(numbers[0]!), years(numbers[0]!));
  return null;
}

function range(min: number, max: number): AgeRange | null {
  const top = Math.min(max, BOOK_AGE_LIMITS.max);
  if (min < BOOK_AGE_LIMITS.min || min > BOOK_AGE_LIMITS.max || top < min) return null;
  return { min, max: top };
}
