import { useState } from "react";
import { useFetcher } from "react-router";
import { listBundles } from "#server/books/list-bundles.ts";
import { listNewestBooks, NEWEST_BOOKS_COUNT } from "#server/books/list-books.ts";
import { NOT_IMPLEMENTED_TOAST, useToast } from "#app/components/ui/toast.tsx";
import { BookGrid } from "#app/features/books/book-grid.tsx";
import { AddToCartButton } from "#app/features/cart/add-to-cart-button.tsx";
import { bookCartItem, bundleCartItem } from "#app/features/cart/book-cart-item.ts";
import { BenefitsSection } from "#app/features/home/benefits-section.tsx";
import { HeroSection } from "#app/features/home/hero-section.tsx";
import { HomeFaqSection } from "#app/features/home/home-faq-section.tsx";
import { PricingSection } from "#app/features/home/pricing-section.tsx";
import { TestimonialsSection } from "#app/features/home/testimonials-section.tsx";
import { pageMeta, rootMetaData } from "#app/lib/page-meta.ts";
import { useStore } from "#app/lib/use-store.ts";
import type { loader as allBooksLoader } from "./resources.books";
import type { Route } from "./+types/home";

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
  const [books, bundles] = await Promise.all([
    listNewestBooks({ db }, { limit: NEWEST_BOOKS_COUNT }),
    listBundles({ db }),
  ]);
  return { books, bundles };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const showToast = useToast();
  const store = useStore();
  const allBooks = useFetcher<typeof allBooksLoader>();
  const [showingAll, setShowingAll] = useState(false);
  // Between the click and the fetcher's start there is a render with no data yet: that is loading too.
  const loading = allBooks.state === "loading" || (showingAll && !allBooks.data);
  const books = showingAll && allBooks.data ? allBooks.data.books : loaderData.books;

  return (
    <>
      <HeroSection books={loaderData.books.slice(0, 3)} onFreeStory={() => showToast(NOT_IMPLEMENTED_TOAST)} />
      <BenefitsSection />
      <BookGrid
        books={books}
        showingAll={showingAll && !loading}
        loading={loading}
        onToggle={() => {
          if (showingAll) {
            setShowingAll(false);
          } else {
            setShowingAll(true);
            void allBooks.load("/resources/books");
          }
        }}
        renderAction={(book) => <AddToCartButton item={bookCartItem(book)} className="mt-3 w-full" />}
      />
      <TestimonialsSection />
      <PricingSection
        bundles={loaderData.bundles}
        renderAction={(bundle) => <AddToCartButton item={bundleCartItem(bundle)} />}
      />
      <HomeFaqSection
        onEmailUs={() =>
          showToast({
            title: "Email Us",
            description: `Write to us at ${store?.contactEmail ?? ""} and we'll gladly help.`,
          })
        }
      />
    </>
  );
}
