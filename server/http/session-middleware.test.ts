import { describe, expect, it } from "vitest";
import { useAdminTestApp } from "#tests/support/admin-test-app.ts";
import { FLASH_COOKIE, flashCookie } from "./flash.ts";

/** The cookie pair a browser sends back after an action set `title` as its toast. */
const flashed = (title: string) =>
  flashCookie({ env: { PUBLIC_URL: "http://localhost:3000" } }, { title }).split(";")[0]!;
const clearsFlash = (response: Response) =>
  response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${FLASH_COOKIE}=;`));

describe("the toast an action flashed", () => {
  // An admin's session: the admin area is the one part of the site React Router draws in the browser.
  const shop = useAdminTestApp("sqlite", "admin@example.com");

  it("is used up by a data request that runs the root loader, which carries it", async () => {
    for (const url of [
      "/admin/messages.data",
      "/admin/messages.data?_routes=root,routes/admin/admin-layout,routes/admin/messages",
    ]) {
      const response = await shop.t.app.request(url, { headers: { cookie: `${shop.admin}; ${flashed("Saved it")}` } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Saved it");
      expect(clearsFlash(response)).toBe(true);
    }
  });

  it("is left for the root by a data request for other routes only, such as a fetcher's load", async () => {
    // After one post React Router revalidates the page's loaders and each fetcher's load in
    // parallel: the fetcher's answer must not clear a toast it cannot show.
    const response = await shop.t.app.request("/admin/messages.data?_routes=routes/admin/messages", {
      headers: { cookie: `${shop.admin}; ${flashed("Saved it")}` },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain("Saved it");
    expect(clearsFlash(response)).toBe(false);
  });

  it("is left for the document by a data request for an island page, whose answer the browser throws away", async () => {
    // After Sign Out redirects home, React Router fetches the root's data while the home page's
    // clientLoader loads the page as a document; only the document can show the toast.
    for (const url of [
      "/_.data?_routes=root",
      "/books.data",
      "/books/ruth.data?_routes=root",
      "/checkout.data",
      "/newsletter/unsubscribe.data",
    ]) {
      const response = await shop.t.app.request(url, { headers: { cookie: flashed("Signed Out") } });
      expect(response.status, url).toBe(200);
      expect(await response.text(), url).not.toContain("Signed Out");
      expect(clearsFlash(response), url).toBe(false);
    }
    const home = await shop.t.app.request("/", { headers: { cookie: flashed("Signed Out"), accept: "text/html" } });
    expect(await home.text()).toContain("Signed Out");
    expect(clearsFlash(home)).toBe(true);
  });

  it("is shown by a page, and not used up by route discovery", async () => {
    const page = await shop.t.app.request("/books", { headers: { cookie: flashed("Saved it"), accept: "text/html" } });
    expect(await page.text()).toContain("Saved it");
    expect(clearsFlash(page)).toBe(true);
    const manifest = await shop.t.app.request("/__manifest?paths=/books&version=x", {
      headers: { cookie: flashed("Saved it") },
    });
    expect(clearsFlash(manifest)).toBe(false);
  });
});
