import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

const INFO_PAGE_PATHS = [
  "our-mission",
  "about-us",
  "for-churches",
  "for-schools",
  "terms-of-service",
  "privacy-policy",
  "statement-of-faith",
  "shipping-information",
  "returns-and-refunds",
];

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("books", "routes/books.tsx"),
    route("books/:slug", "routes/book.tsx"),
    ...INFO_PAGE_PATHS.map((path) => route(path, "routes/info-page.tsx", { id: `info-page/${path}` })),
    route("help-center", "routes/help-center.tsx"),
    route("contact-us", "routes/contact-us.tsx"),
    route("track-order", "routes/track-order.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("order-confirmation/:orderId", "routes/order-confirmation.tsx"),
    route("sitemap", "routes/sitemap.tsx"),
    route("login", "routes/login.tsx"),
    route("signup", "routes/signup.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("verify-email", "routes/verify-email.tsx"),
    route("account", "routes/account.tsx"),
    route("edit-profile", "routes/edit-profile.tsx"),
    route("order-history", "routes/order-history.tsx"),
    route("setup", "routes/setup.tsx"),
    route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
    // Every unknown path: a real 404 page inside the site layout.
    route("*", "routes/not-found.tsx"),
  ]),
  route("admin", "routes/admin/admin-layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("books", "routes/admin/books.tsx"),
    route("coming-soon", "routes/admin/coming-soon.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("subscribers", "routes/admin/subscribers.tsx"),
    route("messages", "routes/admin/messages.tsx"),
  ]),
  route("admin/subscribers.csv", "routes/admin/subscribers-csv.ts"),
  route("resources/books", "routes/resources.books.ts"),
  route("resources/subscribe", "routes/resources.subscribe.ts"),
  route("resources/sign-out", "routes/resources.sign-out.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  // Only the maintenance gate sends requests here (server/http/maintenance-gate.ts).
  route("__coming-soon", "routes/coming-soon.tsx"),
] satisfies RouteConfig;
