import { useState } from "react";
import { useFetcher } from "react-router";
import type { DetailsAnswer } from "#server/http/details-answer.ts";
import { useReturnFocus } from "./use-return-focus.ts";

/**
 * A list's details dialog (DetailsDialog): which row is open, the answer its route's loader gives
 * to `<path>?details=<id>` (fetched, so the list stays as it is), and the keyboard back on the
 * row's button once the dialog closes.
 */
export function useDetailsLoader<Details>(path: string) {
  const fetcher = useFetcher<{ details: DetailsAnswer<Details> | null }>();
  const [id, setId] = useState<string | null>(null);
  const opener = useReturnFocus(id !== null);
  return {
    id,
    result: fetcher.data?.details,
    open(rowId: string, button: HTMLElement) {
      opener.current = button;
      setId(rowId);
      void fetcher.load(`${path}?${new URLSearchParams({ details: rowId })}`);
    },
    close: () => setId(null),
  };
}
