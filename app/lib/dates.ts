/**
 * Dates shown to people, the one module (decision 0007). All shop times are stored in UTC and
 * shown in UTC. Dates go through Intl with the locale and time zone spelled out ("en-US", UTC):
 * month names and day order are the same in Node's ICU and every browser's, so the server's HTML
 * and the browser's hydration agree. Times of day are written from the UTC digits by hand: ICU
 * versions differ in the space before "AM"/"PM" (U+202F or U+0020), which would break hydration.
 * Text that is not a date is shown as it is.
 */

const MEDIUM_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const LONG_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

function parseDate(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** "Jun 10, 2025". */
export function formatDate(value: string): string {
  const date = parseDate(value);
  return date ? MEDIUM_DATE.format(date) : value;
}

/** "June 10, 2025". */
export function formatLongDate(value: string): string {
  const date = parseDate(value);
  return date ? LONG_DATE.format(date) : value;
}

/** "Jul 3, 2025, 14:05 UTC", for admin lists. */
export function formatDateTime(value: string): string {
  const date = parseDate(value);
  if (!date) return value;
  return `${MEDIUM_DATE.format(date)}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
}

/** "5:45 PM UTC", as the tracking timeline shows it; empty when the value is not a date. */
export function formatTimeOfDay(value: string): string {
  const date = parseDate(value);
  if (!date) return "";
  const hours = date.getUTCHours();
  return `${hours % 12 || 12}:${twoDigits(date.getUTCMinutes())} ${hours < 12 ? "AM" : "PM"} UTC`;
}
