import { AlertDialog } from "radix-ui";
import { buttonStyles } from "./button-styles.ts";

/** "Are you sure?" before something that cannot be undone; Cancel has the initial focus. */
export function ConfirmDialog({
  open,
  onOpenChange,
  onClose,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  busy = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Cancel or Escape while nothing is under way (`busy`): a dialog whose work is under way stays open. */
  onClose?: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** Where "Cancel" would be ambiguous ("Cancel" beside "Cancel order"): "Keep order". */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange?.(next);
        if (!next && !busy) onClose?.();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl outline-none">
          <AlertDialog.Title className="font-serif text-xl font-bold text-brand-800">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-gray-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonStyles.secondary}>{cancelLabel}</AlertDialog.Cancel>
            <button type="button" disabled={busy} onClick={onConfirm} className={buttonStyles.danger}>
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
