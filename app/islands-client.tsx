import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { AccordionIsland } from "#app/components/ui/accordion.tsx";
import { ServerToastIsland } from "#app/components/ui/server-toast.tsx";
import { ToastButtonIsland } from "#app/components/ui/toast-button.tsx";
import { ToasterIsland } from "#app/components/ui/toast.tsx";
import { AddToCartIsland } from "#app/features/cart/add-to-cart-button.tsx";
import { CartSheetIsland } from "#app/features/cart/cart-sheet.tsx";
import { NewsletterFormIsland } from "#app/features/subscribers/newsletter-form.tsx";
import { markIslandReady, replayEarlyEvents } from "#app/lib/early-events.ts";
import { IslandRoot, type IslandDefinition } from "#app/lib/island.tsx";

/**
 * The browser's entry on island pages (decision 21): hydrates each `[data-island]` element the
 * server rendered (app/lib/island.tsx) with its component and props, each as a root of its own,
 * one per task, and marks the document hydrated once all of them are. Built with Preact's React
 * compatibility layer in place of React DOM (vite.config.ts), whose hydration is synchronous.
 * React Router's client is not loaded on these pages: links and the search form are plain
 * navigations.
 */
const ISLANDS: IslandDefinition<object>[] = [
  AccordionIsland.island,
  AddToCartIsland.island,
  CartSheetIsland.island,
  NewsletterFormIsland.island,
  ServerToastIsland.island,
  ToastButtonIsland.island,
  ToasterIsland.island,
] as IslandDefinition<object>[];

const components = new Map<string, ComponentType<object>>(ISLANDS.map(({ name, Component }) => [name, Component]));

/**
 * Islands of one page (or a few) only, each in a chunk of its own, fetched when a page has them,
 * so that no page loads another's: the home page's book grid, the catalogue's filters, the book
 * page's quantity and Add to Collection, the bulk order form, Order Again, the Help Center's search, each page's form (checkout,
 * Contact Us, Track Order, the returns page, the account pages, setup, the free story's on the home page and its own),
 * the order confirmation's cart clearing, and the one-button forms (Sign Out, Pay by card, the
 * e-mailed links' buttons). A form fetches zod, to check its shared schema, only when it is used.
 */
const PAGE_ISLANDS: Record<string, () => Promise<IslandDefinition<object>>> = {
  "add-to-cart-quantity": () =>
    import("#app/features/cart/add-to-cart-with-quantity.tsx").then(
      ({ AddToCartWithQuantityIsland }) => AddToCartWithQuantityIsland.island as IslandDefinition<object>,
    ),
  "bulk-order-form": () =>
    import("#app/features/cart/bulk-order-form.tsx").then(
      ({ BulkOrderFormIsland }) => BulkOrderFormIsland.island as IslandDefinition<object>,
    ),
  "order-again": () =>
    import("#app/features/cart/order-again-button.tsx").then(
      ({ OrderAgainIsland }) => OrderAgainIsland.island as IslandDefinition<object>,
    ),
  "catalogue-filters": () =>
    import("#app/features/books/catalogue-filters.tsx").then(
      ({ CatalogueFiltersIsland }) => CatalogueFiltersIsland.island as IslandDefinition<object>,
    ),
  "free-story-form": () =>
    import("#app/features/free-story/free-story-form.tsx").then(
      ({ FreeStoryFormIsland }) => FreeStoryFormIsland.island as IslandDefinition<object>,
    ),
  "forgot-password-form": () =>
    import("#app/features/accounts/forgot-password-form.tsx").then(
      ({ ForgotPasswordForm }) => ForgotPasswordForm.island as IslandDefinition<object>,
    ),
  "clear-placed-cart": () =>
    import("#app/features/cart/clear-placed-cart.tsx").then(
      ({ ClearPlacedCartIsland }) => ClearPlacedCartIsland.island as IslandDefinition<object>,
    ),
  "certificate-form": () =>
    import("#app/features/tax-exemptions/certificate-form.tsx").then(
      ({ CertificateForm }) => CertificateForm.island as IslandDefinition<object>,
    ),
  "claim-form": () =>
    import("#app/features/returns/claim-form.tsx").then(
      ({ ClaimForm }) => ClaimForm.island as IslandDefinition<object>,
    ),
  "find-claim-order-form": () =>
    import("#app/features/returns/find-order-form.tsx").then(
      ({ FindOrderForm }) => FindOrderForm.island as IslandDefinition<object>,
    ),
  "checkout-form": () =>
    import("#app/features/checkout/checkout-form.tsx").then(
      ({ CheckoutForm }) => CheckoutForm.island as IslandDefinition<object>,
    ),
  "contact-form": () =>
    import("#app/features/contact/contact-form.tsx").then(
      ({ ContactFormIsland }) => ContactFormIsland.island as IslandDefinition<object>,
    ),
  "help-center-faq": () =>
    import("#app/features/info-pages/help-center-faq-search.tsx").then(
      ({ HelpCenterFaqSearchIsland }) => HelpCenterFaqSearchIsland.island as IslandDefinition<object>,
    ),
  "home-book-grid": () =>
    import("#app/islands/home-book-grid.tsx").then(
      ({ HomeBookGridIsland }) => HomeBookGridIsland.island as IslandDefinition<object>,
    ),
  "organisation-form": () =>
    import("#app/features/tax-exemptions/organisation-form.tsx").then(
      ({ OrganisationForm }) => OrganisationForm.island as IslandDefinition<object>,
    ),
  "post-button": () =>
    import("#app/components/forms/post-button.tsx").then(
      ({ PostButtonIsland }) => PostButtonIsland.island as IslandDefinition<object>,
    ),
  "profile-form": () =>
    import("#app/features/accounts/profile-form.tsx").then(
      ({ ProfileForm }) => ProfileForm.island as IslandDefinition<object>,
    ),
  "tracking-form": () =>
    import("#app/features/orders/tracking-form.tsx").then(
      ({ TrackingFormIsland }) => TrackingFormIsland.island as IslandDefinition<object>,
    ),
  "reset-password-form": () =>
    import("#app/features/accounts/reset-password-form.tsx").then(
      ({ ResetPasswordForm }) => ResetPasswordForm.island as IslandDefinition<object>,
    ),
  "setup-form": () =>
    import("#app/features/accounts/setup-form.tsx").then(
      ({ SetupForm }) => SetupForm.island as IslandDefinition<object>,
    ),
  "sign-in-form": () =>
    import("#app/features/accounts/sign-in-form.tsx").then(
      ({ SignInForm }) => SignInForm.island as IslandDefinition<object>,
    ),
  "sign-up-form": () =>
    import("#app/features/accounts/sign-up-form.tsx").then(
      ({ SignUpForm }) => SignUpForm.island as IslandDefinition<object>,
    ),
};

/** The component of the island named `name`; a page island's chunk is fetched once. */
const pageIslands = new Map<string, Promise<ComponentType<object> | undefined>>();
function componentOf(name: string): ComponentType<object> | Promise<ComponentType<object> | undefined> | undefined {
  const ready = components.get(name);
  if (ready) return ready;
  const load = PAGE_ISLANDS[name];
  if (!load) return undefined;
  let loading = pageIslands.get(name);
  if (!loading) {
    loading = load().then(
      (definition) => (definition.name === name ? definition.Component : undefined),
      (error: unknown) => {
        // The page still works without it (its form posts to the server); the other islands hydrate.
        console.error(`The island "${name}" could not be loaded.`, error);
        return undefined;
      },
    );
    pageIslands.set(name, loading);
  }
  return loading;
}

/** Gives the browser its turn (input, paint) between two islands: each hydrates in a task of its own. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function hydrateIslands() {
  const elements = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  let pending = elements.length;
  // Once every island's effects have run (the cart read from storage, say), as a test expects.
  const done = () => {
    pending -= 1;
    if (pending > 0) return;
    // Taps and choices made before their island hydrated do now what they would have done (early-events.ts).
    replayEarlyEvents();
    document.documentElement.dataset.hydrated = "true";
  };
  if (pending === 0) document.documentElement.dataset.hydrated = "true";
  const hydrate = (element: HTMLElement, Component: ComponentType<object> | undefined) => {
    const { island: name = "", islandPrefix: identifierPrefix, islandProps = "{}" } = element.dataset;
    if (!Component) {
      console.error(`No island named "${name}" in islands-client.tsx.`);
      done();
      return;
    }
    const props = JSON.parse(islandProps) as object;
    hydrateRoot(
      element,
      <IslandRoot onHydrated={done}>
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix },
    );
    markIslandReady(element);
  };
  for (const element of elements) {
    const component = componentOf(element.dataset.island ?? "");
    if (component instanceof Promise) {
      // A page island's chunk: requested now, hydrated in a task of its own when it arrives, while
      // the islands after it (the cart, the toasts) hydrate and work meanwhile.
      void component.then(async (Component) => {
        await nextTask();
        hydrate(element, Component);
      });
      continue;
    }
    hydrate(element, component);
    await nextTask();
  }
}

void hydrateIslands();
