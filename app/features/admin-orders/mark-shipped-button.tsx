import { buttonStyles } from "#app/components/ui/button-styles.ts";

/** The submit of the ship dialogs (one order, or the ticked orders): "Mark shipped", then "Marking...". */
export function MarkShippedButton({ busy }: { busy: boolean }) {
  return (
    <button type="submit" className={buttonStyles.primary} disabled={busy}>
      {busy ? "Marking..." : "Mark shipped"}
    </button>
  );
}
