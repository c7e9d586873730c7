import { Mail } from "lucide-react";
import { defineIsland } from "#app/lib/island.tsx";
import { showToast, type ToastMessage } from "./toast.tsx";

/** Icons a toast button may show before its label (props of an island are plain JSON). */
const ICONS = { mail: Mail };

/**
 * A button whose only job is a toast (a feature that is on its way, a contact address): on a
 * catalogue page an island of its own (decision 21).
 */
export function ToastButton({
  label,
  toast,
  className,
  icon,
  iconClassName = "size-4",
}: {
  label: string;
  toast: ToastMessage;
  className: string;
  icon?: keyof typeof ICONS;
  iconClassName?: string;
}) {
  const Icon = icon ? ICONS[icon] : null;
  return (
    <button type="button" onClick={() => showToast(toast)} className={className}>
      {Icon ? <Icon aria-hidden="true" className={iconClassName} /> : null}
      {label}
    </button>
  );
}

export const ToastButtonIsland = defineIsland("toast-button", ToastButton);
