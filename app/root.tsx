import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { useEffect } from "react";
import { isCheckoutAvailable, loadPaymentOptions } from "#server/checkout/payment-options.ts";
import { afterFirstContentfulPaint } from "#common/pages/after-first-contentful-paint.ts";
import { getPublicStoreSettings } from "#server/settings/public-settings.ts";
import { isIslandPageHandle } from "#common/pages/island-page-handle.ts";
import { ServerToastIsland } from "#app/components/ui/server-toast.tsx";
import { ToasterIsland } from "#app/components/ui/toast.tsx";
import { ComingSoonPage } from "#app/features/coming-soon/coming-soon-page.tsx";
import { ShopClosedBanner } from "#app/features/coming-soon/shop-closed-banner.tsx";
import { NewsletterFormIsland } from "#app/features/subscribers/newsletter-form.tsx";
import type { Route } from "./+types/root";
import { EARLY_EVENTS_SCRIPT } from "#app/lib/early-events.ts";
import { IslandPageProvider, useIslandRenderer } from "#app/lib/island.tsx";
import { CurrencyProvider } from "#app/lib/money.ts";
import type { RootLoaderData } from "#app/lib/root-loader-data.ts";
import stylesheet from "./app.css?url";
// Built as a bundle of its own (Vite's worker build: one self-contained file, no chunk shared with
// React Router's), loaded only by island pages (decision 21).
import islandsScript from "./islands-client.tsx?worker&url";

export const links: Route.LinksFunction = () => [
  // `precedence` makes it a stylesheet resource of React's: written at the top of <head>, before
  // the module preloads, so the first paint waits for the CSS only, never for the JavaScript.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  // A PNG, not an SVG: Chromium draws an SVG icon as a document of its own on the page's main
  // thread, a 15–20 ms task after the first paint on this machine (four times that on a phone).
  { rel: "icon", href: "/favicon.png", type: "image/png", sizes: "64x64" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ context }: Route.LoaderArgs): Promise<RootLoaderData> {
  const [settings, payment] = await Promise.all([
    getPublicStoreSettings(context.services),
    loadPaymentOptions(context.services),
  ]);
  if (context.maintenance) {
    // Rendered by the ErrorBoundary below for every path; the gate adds Retry-After.
    throw data({ maintenance: true, storeName: settings.storeName }, { status: 503 });
  }
  return {
    store: {
      name: settings.storeName,
      contactEmail: settings.contactEmail,
      currency: settings.currency,
      checkoutAvailable: isCheckoutAvailable(payment),
      socialLinks: settings.socialLinks,
    },
    publicUrl: context.services.env.PUBLIC_URL,
    viewer: context.viewer ? { isAdmin: context.viewer.isAdmin } : null,
    flash: context.flash,
    shopClosed: context.shopClosed,
  };
}

/**
 * After every form post the root loader runs again, even when the action refused the input (React
 * Router skips loaders after a 4xx/5xx by default): the action's toast arrives through it.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod.toUpperCase() !== "GET" ? true : defaultShouldRevalidate;
}

/**
 * An island page (its route's handle says so, decision 21) is sent without React Router's scripts:
 * its islands are hydrated by islands-client.tsx, loaded after the first paint.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const islandPage = useMatches().some((match) => isIslandPageHandle(match.handle));
  return (
    <html lang="en">
      <IslandPageProvider value={islandPage}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <Meta />
          <Links />
          {islandPage ? <EarlyEventsScript /> : null}
        </head>
        <body className="min-h-screen">
          {children}
          <ToasterIsland />
          {islandPage ? (
            <IslandsScript />
          ) : (
            <>
              <HydrationMarker />
              <ScrollRestoration />
              <Scripts />
            </>
          )}
        </body>
      </IslandPageProvider>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <CurrencyProvider value={loaderData.store.currency}>
      <ServerToastIsland toast={loaderData.flash} />
      {loaderData.shopClosed ? <ShopClosedBanner /> : null}
      <Outlet />
    </CurrencyProvider>
  );
}

/**
 * Loads the islands' script with this response's nonce once the browser reports the page's first
 * contentful paint, as React Router's scripts start on the other pages (decision 20).
 */
function IslandsScript() {
  const renderer = useIslandRenderer();
  const script = afterFirstContentfulPaint(`()=>import(${JSON.stringify(islandsScript)})`);
  return <script nonce={renderer?.nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}

/** Records taps and choices on islands made before they hydrated, to replay them (early-events.ts). */
function EarlyEventsScript() {
  const renderer = useIslandRenderer();
  return <script nonce={renderer?.nonce} dangerouslySetInnerHTML={{ __html: EARLY_EVENTS_SCRIPT }} />;
}

/** Marks the document once React has hydrated (and child effects such as the cart's restore ran). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

/**
 * Last line of defence: the root loader or a render failed. Production shows no details; the
 * error itself was logged on the server with its stack.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  // The root loader's 503 on a page visit; or, in the browser, the maintenance gate's plain-text
  // 503 to a navigation's data request or a form post after the shop closed (the only plain-text
  // 503 the shop sends).
  if (
    isRouteErrorResponse(error) &&
    error.status === 503 &&
    (error.data?.maintenance || typeof error.data === "string")
  ) {
    const storeName: string = error.data?.maintenance ? error.data.storeName : (rootData?.store.name ?? "");
    return (
      <ComingSoonPage
        storeName={storeName}
        newsletter={
          <NewsletterFormIsland
            label="Email address to hear when we launch"
            buttonLabel="Notify Me"
            successDescription="Thank you! We'll notify you when we launch."
          />
        }
      />
    );
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>{title}</title>
      <h1 className="font-serif text-3xl font-bold">{title}</h1>
      <p className="mt-4">
        {notFound
          ? "We could not find the page you were looking for."
          : "We are sorry: an unexpected error happened on our side. Please try again in a moment."}
      </p>
      <p className="mt-8">
        <a className="font-semibold text-brand-700 underline" href="/">
          Go to the home page
        </a>
      </p>
      {details ? <pre className="mt-8 overflow-auto text-left text-xs">{details}</pre> : null}
    </main>
  );
}
