import { describe, expect, it } from "vitest";
import {
  ADMIN_AREA_PATH,
  ADMIN_DOWNLOADS,
  neverCachedPaths,
  orderPath,
  pathsOpenDuringComingSoon,
  searchEnginePaths,
  SITE_PAGES,
  SITE_RESOURCES,
  SITEMAP_GROUPS,
} from "./site-paths.ts";

describe("the gates' lists drawn from the path table", () => {
  it("never caches the admin area, nor a page marked not cacheable, whatever fills its dynamic segment", () => {
    const prefixes = neverCachedPaths();
    expect(prefixes).toContain(ADMIN_AREA_PATH);
    expect(prefixes).toContain("/order-confirmation");
    expect(prefixes).toContain(SITE_PAGES.checkout.path);
    expect(prefixes).toContain(SITE_RESOURCES.signOut.path);
    // Every order's invoice download, whoever asks.
    expect(prefixes).toContain("/orders");
    expect(prefixes).not.toContain(SITE_PAGES.home.path);
    expect(prefixes).not.toContain(SITE_RESOURCES.bookList.path);
    expect(prefixes.filter((prefix) => prefix.includes(":"))).toEqual([]);
  });

  it("opens exactly the addresses marked open during Coming Soon", () => {
    expect(pathsOpenDuringComingSoon().sort()).toEqual(
      [
        SITE_PAGES.login.path,
        SITE_PAGES.forgotPassword.path,
        SITE_PAGES.resetPassword.path,
        SITE_PAGES.verifyEmail.path,
        SITE_PAGES.newsletterConfirm.path,
        SITE_PAGES.newsletterUnsubscribe.path,
        SITE_RESOURCES.subscribe.path,
      ].sort(),
    );
  });

  it("lists for search engines the sitemap's groups meant for them, not the account pages", () => {
    const paths = searchEnginePaths();
    expect(paths).toContain(SITE_PAGES.home.path);
    expect(paths).toContain(SITE_PAGES.privacyPolicy.path);
    expect(paths).not.toContain(SITE_PAGES.login.path);
    const listed = SITEMAP_GROUPS.filter((group) => group.forSearchEngines).map((group) => group.links.length);
    expect(paths).toHaveLength(listed.reduce((sum, count) => sum + count, 0));
  });
});

describe("orderPath", () => {
  it("fills an address's order id in, encoded", () => {
    expect(orderPath(SITE_RESOURCES.orderInvoice.path, "ORD-7K3M9Q2XJD4P")).toBe(
      "/orders/ORD-7K3M9Q2XJD4P/invoice.pdf",
    );
    expect(orderPath(ADMIN_DOWNLOADS.orderInvoice, "a/b c")).toBe("/admin/orders/a%2Fb%20c/invoice.pdf");
  });
});
