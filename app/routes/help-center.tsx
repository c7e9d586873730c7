import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { HelpCenterFaqSearchIsland } from "#app/features/info-pages/help-center-faq-search.tsx";
import { EMAIL_TOKEN, HELP_CENTER_FAQ } from "#app/features/info-pages/help-center-faq.ts";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useStore } from "#app/lib/use-store.ts";
import type { Route } from "./+types/help-center";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Help Center",
    description: "Answers about ordering, shipping, returns and refunds, and how to reach our team.",
  });
}

/** An island page (decision 21): only the questions' search and the layout's islands are hydrated. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

/** Nothing to load; without a server loader React Router would leave the page out of its render. */
export function loader() {
  return null;
}

export default function HelpCenter() {
  const store = useStore();
  const email = store?.contactEmail ?? "";
  const groups = HELP_CENTER_FAQ.map((group) => ({
    ...group,
    items: group.items.map((item) => ({ ...item, answer: item.answer.replaceAll(EMAIL_TOKEN, email) })),
  }));
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="font-serif text-4xl font-bold text-brand-800 sm:text-5xl">Help Center</h1>
      <p className="mt-4 text-lg text-gray-700">Find quick answers to the questions families ask us most.</p>
      <HelpCenterFaqSearchIsland groups={groups} />
      <section className="mt-12 rounded-2xl bg-brand-100 p-6 text-center">
        <h2 className="font-serif text-2xl font-bold text-brand-800">Still need help?</h2>
        <p className="mt-2 text-gray-700">Our team is happy to answer any question about your order or our books.</p>
        <a href="/contact-us" className={`${buttonStyles.primary} mt-4`}>
          Contact Us
        </a>
      </section>
    </div>
  );
}
