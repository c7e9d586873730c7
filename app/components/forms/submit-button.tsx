import type { ReactNode } from "react";
import { buttonStyles } from "#app/components/ui/button-styles.ts";

/** A form's one submit button, the form's width on a phone, saying `busyLabel` and taking no press while busy. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  icon,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Shown before the label, hidden from assistive technology. */
  icon?: ReactNode;
}) {
  return (
    <div>
      <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full sm:w-auto`}>
        {icon}
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
