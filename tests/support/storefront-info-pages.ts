/**
 * The storefront's pages of words anyone reads without signing in, and Track Order's empty form:
 * the accessibility test and the bench both visit every one, so a new page joins both.
 */
export const STOREFRONT_INFO_PAGES = [
  "/our-mission",
  "/about-us",
  "/for-churches",
  "/for-schools",
  "/terms-of-service",
  "/privacy-policy",
  "/statement-of-faith",
  "/shipping-information",
  "/returns-and-refunds",
  "/sitemap",
  "/help-center",
  "/contact-us",
  "/track-order",
] as const;
