import { ChevronDown } from "lucide-react";
import { Accordion as RadixAccordion } from "radix-ui";
import type { ReactNode } from "react";

export interface AccordionEntry {
  id: string;
  question: string;
  answer: ReactNode;
}

/** Questions that open to show their answers; keyboard and screen-reader support from Radix. */
export function Accordion({ entries, headingLevel = 3 }: { entries: AccordionEntry[]; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as "h3";
  return (
    <RadixAccordion.Root
      type="multiple"
      className="divide-y divide-brand-100 rounded-xl bg-white ring-1 ring-brand-100"
    >
      {entries.map((entry) => (
        <RadixAccordion.Item key={entry.id} value={entry.id}>
          <RadixAccordion.Header asChild>
            <Heading>
              <RadixAccordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-brand-50">
                {entry.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 flex-none text-brand-700 transition-transform group-data-[state=open]:rotate-180"
                />
              </RadixAccordion.Trigger>
            </Heading>
          </RadixAccordion.Header>
          <RadixAccordion.Content className="px-5 pb-4 text-gray-700">{entry.answer}</RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}
