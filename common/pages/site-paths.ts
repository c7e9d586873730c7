/**
 * Every address of the shop, named once. The routes (app/routes.ts) take their paths from here;
 * the header, footer and both sitemaps their links; the page cache its never-cached list; the
 * maintenance gate its open list; the admin sidebar and page headers their titles.
 * `app/routes.test.ts` fails when a route is missing here or a path here has no route.
 */

/** What the gates in front of React Router need to know about an address. */
export interface SiteAddress {
  /** As React Router matches it: lower case, no trailing slash, `:name` for a dynamic segment. */
  path: string;
  /**
   * Whether the page cache may keep its answer for visitors without a session (decision 17).
   * False when the answer is someone's own or depends on more than the address.
   */
  cacheable: boolean;
  /** Whether everyone may reach it while Coming Soon is on (server/http/maintenance-gate.ts). */
  openDuringComingSoon: boolean;
}

/** A page people visit: its title is its name in links and in the HTML sitemap. */
export interface SitePage extends SiteAddress {
  title: string;
}

/**
 * The public pages. Not cacheable: checkout and its confirmation (the placed-orders cookie),
 * account pages, sign-in and the links e-mailed to one person, and Track Order (its toast is
 * made per answer). Open during Coming Soon: signing in and getting back in (an owner locked
 * out while the shop is closed), the launch list's double opt-in links, e-mail verification.
 */
export const SITE_PAGES = {
  home: { path: "/", title: "Home", cacheable: true, openDuringComingSoon: false },
  books: { path: "/books", title: "All Bible Stories", cacheable: true, openDuringComingSoon: false },
  book: { path: "/books/:slug", title: "Book", cacheable: true, openDuringComingSoon: false },
  /** Every title and set with a quantity box (decision 36); its post only redirects to the checkout. */
  bulkOrder: { path: "/bulk-order", title: "Bulk Order", cacheable: true, openDuringComingSoon: false },
  ourMission: { path: "/our-mission", title: "Our Mission", cacheable: true, openDuringComingSoon: false },
  aboutUs: { path: "/about-us", title: "About Us", cacheable: true, openDuringComingSoon: false },
  forChurches: { path: "/for-churches", title: "For Churches", cacheable: true, openDuringComingSoon: false },
  forSchools: { path: "/for-schools", title: "For Schools", cacheable: true, openDuringComingSoon: false },
  termsOfService: {
    path: "/terms-of-service",
    title: "Terms of Service",
    cacheable: true,
    openDuringComingSoon: false,
  },
  privacyPolicy: { path: "/privacy-policy", title: "Privacy Policy", cacheable: true, openDuringComingSoon: false },
  statementOfFaith: {
    path: "/statement-of-faith",
    title: "Statement of Faith",
    cacheable: true,
    openDuringComingSoon: false,
  },
  shippingInformation: {
    path: "/shipping-information",
    title: "Shipping Information",
    cacheable: true,
    openDuringComingSoon: false,
  },
  returnsAndRefunds: {
    path: "/returns-and-refunds",
    title: "Returns & Refunds",
    cacheable: true,
    openDuringComingSoon: false,
  },
  helpCenter: { path: "/help-center", title: "Help Center", cacheable: true, openDuringComingSoon: false },
  contactUs: { path: "/contact-us", title: "Contact Us", cacheable: true, openDuringComingSoon: false },
  /** The "Get a Free Story" form as a page of its own: where it posts without scripts, and its answer. */
  freeStory: { path: "/free-story", title: "Get a Free Story", cacheable: true, openDuringComingSoon: false },
  trackOrder: { path: "/track-order", title: "Track Your Order", cacheable: false, openDuringComingSoon: false },
  /** Returns and damage claims (decision 35): an order's claim form and its claims, for whoever proves the order. */
  returnRequest: {
    path: "/returns",
    title: "Return or Report Damage",
    cacheable: false,
    openDuringComingSoon: false,
  },
  checkout: { path: "/checkout", title: "Checkout", cacheable: false, openDuringComingSoon: false },
  orderConfirmation: {
    path: "/order-confirmation/:orderId",
    title: "Order Confirmation",
    cacheable: false,
    openDuringComingSoon: false,
  },
  sitemap: { path: "/sitemap", title: "Sitemap", cacheable: true, openDuringComingSoon: false },
  login: { path: "/login", title: "Login", cacheable: false, openDuringComingSoon: true },
  signup: { path: "/signup", title: "Sign Up", cacheable: false, openDuringComingSoon: false },
  forgotPassword: { path: "/forgot-password", title: "Forgot Password", cacheable: false, openDuringComingSoon: true },
  resetPassword: { path: "/reset-password", title: "Reset Password", cacheable: false, openDuringComingSoon: true },
  verifyEmail: {
    path: "/verify-email",
    title: "Confirm your e-mail address",
    cacheable: false,
    openDuringComingSoon: true,
  },
  account: { path: "/account", title: "My Account", cacheable: false, openDuringComingSoon: false },
  editProfile: { path: "/edit-profile", title: "Edit Profile", cacheable: false, openDuringComingSoon: false },
  orderHistory: { path: "/order-history", title: "Order History", cacheable: false, openDuringComingSoon: false },
  taxExemption: {
    path: "/tax-exemption",
    title: "Organisation & tax exemption",
    cacheable: false,
    openDuringComingSoon: false,
  },
  setup: { path: "/setup", title: "Create the admin account", cacheable: false, openDuringComingSoon: false },
  newsletterConfirm: {
    path: "/newsletter/confirm",
    title: "Confirm your subscription",
    cacheable: false,
    openDuringComingSoon: true,
  },
  newsletterUnsubscribe: {
    path: "/newsletter/unsubscribe",
    title: "Unsubscribe",
    cacheable: false,
    openDuringComingSoon: true,
  },
} as const satisfies Record<string, SitePage>;

/**
 * Addresses that answer data or files rather than pages. The book list is the same for
 * everybody (cached); the subscribe form stays open for the launch list; an order's invoice is
 * its buyer's and a tax exemption certificate's file its customer's and staff's (never cached).
 */
export const SITE_RESOURCES = {
  bookList: { path: "/resources/books", cacheable: true, openDuringComingSoon: false },
  subscribe: { path: "/resources/subscribe", cacheable: false, openDuringComingSoon: true },
  /** The free story form's post from its island (JSON answer); without scripts it posts to the page. */
  freeStory: { path: "/resources/free-story", cacheable: false, openDuringComingSoon: false },
  /** The checkout island's sales tax for the address typed (JSON). */
  taxQuote: { path: "/resources/tax-quote", cacheable: false, openDuringComingSoon: false },
  signOut: { path: "/resources/sign-out", cacheable: false, openDuringComingSoon: false },
  /** Order Again (decision 36): an order's lines back in the cart (JSON for its island; without scripts, the checkout). */
  orderAgain: { path: "/resources/order-again", cacheable: false, openDuringComingSoon: false },
  sitemapXml: { path: "/sitemap.xml", cacheable: true, openDuringComingSoon: false },
  robotsTxt: { path: "/robots.txt", cacheable: true, openDuringComingSoon: false },
  orderInvoice: { path: "/orders/:orderId/invoice.pdf", cacheable: false, openDuringComingSoon: false },
  taxCertificateFile: {
    path: "/tax-exemption/certificates/:certificateId",
    cacheable: false,
    openDuringComingSoon: false,
  },
  /** A claim's photo: the order's customer (as the returns page proves them) and staff only. */
  claimPhoto: { path: "/returns/photos/:claimId", cacheable: false, openDuringComingSoon: false },
} as const satisfies Record<string, SiteAddress>;

/** The admin area: only admins reach it, it is never cached and it is closed to visitors during Coming Soon. */
export const ADMIN_AREA_PATH = "/admin";

/**
 * An admin screen: its title heads the page and names the browser tab, unless the tab has a
 * title of its own; the sidebar shows its shorter label when it has one.
 */
export interface AdminPage {
  path: string;
  title: string;
  documentTitle?: string;
  sidebarLabel?: string;
}

/** The admin screens. */
export const ADMIN_PAGES = {
  dashboard: { path: "/admin", title: "Dashboard", documentTitle: "Admin Dashboard" },
  books: { path: "/admin/books", title: "Book Management" },
  booksImport: { path: "/admin/books/import", title: "Import Books" },
  bundles: { path: "/admin/bundles", title: "Bundles and Class Sets", sidebarLabel: "Bundles" },
  comingSoon: { path: "/admin/coming-soon", title: "Coming Soon" },
  customers: { path: "/admin/customers", title: "Customer Management" },
  orders: { path: "/admin/orders", title: "Order Management" },
  discounts: { path: "/admin/discounts", title: "Discount Codes" },
  settings: { path: "/admin/settings", title: "Store Settings" },
  subscribers: { path: "/admin/subscribers", title: "Email Subscribers", sidebarLabel: "Subscribers" },
  messages: { path: "/admin/messages", title: "Contact Messages" },
  taxExemptions: { path: "/admin/tax-exemptions", title: "Tax Exemption Certificates", sidebarLabel: "Tax Exemptions" },
  returns: { path: "/admin/returns", title: "Returns & Damage Claims", sidebarLabel: "Returns" },
} as const satisfies Record<string, AdminPage>;

/** The admin area's downloads: CSV exports, and the orders' PDF documents (packing slips take `?ids=A,B,C`). */
export const ADMIN_DOWNLOADS = {
  subscribers: "/admin/subscribers.csv",
  orders: "/admin/orders.csv",
  books: "/admin/books.csv",
  orderInvoice: "/admin/orders/:orderId/invoice.pdf",
  packingSlips: "/admin/orders/packing-slips.pdf",
  /** The free story: GET downloads the PDF offered, POST uploads a new one or removes it (Store Settings). */
  freeStory: "/admin/settings/free-story",
  /** Store Settings → Tax: POST saves the mode, home state and rates (its own form). */
  taxSettings: "/admin/settings/tax",
} as const;

/** A path of the table with its `:orderId` filled in ("/orders/ORD-7K3M9Q2XJD4P/invoice.pdf"). */
export function orderPath(path: string, orderId: string): string {
  return path.replace(":orderId", encodeURIComponent(orderId));
}

/** The file of a tax exemption certificate (its customer's and staff's only). */
export function taxCertificateFilePath(certificateId: string): string {
  return SITE_RESOURCES.taxCertificateFile.path.replace(":certificateId", encodeURIComponent(certificateId));
}

/** The returns page of one order ("/returns?orderId=ORD-…"). */
export function returnRequestPath(orderId: string): string {
  return `${SITE_PAGES.returnRequest.path}?orderId=${encodeURIComponent(orderId)}`;
}

/** A claim's photo (its customer's and staff's only). */
export function claimPhotoPath(claimId: string): string {
  return SITE_RESOURCES.claimPhoto.path.replace(":claimId", encodeURIComponent(claimId));
}

/**
 * The route the maintenance gate renders the Coming Soon document through: it has no data of
 * its own, so only the root loader runs, and it throws the 503 that renders the page.
 */
export const COMING_SOON_ROUTE_PATH = "/__coming-soon";

export type SitePageName = keyof typeof SITE_PAGES;

/** A link to a page of the table, under the page's title unless another label is given. */
export interface SiteLinkTo {
  page: SitePageName;
  label?: string;
  /** The page linked instead for a visitor who is not signed in. */
  signedOut?: SitePageName;
}

export interface SiteLink {
  to: string;
  label: string;
}

export function siteLink({ page, label }: SiteLinkTo): SiteLink {
  return { to: SITE_PAGES[page].path, label: label ?? SITE_PAGES[page].title };
}

/** The links of a list as a visitor sees them: signed in or not. */
export function siteLinks(links: readonly SiteLinkTo[], { signedIn }: { signedIn: boolean }): SiteLink[] {
  return links.map((link) => siteLink({ ...link, page: signedIn ? link.page : (link.signedOut ?? link.page) }));
}

/** The header's links; the header adds the account link after them (it depends on the viewer). */
export const HEADER_LINKS = [
  { page: "home" },
  { page: "books", label: "Books" },
  { page: "bulkOrder" },
  { page: "ourMission" },
  { page: "aboutUs" },
  { page: "helpCenter" },
  { page: "trackOrder", label: "Track Order" },
] as const satisfies readonly SiteLinkTo[];

/** The footer's columns and its bottom row. */
export const FOOTER_LINKS = {
  mission: [{ page: "ourMission" }, { page: "forChurches" }, { page: "forSchools" }, { page: "aboutUs" }],
  support: [
    { page: "home" },
    { page: "account", label: "My Account", signedOut: "login" },
    { page: "contactUs" },
    { page: "helpCenter" },
    { page: "shippingInformation" },
    { page: "returnsAndRefunds" },
    { page: "trackOrder" },
  ],
  legal: [{ page: "privacyPolicy" }, { page: "termsOfService" }, { page: "sitemap" }],
} as const satisfies Record<string, readonly SiteLinkTo[]>;

/**
 * The public pages, grouped as the HTML sitemap shows them. /sitemap.xml lists the groups for
 * search engines (plus every book); account pages are for people, not search engines.
 */
export const SITEMAP_GROUPS = [
  {
    title: "Main",
    forSearchEngines: true,
    links: [
      { page: "home" },
      { page: "books" },
      { page: "ourMission" },
      { page: "aboutUs" },
      { page: "statementOfFaith" },
      { page: "forChurches" },
      { page: "forSchools" },
      { page: "helpCenter" },
      { page: "contactUs" },
      { page: "shippingInformation" },
      { page: "returnsAndRefunds" },
      { page: "trackOrder" },
    ],
  },
  {
    title: "Account",
    forSearchEngines: false,
    links: [
      { page: "login" },
      { page: "signup" },
      { page: "account" },
      { page: "orderHistory" },
      { page: "forgotPassword" },
    ],
  },
  {
    title: "Legal",
    forSearchEngines: true,
    links: [{ page: "termsOfService" }, { page: "privacyPolicy" }, { page: "sitemap" }],
  },
] as const satisfies readonly { title: string; forSearchEngines: boolean; links: readonly SiteLinkTo[] }[];

/** The pages /sitemap.xml lists before the books. */
export function searchEnginePaths(): string[] {
  return SITEMAP_GROUPS.filter((group) => group.forSearchEngines).flatMap((group) =>
    group.links.map((link) => SITE_PAGES[link.page].path),
  );
}

function addresses(): SiteAddress[] {
  return [...Object.values(SITE_PAGES), ...Object.values(SITE_RESOURCES)];
}

/**
 * The page cache's never-cached prefixes: the admin area, and each address not cacheable up to
 * its first dynamic segment (so every order's confirmation page is one prefix).
 */
export function neverCachedPaths(): string[] {
  const prefixes = addresses()
    .filter((address) => !address.cacheable)
    .map((address) => address.path.replace(/\/:.*$/, ""));
  return [ADMIN_AREA_PATH, ...prefixes];
}

/** The exact paths the maintenance gate lets everyone reach while Coming Soon is on. */
export function pathsOpenDuringComingSoon(): string[] {
  return addresses()
    .filter((address) => address.openDuringComingSoon)
    .map((address) => address.path);
}
