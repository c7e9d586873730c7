import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import {
  ADMIN_AREA_PATH,
  ADMIN_DOWNLOADS,
  ADMIN_PAGES,
  COMING_SOON_ROUTE_PATH,
  SITE_PAGES,
  SITE_RESOURCES,
} from "#common/pages/site-paths.ts";

/** A path of common/pages/site-paths.ts as React Router's config writes it: relative to its parent route's. */
const below = (parent: string, path: string) => path.slice(parent === "/" ? 1 : parent.length + 1);
const at = (path: string) => below("/", path);
const inAdmin = (page: { path: string }) => below(ADMIN_AREA_PATH, page.path);

/** The static pages, all served by routes/info-page.tsx (app/features/info-pages/info-pages.ts). */
const INFO_PAGES = [
  SITE_PAGES.ourMission,
  SITE_PAGES.aboutUs,
  SITE_PAGES.forChurches,
  SITE_PAGES.forSchools,
  SITE_PAGES.termsOfService,
  SITE_PAGES.privacyPolicy,
  SITE_PAGES.statementOfFaith,
  SITE_PAGES.shippingInformation,
  SITE_PAGES.returnsAndRefunds,
];

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route(at(SITE_PAGES.books.path), "routes/books.tsx"),
    route(at(SITE_PAGES.book.path), "routes/book.tsx"),
    route(at(SITE_PAGES.bulkOrder.path), "routes/bulk-order.tsx"),
    ...INFO_PAGES.map((page) => route(at(page.path), "routes/info-page.tsx", { id: `info-page${page.path}` })),
    route(at(SITE_PAGES.helpCenter.path), "routes/help-center.tsx"),
    route(at(SITE_PAGES.contactUs.path), "routes/contact-us.tsx"),
    route(at(SITE_PAGES.freeStory.path), "routes/free-story.tsx"),
    route(at(SITE_PAGES.trackOrder.path), "routes/track-order.tsx"),
    route(at(SITE_PAGES.returnRequest.path), "routes/return-request.tsx"),
    route(at(SITE_PAGES.checkout.path), "routes/checkout.tsx"),
    route(at(SITE_PAGES.orderConfirmation.path), "routes/order-confirmation.tsx"),
    route(at(SITE_PAGES.sitemap.path), "routes/sitemap.tsx"),
    route(at(SITE_PAGES.login.path), "routes/login.tsx"),
    route(at(SITE_PAGES.signup.path), "routes/signup.tsx"),
    route(at(SITE_PAGES.forgotPassword.path), "routes/forgot-password.tsx"),
    route(at(SITE_PAGES.resetPassword.path), "routes/reset-password.tsx"),
    route(at(SITE_PAGES.verifyEmail.path), "routes/verify-email.tsx"),
    route(at(SITE_PAGES.account.path), "routes/account.tsx"),
    route(at(SITE_PAGES.editProfile.path), "routes/edit-profile.tsx"),
    route(at(SITE_PAGES.orderHistory.path), "routes/order-history.tsx"),
    route(at(SITE_PAGES.taxExemption.path), "routes/tax-exemption.tsx"),
    route(at(SITE_PAGES.setup.path), "routes/setup.tsx"),
    route(at(SITE_PAGES.newsletterConfirm.path), "routes/newsletter-confirm.tsx"),
    route(at(SITE_PAGES.newsletterUnsubscribe.path), "routes/newsletter-unsubscribe.tsx"),
    // Every unknown path: a real 404 page inside the site layout.
    route("*", "routes/not-found.tsx"),
  ]),
  route(at(ADMIN_AREA_PATH), "routes/admin/admin-layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route(inAdmin(ADMIN_PAGES.books), "routes/admin/books.tsx"),
    route(inAdmin(ADMIN_PAGES.booksImport), "routes/admin/books-import.tsx"),
    route(inAdmin(ADMIN_PAGES.bundles), "routes/admin/bundles.tsx"),
    route(inAdmin(ADMIN_PAGES.comingSoon), "routes/admin/coming-soon.tsx"),
    route(inAdmin(ADMIN_PAGES.customers), "routes/admin/customers.tsx"),
    route(inAdmin(ADMIN_PAGES.orders), "routes/admin/orders.tsx"),
    route(inAdmin(ADMIN_PAGES.discounts), "routes/admin/discounts.tsx"),
    route(inAdmin(ADMIN_PAGES.settings), "routes/admin/settings.tsx"),
    route(inAdmin(ADMIN_PAGES.subscribers), "routes/admin/subscribers.tsx"),
    route(inAdmin(ADMIN_PAGES.messages), "routes/admin/messages.tsx"),
    route(inAdmin(ADMIN_PAGES.taxExemptions), "routes/admin/tax-exemptions.tsx"),
    route(inAdmin(ADMIN_PAGES.returns), "routes/admin/returns.tsx"),
  ]),
  route(at(ADMIN_DOWNLOADS.subscribers), "routes/admin/subscribers-csv.ts"),
  route(at(ADMIN_DOWNLOADS.orders), "routes/admin/orders-csv.ts"),
  route(at(ADMIN_DOWNLOADS.books), "routes/admin/books-csv.ts"),
  route(at(ADMIN_DOWNLOADS.orderInvoice), "routes/admin/order-invoice-pdf.ts"),
  route(at(ADMIN_DOWNLOADS.packingSlips), "routes/admin/packing-slips-pdf.ts"),
  route(at(ADMIN_DOWNLOADS.freeStory), "routes/admin/free-story.ts"),
  route(at(ADMIN_DOWNLOADS.taxSettings), "routes/admin/tax-settings.ts"),
  route(at(SITE_RESOURCES.bookList.path), "routes/resources.books.ts"),
  route(at(SITE_RESOURCES.subscribe.path), "routes/resources.subscribe.ts"),
  route(at(SITE_RESOURCES.freeStory.path), "routes/resources.free-story.ts"),
  route(at(SITE_RESOURCES.taxQuote.path), "routes/resources.tax-quote.ts"),
  route(at(SITE_RESOURCES.signOut.path), "routes/resources.sign-out.ts"),
  route(at(SITE_RESOURCES.orderAgain.path), "routes/resources.order-again.ts"),
  route(at(SITE_RESOURCES.sitemapXml.path), "routes/sitemap-xml.ts"),
  route(at(SITE_RESOURCES.robotsTxt.path), "routes/robots-txt.ts"),
  route(at(SITE_RESOURCES.orderInvoice.path), "routes/order-invoice-pdf.ts"),
  route(at(SITE_RESOURCES.taxCertificateFile.path), "routes/tax-certificate-file.ts"),
  route(at(SITE_RESOURCES.claimPhoto.path), "routes/claim-photo.ts"),
  // Only the maintenance gate sends requests here (server/http/maintenance-gate.ts).
  route(at(COMING_SOON_ROUTE_PATH), "routes/coming-soon.tsx"),
] satisfies RouteConfig;
