import { Trash2 } from "lucide-react";

/**
 * The delete button of one row of a list the form edits (shipping methods, tax rates): a bin
 * with "Delete" beside it, the word for screen readers only on wide screens. `label` names the
 * row ("shipping method 2") for the button's accessible name.
 */
export function DeleteRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`Delete ${label.toLowerCase()}`}
      className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
    >
      <Trash2 aria-hidden="true" className="size-5" />
      <span className="md:sr-only">Delete</span>
    </button>
  );
}
