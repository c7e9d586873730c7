import type { LucideIcon } from "lucide-react";
import { buttonStyles } from "#app/components/ui/button-styles.ts";

/** A form's one submit button, the form's width on a phone, saying `busyLabel` and taking no press while busy. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  icon: Icon,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Drawn before the label, hidden from assistive technology. */
  icon?: LucideIcon | undefined;
}) {
  return (
    <div>
      <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full sm:w-auto`}>
        {Icon ? <Icon aria-hidden="true" className="size-5" /> : null}
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
