import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/** A list row's deletion, asked first: the row chosen, and whether its post is under way. */
export interface RowDeletion<Row> {
  row: Row | null;
  busy: boolean;
  ask: (row: Row) => void;
  close: () => void;
  confirm: () => void;
}

/**
 * Deleting a row of a back-office list (a book, a bundle): the chosen row is posted as
 * `{ intent, id }` through a fetcher, so the page stays put. The dialog closes once the deletion
 * succeeds; a refusal leaves it open (the action sets the toast either way).
 */
export function useRowDeletion<Row extends { id: string }>(intent: string): RowDeletion<Row> {
  const fetcher = useFetcher<ActionResult>();
  const [row, setRow] = useState<Row | null>(null);
  // The answer arrives once per submission.
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok) setRow(null);
  }, [result]);
  return {
    row,
    busy: fetcher.state !== "idle",
    ask: setRow,
    close: () => setRow(null),
    confirm: () => {
      if (row) void fetcher.submit({ intent, id: row.id }, { method: "post" });
    },
  };
}

/** "Are you sure you want to delete this book?", with what deleting the chosen row does. */
export function DeleteRowDialog<Row>({
  deletion,
  noun,
  description,
}: {
  deletion: RowDeletion<Row>;
  noun: string;
  description: (row: Row) => string;
}) {
  return (
    <ConfirmDialog
      open={deletion.row !== null}
      onClose={deletion.close}
      title={`Are you sure you want to delete this ${noun}?`}
      description={deletion.row ? description(deletion.row) : ""}
      confirmLabel={deletion.busy ? "Deleting..." : "Delete"}
      busy={deletion.busy}
      onConfirm={deletion.confirm}
    />
  );
}
