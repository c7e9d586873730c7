// Spelled out (locale and UTC, the shop's time zone) so the server's HTML and the browser's
// hydration render the same text.
const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "Jun 10, 2025"; text that is not a date is shown as it is. */
export function formatOrderDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : DATE_FORMAT.format(date);
}
