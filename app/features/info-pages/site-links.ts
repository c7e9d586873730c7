/**
 * The public pages, grouped as the HTML sitemap shows them. /sitemap.xml lists the same public
 * pages (plus every book); account pages are for people, not search engines.
 */
export const SITE_LINK_GROUPS = [
  {
    title: "Main",
    links: [
      { to: "/", label: "Home" },
      { to: "/books", label: "All Bible Stories" },
      { to: "/our-mission", label: "Our Mission" },
      { to: "/about-us", label: "About Us" },
      { to: "/statement-of-faith", label: "Statement of Faith" },
      { to: "/for-churches", label: "For Churches" },
      { to: "/for-schools", label: "For Schools" },
      { to: "/help-center", label: "Help Center" },
      { to: "/contact-us", label: "Contact Us" },
      { to: "/shipping-information", label: "Shipping Information" },
      { to: "/returns-and-refunds", label: "Returns & Refunds" },
      { to: "/track-order", label: "Track Your Order" },
    ],
  },
  {
    title: "Account",
    links: [
      { to: "/login", label: "Login" },
      { to: "/signup", label: "Sign Up" },
      { to: "/account", label: "My Account" },
      { to: "/order-history", label: "Order History" },
      { to: "/forgot-password", label: "Forgot Password" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/terms-of-service", label: "Terms of Service" },
      { to: "/privacy-policy", label: "Privacy Policy" },
      { to: "/sitemap", label: "Sitemap" },
    ],
  },
] as const;

export const PUBLIC_PATHS: string[] = [
  ...SITE_LINK_GROUPS[0].links.map((l) => l.to),
  ...SITE_LINK_GROUPS[2].links.map((l) => l.to),
];
