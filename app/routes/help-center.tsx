import { Search } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Accordion } from "#app/components/ui/accordion.tsx";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { filterFaq } from "#app/features/info-pages/filter-faq.ts";
import { EMAIL_TOKEN, HELP_CENTER_FAQ } from "#app/features/info-pages/help-center-faq.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useStore } from "#app/lib/use-store.ts";
import type { Route } from "./+types/help-center";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Help Center",
    description: "Answers about ordering, shipping, returns and refunds, and how to reach our team.",
  });
}

const groupHeadingId = (group: string) => `faq-${group.toLowerCase().replace(/[^a-z]+/g, "-")}`;

export default function HelpCenter() {
  const store = useStore();
  const [query, setQuery] = useState("");
  const searchId = useId();
  const email = store?.contactEmail ?? "";
  const groups = filterFaq(
    HELP_CENTER_FAQ.map((group) => ({
      ...group,
      items: group.items.map((item) => ({ ...item, answer: item.answer.replaceAll(EMAIL_TOKEN, email) })),
    })),
    query,
  );
  const matches = groups.reduce((n, g) => n + g.items.length, 0);

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="font-serif text-4xl font-bold text-brand-800 sm:text-5xl">Help Center</h1>
      <p className="mt-4 text-lg text-gray-700">Find quick answers to the questions families ask us most.</p>
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
      <section className="mt-12 rounded-2xl bg-brand-100 p-6 text-center">
        <h2 className="font-serif text-2xl font-bold text-brand-800">Still need help?</h2>
        <p className="mt-2 text-gray-700">Our team is happy to answer any question about your order or our books.</p>
        <Link to="/contact-us" className={`${buttonStyles.primary} mt-4`}>
          Contact Us
        </Link>
      </section>
    </div>
  );
}
