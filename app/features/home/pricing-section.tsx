import { Check } from "lucide-react";
import type { ReactNode } from "react";
import type { Bundle } from "#server/books/bundle.ts";
import { Link } from "react-router";
import { CoverFan } from "#app/components/ui/cover-fan.tsx";
import { useFormatMoney } from "#app/lib/money.ts";
import { bookCountText } from "#common/books/bundle-contents.ts";
import { WasPrice } from "#app/components/ui/was-price.tsx";

/** The bundles, as stored in the catalogue; `renderAction` supplies each card's "Add to Collection" button. */
export function PricingSection({
  bundles,
  renderAction,
}: {
  bundles: Bundle[];
  renderAction: (bundle: Bundle) => ReactNode;
}) {
  const formatMoney = useFormatMoney();
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-4 bg-brand-100 render-when-near">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="pricing-heading" className="text-center font-serif text-3xl font-bold text-brand-800 sm:text-4xl">
          Choose your collection
        </h2>
        <ul className="mt-10 grid gap-6 lg:grid-cols-3">
          {bundles.map((bundle) => (
            <li
              key={bundle.id}
              className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ${
                bundle.popular ? "ring-4 ring-brand-700" : "ring-1 ring-brand-100"
              }`}
            >
              {bundle.popular ? (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-4 py-1 text-sm font-semibold text-white">
                  Most Popular
                </p>
              ) : null}
              <CoverFan books={bundle.books} size="small" />
              <h3 className="mt-4 font-serif text-2xl font-bold">{bundle.name}</h3>
              <p className="mt-2 text-gray-700">{bundle.description}</p>
              <p className="mt-4 flex flex-wrap items-baseline gap-x-3">
                <span className="text-4xl font-bold text-brand-800">{formatMoney(bundle.priceCents)}</span>
                <WasPrice cents={bundle.originalPriceCents} className="text-gray-600" />
                {bundle.savings ? (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-800">
                    {bundle.savings}
                  </span>
                ) : null}
              </p>
              <div className="mt-3 text-sm">
                <p className="font-semibold">
                  {bookCountText(bundle.bookCount)}
                  {bundle.books.length > 0 ? ":" : null}
                </p>
                {bundle.books.length > 0 ? (
                  <ul className="mt-1 grid gap-1">
                    {bundle.books.map((book) => (
                      <li key={book.slug}>
                        {/* Counts once any title comes more than once a set: "12 × A", "1 × B". */}
                        {bundle.books.some((part) => part.quantity > 1) ? `${book.quantity} × ` : null}
                        <Link to={`/books/${book.slug}`} className="text-brand-800 underline-offset-2 hover:underline">
                          {book.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <ul className="mt-4 grid flex-1 gap-2">
                {bundle.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-5 flex-none text-green-700" />
                    {feature}
                  </li>
                ))}
              </ul>
              <div className="mt-6 grid gap-2">{renderAction(bundle)}</div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
