import { ChevronDown } from "lucide-react";
import { Collapsible } from "radix-ui";
import type { ReactNode } from "react";

/**
 * One collapsible part of the settings form: a heading whose button opens and closes it
 * (aria-expanded, aria-controls from Radix). The content stays mounted while closed, only
 * hidden, so its fields are still posted with the form and keep what was typed.
 */
export function SettingsSection({
  id,
  title,
  description,
  open,
  onOpenChange,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Collapsible.Root open={open} onOpenChange={onOpenChange} asChild>
      <section aria-labelledby={headingId} className="rounded-xl bg-white shadow-sm ring-1 ring-brand-100">
        <h2 id={headingId} className="font-serif text-xl font-bold text-brand-800">
          <Collapsible.Trigger className="group flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left hover:bg-brand-50">
            {title}
            <ChevronDown
              aria-hidden="true"
              className="size-5 flex-none text-brand-700 transition-transform group-data-[state=open]:rotate-180"
            />
          </Collapsible.Trigger>
        </h2>
        {/* forceMount keeps Radix from hiding a closed section, so the closed state hides it here. */}
        <Collapsible.Content forceMount className="border-t border-brand-100 px-5 py-5 data-[state=closed]:hidden">
          {description ? <p className="mb-4 text-sm text-gray-700">{description}</p> : null}
          <div className="grid gap-5">{children}</div>
        </Collapsible.Content>
      </section>
    </Collapsible.Root>
  );
}
