/**
 * Dates shown to people, the one module (decision 0007). All shop times are stored in UTC and
 * shown in UTC, in US English ("Jun 10, 2025"), written from the UTC fields by hand: the server's
 * HTML and the browser's hydration agree whatever either's ICU version (they differ, for one, in
 * the space before "AM"/"PM"), and no page pays for loading Intl's locale data in the browser
 * (its first formatter costs 50–150 ms of main thread). `dates.test.ts` checks the dates against
 * Intl's en-US formats. Text that is not a date is shown as it is.
 */

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

function parseDate(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** "Jun 10, 2025": Intl's en-US medium date. */
function mediumDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Jun 10, 2025". */
export function formatDate(value: string): string {
  const date = parseDate(value);
  return date ? mediumDate(date) : value;
}

/** "June 10, 2025". */
export function formatLongDate(value: string): string {
  const date = parseDate(value);
  return date ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}` : value;
}

/** "Jul 3, 2025, 14:05 UTC", for admin lists. */
export function formatDateTime(value: string): string {
  const date = parseDate(value);
  if (!date) return value;
  return `${mediumDate(date)}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
}

/** "5:45 PM UTC", as the tracking timeline shows it; empty when the value is not a date. */
export function formatTimeOfDay(value: string): string {
  const date = parseDate(value);
  if (!date) return "";
  const hours = date.getUTCHours();
  return `${hours % 12 || 12}:${twoDigits(date.getUTCMinutes())} ${hours < 12 ? "AM" : "PM"} UTC`;
}
