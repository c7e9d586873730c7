import { LinkList } from "#app/components/layout/link-list.tsx";
import { SITEMAP_GROUPS, siteLink } from "#common/pages/site-paths.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/sitemap";

/** An island page (decision 21): a list of links needs no script of its own. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

/** Nothing to load; without a server loader React Router would leave the page out of its render. */
export function loader() {
  return null;
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Sitemap", description: "Every page of our shop in one place." });
}

export default function Sitemap() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
      <h1 id="sitemap-heading" className="font-serif text-4xl font-bold text-brand-800 sm:text-5xl">
        Sitemap
      </h1>
      <div className="mt-10 grid gap-10 sm:grid-cols-3">
        {SITEMAP_GROUPS.map((group) => (
          // Named "Sitemap Main", …: the header's navigation is "Main" already (landmarks need unique names).
          <nav key={group.title} aria-labelledby={`sitemap-heading sitemap-${group.title}`}>
            <h2 id={`sitemap-${group.title}`} className="font-serif text-2xl font-bold text-brand-800">
              {group.title}
            </h2>
            <LinkList
              links={group.links.map(siteLink)}
              className="mt-4 grid gap-2"
              linkClassName="text-brand-700 underline underline-offset-2 hover:text-brand-800"
            />
          </nav>
        ))}
      </div>
    </div>
  );
}
