import {
  BookOpen,
  Church,
  GraduationCap,
  Heart,
  Palette,
  ShieldCheck,
  Sparkles,
  Users,
  type LucideIcon,
} from "lucide-react";
import { BENEFITS, STATS, type BenefitIconName } from "./content/home-content.ts";

const ICONS: Record<BenefitIconName, LucideIcon> = {
  BookOpen,
  ShieldCheck,
  Palette,
  Heart,
  Users,
  Sparkles,
  Church,
  GraduationCap,
};

export function BenefitsSection() {
  return (
    <section aria-labelledby="benefits-heading" className="mx-auto max-w-6xl px-4 py-10 sm:py-16 render-when-near">
      <h2 id="benefits-heading" className="text-center font-serif text-3xl font-bold text-brand-800 sm:text-4xl">
        Why families love our books
      </h2>
      {/* Phones: one swipeable row, keeping the books near the top. A scrolling region with nothing
          focusable inside must itself take focus, or a keyboard cannot scroll it (WCAG 2.1.1). */}
      <ul
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label="Benefits (scrolls sideways on small screens)"
        className="-mx-4 mt-6 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:mt-10 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3"
      >
        {BENEFITS.map((benefit) => {
          const Icon = ICONS[benefit.icon];
          return (
            <li
              key={benefit.title}
              className="grid w-[78%] shrink-0 snap-start grid-cols-[auto_1fr] content-start gap-x-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:block sm:w-auto sm:p-6"
            >
              <Icon aria-hidden="true" className="row-span-2 size-6 text-brand-700 sm:size-8" />
              <h3 className="font-serif text-lg font-bold sm:mt-4 sm:text-xl">{benefit.title}</h3>
              <p className="mt-1 text-sm text-gray-700 sm:mt-2 sm:text-base">{benefit.description}</p>
            </li>
          );
        })}
      </ul>
      <dl className="mt-8 grid grid-cols-2 gap-4 rounded-2xl bg-brand-800 px-4 py-6 text-center text-white sm:mt-12 sm:grid-cols-4 sm:gap-6 sm:px-6 sm:py-8">
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse">
            <dt className="text-sm text-brand-100">{stat.label}</dt>
            <dd className="font-serif text-3xl font-bold">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
