import { Mail } from "lucide-react";
import { Accordion } from "#app/components/ui/accordion.tsx";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { HOME_FAQ } from "./content/home-content.ts";

export function HomeFaqSection({ onEmailUs }: { onEmailUs: () => void }) {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16">
      <h2 id="faq-heading" className="text-center font-serif text-3xl font-bold text-brand-800 sm:text-4xl">
        Frequently asked questions
      </h2>
      <div className="mt-8">
        <Accordion
          entries={HOME_FAQ.map((item, i) => ({ id: `faq-${i}`, question: item.question, answer: item.answer }))}
        />
      </div>
      <div className="mt-8 text-center">
        <p className="text-gray-700">Still have a question?</p>
        <button type="button" onClick={onEmailUs} className={`${buttonStyles.secondary} mt-3`}>
          <Mail aria-hidden="true" className="size-4" />
          Email Us
        </button>
      </div>
    </section>
  );
}
