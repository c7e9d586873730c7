import { listSitemapBooks } from "#server/books/list-sitemap-books.ts";
import { searchEnginePaths } from "#common/pages/site-paths.ts";
import type { Route } from "./+types/sitemap-xml";

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The public pages and every book page (up to the protocol's 50,000), for search engines. */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = context.services.env.PUBLIC_URL;
  const books = await listSitemapBooks(context.services);
  const entries = [
    ...searchEnginePaths().map((path) => ({ loc: `${origin}${path}`, lastmod: undefined as string | undefined })),
    ...books.map((book) => ({ loc: `${origin}/books/${book.slug}`, lastmod: book.createdAt.slice(0, 10) })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries
  .map((e) => `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`)
  .join("\n")}
</urlset>
`;
  return new Response(body, {
    // Revalidated on every use (no-cache, not max-age): a shop switched to Coming Soon stops
    // listing its books at once, also through a CDN. The page cache still answers it fast.
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, no-cache" },
  });
}
