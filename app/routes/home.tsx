import { listBundles } from "#server/books/list-bundles.ts";
import { listNewestBooks, NEWEST_BOOKS_COUNT } from "#server/books/list-books.ts";
import { DEFAULT_CURRENCY } from "#common/money/money.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { getFreeStory } from "#server/free-story/get-free-story.ts";
import { HomeBookGridIsland } from "#app/islands/home-book-grid.tsx";
import { AddToCartIsland } from "#app/features/cart/add-to-cart-button.tsx";
import { bundleCartItem } from "#app/features/cart/book-cart-item.ts";
import { FreeStoryOffer } from "#app/features/free-story/free-story-offer.tsx";
import { BenefitsSection } from "#app/features/home/benefits-section.tsx";
import { HeroSection } from "#app/features/home/hero-section.tsx";
import { HomeFaqSection } from "#app/features/home/home-faq-section.tsx";
import { PricingSection } from "#app/features/home/pricing-section.tsx";
import { TestimonialsSection } from "#app/features/home/testimonials-section.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta, rootMetaData } from "#app/lib/page-meta.ts";
import { useStore } from "#app/lib/use-store.ts";
import type { Route } from "./+types/home";

/** Hydrated in parts (decision 21). */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export function meta(args: Route.MetaArgs) {
  const storeName = rootMetaData(args)?.store.name ?? "";
  return pageMeta(args, {
    title: `${storeName} | Illustrated Bible Stories for Children`,
    fullTitle: true,
    description:
      "Beautifully illustrated, biblically faithful Bible-story books for children ages 3-8, for families, churches, schools and homeschoolers.",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.services;
  const [books, bundles, freeStory] = await Promise.all([
    listNewestBooks({ db }, { limit: NEWEST_BOOKS_COUNT }),
    listBundles({ db }),
    getFreeStory({ db }),
  ]);
  // Whether one is offered, no more: its name and file are the owner's.
  return { books, bundles, freeStoryOffered: freeStory !== null };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const store = useStore();
  return (
    <>
      <HeroSection
        books={loaderData.books.slice(0, 3)}
        freeStory={loaderData.freeStoryOffered ? <FreeStoryOffer /> : null}
      />
      <BenefitsSection />
      <HomeBookGridIsland books={loaderData.books} currency={store?.currency ?? DEFAULT_CURRENCY} />
      <TestimonialsSection />
      <PricingSection
        bundles={loaderData.bundles}
        renderAction={(bundle) => <AddToCartIsland item={bundleCartItem(bundle)} />}
      />
      <HomeFaqSection contactEmail={store?.contactEmail ?? ""} />
    </>
  );
}
