import type { MetaDescriptor } from "react-router";
import type { RootLoaderData } from "#app/lib/root-loader-data.ts";

interface MetaMatches {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
}

/** The root loader's data (store name, public URL) from a meta function's matches. */
export function rootMetaData({ matches }: MetaMatches): RootLoaderData | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as RootLoaderData | undefined;
}

/** Asks search engines to leave a page out (accounts, checkout, the back office). */
const NOINDEX: MetaDescriptor = { name: "robots", content: "noindex" };

/**
 * Title, description, canonical URL and OpenGraph tags for a page; every page's meta function
 * builds them here. `title` is the page's own; the store's name is appended. `noindex` adds the
 * robots tag last.
 */
export function pageMeta(
  args: MetaMatches,
  {
    title,
    description,
    image,
    type = "website",
    fullTitle = false,
    path = args.location.pathname,
    noindex = false,
  }: {
    title: string;
    description: string;
    image?: string | null;
    type?: "website" | "product";
    fullTitle?: boolean;
    /** The canonical path, when it is not the page's own path (with a query, or without one). */
    path?: string;
    noindex?: boolean;
  },
): MetaDescriptor[] {
  const root = rootMetaData(args);
  const storeName = root?.store.name ?? "";
  const origin = root?.publicUrl ?? "";
  const documentTitle = fullTitle || !storeName ? title : `${title} | ${storeName}`;
  const url = `${origin}${path}`;
  const tags: MetaDescriptor[] = [
    { title: documentTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: documentTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:site_name", content: storeName },
  ];
  if (image) tags.push({ property: "og:image", content: image.startsWith("http") ? image : `${origin}${image}` });
  if (noindex) tags.push(NOINDEX);
  return tags;
}

/** A page known by its title alone that no search engine should list (the back office, setup, not found). */
export function noindexMeta(title: string): MetaDescriptor[] {
  return [{ title }, NOINDEX];
}

/**
 * For a page whose address holds a token (an e-mailed link, the setup link): its address is never
 * sent to another site as a Referer. `same-origin`, not `no-referrer`: under `no-referrer` a
 * browser sends "Origin: null" with the page's own form when it posts before the scripts run
 * (or without them), and the cross-site guard (server/http/origin-check.ts) refuses it.
 */
export const TOKEN_IN_ADDRESS_REFERRER: MetaDescriptor = { name: "referrer", content: "same-origin" };
