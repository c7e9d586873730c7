import { ChevronDown } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { defineIsland } from "#app/lib/island.tsx";

export interface AccordionEntry {
  id: string;
  question: string;
  answer: ReactNode;
}

/**
 * Questions that open to show their answers: the WAI-ARIA disclosure pattern (a heading holding
 * a button with aria-expanded, the answer a region it controls). Written out rather than taken
 * from Radix, whose accordion added 4 kB of JavaScript to the home page (decision 16). Answers are
 * in the HTML while closed (`hidden`), so they are found by search engines and in-page search.
 */
export function Accordion({ entries, headingLevel = 3 }: { entries: AccordionEntry[]; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as "h3";
  const baseId = useId();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <div className="divide-y divide-brand-100 rounded-xl bg-white ring-1 ring-brand-100">
      {entries.map((entry, index) => {
        const open = openIds.has(entry.id);
        const state = open ? "open" : "closed";
        const buttonId = `${baseId}-question-${index}`;
        const answerId = `${baseId}-answer-${index}`;
        return (
          <div key={entry.id} data-state={state}>
            <Heading>
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={answerId}
                data-state={state}
                onClick={() => toggle(entry.id)}
                className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-brand-50"
              >
                {entry.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 flex-none text-brand-700 transition-transform group-data-[state=open]:rotate-180"
                />
              </button>
            </Heading>
            <div
              id={answerId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-4 text-gray-700"
            >
              {entry.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** On a catalogue page (decision 21): an island, whose answers are plain text. */
export const AccordionIsland = defineIsland("accordion", Accordion);
