import { useLocation } from "react-router";
import { NOT_IMPLEMENTED_TOAST, showToast } from "#app/components/ui/toast.tsx";
import { infoPageAt } from "#app/features/info-pages/info-pages.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useStore } from "#app/lib/use-store.ts";
import type { Route } from "./+types/info-page";

export function meta(args: Route.MetaArgs) {
  const page = infoPageAt(args.location.pathname);
  return page ? pageMeta(args, page.meta) : [];
}

/** One of the static pages (mission, about, churches, schools, legal, shipping, returns, faith). */
export default function InfoPageRoute() {
  const { pathname } = useLocation();
  const store = useStore();
  const page = infoPageAt(pathname);
  if (!page || !store) return null;
  return (
    <page.Page
      storeName={store.name}
      contactEmail={store.contactEmail}
      onContact={() => showToast(NOT_IMPLEMENTED_TOAST)}
    />
  );
}
