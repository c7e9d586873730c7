import { StarRating } from "#app/components/ui/star-rating.tsx";
import { TESTIMONIAL_SUMMARY, TESTIMONIALS } from "./content/home-content.ts";

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-white render-when-near">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="testimonials-heading" className="text-center font-serif text-3xl font-bold text-brand-800 sm:text-4xl">
          What families are saying
        </h2>
        <p className="mt-3 flex items-center justify-center gap-2 text-gray-700">
          <StarRating rating={5} size="lg" />
          <span>
            <strong className="text-ink">{TESTIMONIAL_SUMMARY.rating}</strong> from {TESTIMONIAL_SUMMARY.reviews}
          </span>
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className="flex flex-col rounded-xl bg-brand-50 p-6 ring-1 ring-brand-100">
              <StarRating rating={t.rating} />
              <blockquote className="mt-3 flex-1 text-gray-700">“{t.quote}”</blockquote>
              <p className="mt-4 font-semibold">{t.name}</p>
              <p className="text-sm text-gray-700">{t.role}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
