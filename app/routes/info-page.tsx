import { useLocation } from "react-router";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { infoPageAt } from "#app/features/info-pages/info-pages.ts";
import { InfoPageLayout } from "#app/features/info-pages/info-page-layout.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useStore } from "#app/lib/use-store.ts";
import type { Route } from "./+types/info-page";

export function meta(args: Route.MetaArgs) {
  const page = infoPageAt(args.location.pathname);
  return page ? pageMeta(args, { title: page.title, description: page.description }) : [];
}

/**
 * An island page (decision 21): the text is HTML, and only the layout's islands (cart, newsletter,
 * toasts) and the churches and schools pages' contact button are hydrated.
 */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

/**
 * Nothing to load, but a route with only a clientLoader is left out of the server's render (React
 * Router waits for the browser to load its data): this loader makes the page server-rendered.
 */
export function loader() {
  return null;
}

/** One of the static pages (mission, about, churches, schools, legal, shipping, returns, faith). */
export default function InfoPageRoute() {
  const { pathname } = useLocation();
  const store = useStore();
  const page = infoPageAt(pathname);
  if (!page || !store) return null;
  const info = { storeName: store.name, contactEmail: store.contactEmail };
  return (
    <InfoPageLayout
      title={page.title}
      intro={typeof page.intro === "function" ? page.intro(info) : page.intro}
      lastUpdated={page.lastUpdated}
    >
      <page.Body {...info} />
    </InfoPageLayout>
  );
}
