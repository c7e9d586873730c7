import { AccordionIsland } from "#app/components/ui/accordion.tsx";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { ToastButtonIsland } from "#app/components/ui/toast-button.tsx";
import { HOME_FAQ } from "./content/home-content.ts";

export function HomeFaqSection({ contactEmail }: { contactEmail: string }) {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16 render-when-near">
      <h2 id="faq-heading" className="text-center font-serif text-3xl font-bold text-brand-800 sm:text-4xl">
        Frequently asked questions
      </h2>
      <div className="mt-8">
        <AccordionIsland
          entries={HOME_FAQ.map((item, i) => ({ id: `faq-${i}`, question: item.question, answer: item.answer }))}
        />
      </div>
      <div className="mt-8 text-center">
        <p className="text-gray-700">Still have a question?</p>
        <ToastButtonIsland
          label="Email Us"
          icon="mail"
          className={`${buttonStyles.secondary} mt-3`}
          toast={{ title: "Email Us", description: `Write to us at ${contactEmail} and we'll gladly help.` }}
        />
      </div>
    </section>
  );
}
