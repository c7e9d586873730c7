import type { FaqGroup } from "./help-center-faq.ts";

/**
 * The groups and questions whose question or answer contains every word of the query,
 * ignoring case and accents; groups left without questions are dropped.
 */
export function filterFaq(groups: FaqGroup[], query: string): FaqGroup[] {
  const fold = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => {
        const text = fold(`${item.question} ${item.answer}`);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((group) => group.items.length > 0);
}
