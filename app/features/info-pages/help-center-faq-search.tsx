import { Search } from "lucide-react";
import { useId, useState } from "react";
import { Accordion } from "#app/components/ui/accordion.tsx";
import { defineIsland } from "#app/lib/island.tsx";
import { filterFaq } from "./filter-faq.ts";
import type { FaqGroup } from "./help-center-faq.ts";

const groupHeadingId = (group: string) => `faq-${group.toLowerCase().replace(/[^a-z]+/g, "-")}`;

/**
 * The Help Center's questions with their search box: typing narrows the questions at once. An
 * island of its own on the Help Center page (decision 21), loaded by that page only.
 */
function HelpCenterFaqSearch({ groups: allGroups }: { groups: FaqGroup[] }) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const groups = filterFaq(allGroups, query);
  const matches = groups.reduce((n, g) => n + g.items.length, 0);
  return (
    <>
      <div role="search" className="relative mt-8">
        <label htmlFor={searchId} className="sr-only">
          Search the questions
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-gray-600"
        />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search for answers..."
          className="w-full rounded-full border border-brand-600/40 bg-white py-3 pl-12 pr-4"
        />
      </div>
      <p aria-live="polite" className="sr-only">
        {query.trim() ? `${matches} ${matches === 1 ? "question matches" : "questions match"}` : ""}
      </p>
      {groups.length === 0 ? (
        <p className="mt-10 text-center text-gray-700">
          No questions match “{query.trim()}”. Try other words, or write to us below.
        </p>
      ) : (
        groups.map((group) => (
          <section key={group.group} aria-labelledby={groupHeadingId(group.group)} className="mt-10">
            <h2 id={groupHeadingId(group.group)} className="font-serif text-2xl font-bold text-brand-800">
              {group.group}
            </h2>
            <div className="mt-4">
              <Accordion
                entries={group.items.map((item) => ({
                  id: item.question,
                  question: item.question,
                  answer: item.answer,
                }))}
              />
            </div>
          </section>
        ))
      )}
    </>
  );
}

export const HelpCenterFaqSearchIsland = defineIsland("help-center-faq", HelpCenterFaqSearch);
