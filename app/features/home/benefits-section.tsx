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
    <section aria-labelledby="benefits-heading" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="benefits-heading" className="text-center font-serif text-3xl font-bold text-brand-800 sm:text-4xl">
        Why families love our books
      </h2>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {BENEFITS.map((benefit) => {
          const Icon = ICONS[benefit.icon];
          return (
            <li key={benefit.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
              <Icon aria-hidden="true" className="size-8 text-brand-700" />
              <h3 className="mt-4 font-serif text-xl font-bold">{benefit.title}</h3>
              <p className="mt-2 text-gray-700">{benefit.description}</p>
            </li>
          );
        })}
      </ul>
      <dl className="mt-12 grid grid-cols-2 gap-6 rounded-2xl bg-brand-800 px-6 py-8 text-center text-white sm:grid-cols-4">
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
