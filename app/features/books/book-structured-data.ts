import type { Book } from "#server/books/book.ts";
import { BOOK_AGE_LIMITS } from "#common/books/age-range.ts";
import { centsToMoneyText, DEFAULT_CURRENCY } from "#common/money/money.ts";

/** schema.org Book + Product with an Offer, so search engines show price and availability. */
export function bookStructuredData(book: Book, origin: string, currency: string = DEFAULT_CURRENCY) {
  const url = `${origin}/books/${book.slug}`;
  return {
    "@context": "https://schema.org",
    "@type": ["Book", "Product"],
    name: book.title,
    author: { "@type": "Person", name: book.author },
    description: book.description,
    ...(book.imageUrl ? { image: `${origin}${book.imageUrl}` } : {}),
    url,
    // schema.org's form: "3-8", or "5-" for five and up.
    ...(book.ageMin !== null && book.ageMax !== null
      ? { typicalAgeRange: `${book.ageMin}-${book.ageMax === BOOK_AGE_LIMITS.max ? "" : book.ageMax}` }
      : {}),
    ...(book.rating !== null && (book.reviews ?? 0) > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: book.rating,
            reviewCount: book.reviews,
            bestRating: 5,
            worstRating: 0,
          },
        }
      : {}),
    offers: {
      "@type": "Offer",
      url,
      price: centsToMoneyText(book.priceCents),
      priceCurrency: currency,
      availability:
        book.stock === null || book.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
}
