import type { Route } from "./+types/robots-txt";

/** Crawlers may read the storefront; the admin area, accounts and internal endpoints are off limits. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /account",
    "Disallow: /edit-profile",
    "Disallow: /order-history",
    "Disallow: /reset-password",
    "Disallow: /resources/",
    "Disallow: /api/",
    "",
    `Sitemap: ${context.services.env.PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
