import { expect, it } from "vitest";
import { filterFaq } from "./filter-faq.ts";
import { HELP_CENTER_FAQ } from "./help-center-faq.ts";

it("keeps every group for an empty query and filters by all words, ignoring case", () => {
  expect(filterFaq(HELP_CENTER_FAQ, "  ")).toBe(HELP_CENTER_FAQ);
  const refunds = filterFaq(HELP_CENTER_FAQ, "REFUND original");
  expect(refunds.length).toBeGreaterThan(0);
  for (const group of refunds) {
    for (const item of group.items) expect(`${item.question} ${item.answer}`.toLowerCase()).toContain("refund");
  }
  expect(filterFaq(HELP_CENTER_FAQ, "zebra-unicorn")).toEqual([]);
});
