import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { AccordionIsland } from "#app/components/ui/accordion.tsx";
import { ServerToastIsland } from "#app/components/ui/server-toast.tsx";
import { ToastButtonIsland } from "#app/components/ui/toast-button.tsx";
import { ToasterIsland } from "#app/components/ui/toast.tsx";
import { SocialButtonsIsland } from "#app/components/layout/site-footer.tsx";
import { CatalogueFiltersIsland } from "#app/features/books/catalogue-filters.tsx";
import { HomeBookGridIsland } from "#app/islands/home-book-grid.tsx";
import { AddToCartIsland } from "#app/features/cart/add-to-cart-button.tsx";
import { CartSheetIsland } from "#app/features/cart/cart-sheet.tsx";
import { NewsletterFormIsland } from "#app/features/subscribers/newsletter-form.tsx";
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
  CatalogueFiltersIsland.island,
  HomeBookGridIsland.island,
  NewsletterFormIsland.island,
  ServerToastIsland.island,
  SocialButtonsIsland.island,
  ToastButtonIsland.island,
  ToasterIsland.island,
] as IslandDefinition<object>[];

const components = new Map<string, ComponentType<object>>(ISLANDS.map(({ name, Component }) => [name, Component]));

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
    if (pending === 0) document.documentElement.dataset.hydrated = "true";
  };
  if (pending === 0) document.documentElement.dataset.hydrated = "true";
  for (const element of elements) {
    const { island: name = "", islandPrefix: identifierPrefix, islandProps = "{}" } = element.dataset;
    const Component = components.get(name);
    if (!Component) {
      console.error(`No island named "${name}" in islands-client.tsx.`);
      done();
      continue;
    }
    const props = JSON.parse(islandProps) as object;
    hydrateRoot(
      element,
      <IslandRoot onHydrated={done}>
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix },
    );
    await nextTask();
  }
}

void hydrateIslands();
