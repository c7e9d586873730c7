import type { ReactNode } from "react";
import type { Book } from "#server/books/book.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { CoverFan } from "#app/components/ui/cover-fan.tsx";
import { HERO, HERO_CLAIMS } from "./content/home-content.ts";

/**
 * The home page's first screen. `freeStory` is the "Get a Free Story" button and its form, passed
 * in by the route (it belongs to the free-story feature); null while no story is offered, so the
 * button is not there rather than a dead end.
 */
export function HeroSection({ books, freeStory }: { books: Book[]; freeStory: ReactNode }) {
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-brand-100 to-brand-50">
      <div className="mx-auto max-w-6xl px-4 py-8 text-center sm:py-24">
        {/* The newest covers, on screens wide enough to show them without pushing the books down. */}
        <div className="mb-8 hidden sm:block">
          <CoverFan books={books} size="large" priority shownFrom="(min-width: 640px)" />
        </div>
        <h1 id="hero-heading" className="font-serif text-3xl font-bold leading-tight text-brand-800 sm:text-6xl">
          {HERO.headline}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-base text-gray-700 sm:mt-6 sm:text-xl">{HERO.subheadline}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:mt-8 sm:flex-row">
          <a href="#pricing" className={buttonStyles.primary}>
            See Our Collections
          </a>
          {freeStory}
        </div>
        <dl className="mx-auto mt-6 grid max-w-xl grid-cols-3 gap-4 sm:mt-10">
          {HERO_CLAIMS.map((claim) => (
            <div key={claim.label} className="flex flex-col-reverse">
              <dt className="text-sm text-gray-700">{claim.label}</dt>
              <dd className="font-serif text-2xl font-bold text-brand-800">{claim.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
