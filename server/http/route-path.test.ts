import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "#app/routes.ts";
import { isUnder, leadsToAdmin, routePath } from "./route-path.ts";

/** The app's route table as React Router matches it (ids are the route files). */
function toRouteObjects(
  entries: readonly { path?: string; index?: boolean; file: string; children?: unknown[] }[],
): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { index: true, id: entry.file }
      : {
          path: entry.path,
          id: entry.file,
          children: entry.children ? toRouteObjects(entry.children as typeof entries) : undefined,
        },
  );
}
const ROUTES = toRouteObjects(routeConfig);
const matchedFile = (pathname: string) => matchRoutes(ROUTES, pathname)?.at(-1)?.route.id;

/** What a request URL's pathname is once the URL parser has resolved it (dot segments, tabs). */
const pathnameOf = (raw: string) => new URL(raw, "http://shop.test").pathname;

describe("routePath", () => {
  it("finds the route path behind letter case, percent-encoding, trailing slashes and data suffixes", () => {
    const cases: [string, string, boolean][] = [
      ["/", "/", false],
      ["/_.data", "/", true],
      ["/.data", "/", true],
      ["/admin", "/admin", false],
      ["/admin/", "/admin", false],
      ["/admin//", "/admin", false],
      ["/ADMIN/books.data", "/admin/books", true],
      ["/%41DMIN/books.data", "/admin/books", true],
      ["/%61dmin/%62ooks", "/admin/books", false],
      ["/Admin/Books", "/admin/books", false],
      ["/admin/books/_.data", "/admin/books", true],
      ["/RESOURCES/BOOKS", "/resources/books", false],
      ["/Resources/books", "/resources/books", false],
      ["/SITEMAP.XML", "/sitemap.xml", false],
      ["/sitemap.xml/", "/sitemap.xml", false],
      ["/sitemap%2Exml", "/sitemap.xml", false],
      ["/track-order.data", "/track-order", true],
      ["/Login/", "/login", false],
      // An encoded slash is a character of its segment, not a separator.
      ["/admin%2Fbooks", "/admin%2fbooks", false],
      // ".DATA" is no data request for the router: a page path ending in ".data".
      ["/admin/books.DATA", "/admin/books.data", false],
      // A malformed escape leaves the path undecoded, as the router does.
      ["/ADMIN/%E0%A4%A", "/admin/%e0%a4%a", false],
    ];
    for (const [input, path, isData] of cases) expect(routePath(input), input).toEqual({ path, isData });
  });

  it("lowers only ASCII letters (the Kelvin sign is no k for the router)", () => {
    expect(routePath("/\u212Aey").path).toBe("/\u212Aey");
    expect(routePath("/%C3%89t%C3%A9").path).toBe("/\u00C9t\u00E9");
  });

  it("agrees with React Router's own matching about which route serves a path", () => {
    const probes = [
      "/ADMIN/books",
      "/%41DMIN/books",
      "/Admin/Books/",
      "/admin/",
      "/admin%2Fbooks",
      "/RESOURCES/BOOKS",
      "/Resources/books/",
      "/SITEMAP.XML",
      "/sitemap.xml/",
      "/%2e%2e/admin/books",
      "/x/..//admin",
      "/LOGIN",
      "/%6Cogin/",
      "/track-order",
      "/Track-Order/",
      "/Books/The-Good-Samaritan",
    ];
    for (const probe of probes) {
      const pathname = pathnameOf(probe);
      // Our normalised path reaches the same route as the raw one (so an allow-list or a prefix
      // check on it decides about the route that will really run).
      expect(matchedFile(routePath(pathname).path), probe).toBe(matchedFile(pathname));
    }
    expect(matchedFile(routePath(pathnameOf("/%41DMIN/books")).path)).toBe("routes/admin/books.tsx");
    expect(matchedFile(routePath(pathnameOf("/SITEMAP.XML")).path)).toBe("routes/sitemap-xml.ts");
  });
});

describe("isUnder", () => {
  it("matches a prefix only at a segment boundary", () => {
    expect(isUnder("/admin", "/admin")).toBe(true);
    expect(isUnder("/admin/books", "/admin")).toBe(true);
    expect(isUnder("/administrator", "/admin")).toBe(false);
  });
});

describe("leadsToAdmin", () => {
  it("recognises the admin area however a same-site address spells it", () => {
    for (const target of [
      "/admin",
      "/admin/",
      "/admin?x=1",
      "/ADMIN/books",
      "/%61dmin",
      "/admin/books.data",
      "/admin/_.data",
    ]) {
      expect(leadsToAdmin(target), target).toBe(true);
    }
    for (const target of ["/", "/administrator", "/account?next=/admin", "/books/admin"]) {
      expect(leadsToAdmin(target), target).toBe(false);
    }
  });
});
