import { describe, expect, it } from "vitest";
import {
  ADMIN_DOWNLOADS,
  ADMIN_PAGES,
  COMING_SOON_ROUTE_PATH,
  SITE_PAGES,
  SITE_RESOURCES,
} from "#common/pages/site-paths.ts";
import routeConfig from "./routes.ts";

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

/**
 * Every route file's whole path ("/admin/books", "/books/:slug"): its parents' paths and its own
 * added up; an index route answers at its parent's path; a layout answers at none of its own.
 */
function routePaths(entries: readonly RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    if (entry.children) return routePaths(entry.children, path);
    return [{ path: path || "/", file: entry.file }];
  });
}

/** The one route that is no address of the table: any unknown path's 404 page. */
const NOT_IN_TABLE = ["/*"];

const TABLE_PATHS = [
  ...Object.values(SITE_PAGES).map((page) => page.path),
  ...Object.values(SITE_RESOURCES).map((resource) => resource.path),
  ...Object.values(ADMIN_PAGES).map((page) => page.path),
  ...Object.values(ADMIN_DOWNLOADS),
  COMING_SOON_ROUTE_PATH,
];

describe("the route table and the path table (common/pages/site-paths.ts)", () => {
  const routes = routePaths(routeConfig).filter((route) => !NOT_IN_TABLE.includes(route.path));

  it("has a route for every path of the path table", () => {
    const routed = new Set(routes.map((route) => route.path));
    expect(TABLE_PATHS.filter((path) => !routed.has(path))).toEqual([]);
  });

  it("takes every route's path from the path table", () => {
    const table = new Set(TABLE_PATHS);
    expect(routes.filter((route) => !table.has(route.path))).toEqual([]);
  });

  it("names each path once", () => {
    expect(TABLE_PATHS.filter((path, i) => TABLE_PATHS.indexOf(path) !== i)).toEqual([]);
    expect(routes.map((route) => route.path).filter((path, i, all) => all.indexOf(path) !== i)).toEqual([]);
  });
});
