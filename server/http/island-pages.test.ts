import { existsSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { isIslandPageHandle } from "#common/pages/island-page-handle.ts";
import { islandPages } from "./island-pages.ts";

const SERVER_BUILD = path.resolve("build/server/index.js");

// The rule of issue 30, on the real build (needs `npm run build`): storefront pages are
// server-rendered with islands (decision 21); the back office is the React Router app.
describe("island pages", () => {
  it("are every storefront page, and no admin page", async () => {
    if (!existsSync(SERVER_BUILD)) throw new Error("No server build: run `npm run build` before this test.");
    const build = (await import(/* @vite-ignore */ SERVER_BUILD)) as ServerBuild;
    // Pages: routes with a component below the root, but not layouts (their pages decide).
    const parents = new Set(Object.values(build.routes).map((route) => route?.parentId));
    const pages = Object.values(build.routes).filter(
      (route) => route && route.id !== "root" && route.module.default && !parents.has(route.id),
    );
    const admin = pages.filter((route) => route!.id.startsWith("routes/admin/"));
    const storefront = pages.filter((route) => !route!.id.startsWith("routes/admin/"));
    expect(storefront.length).toBeGreaterThan(25);
    expect(admin.length).toBeGreaterThan(5);
    expect(storefront.filter((route) => !isIslandPageHandle(route!.module.handle)).map((route) => route!.id)).toEqual(
      [],
    );
    expect(admin.filter((route) => isIslandPageHandle(route!.module.handle)).map((route) => route!.id)).toEqual([]);

    // The server knows them by their path as the router matches it (the flash toast's rule).
    const isIslandPage = islandPages(build);
    for (const pagePath of ["/account", "/order-confirmation/ORD-1", "/no-such-page", "/__coming-soon"]) {
      expect(await isIslandPage(pagePath), pagePath).toBe(true);
    }
    for (const pagePath of ["/admin", "/admin/books"]) expect(await isIslandPage(pagePath), pagePath).toBe(false);
  });
});
