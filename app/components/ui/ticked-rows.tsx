import { useCallback, useState } from "react";

/** The rows of one page of a list ticked for a bulk action, and the means to tick them. */
export interface TickedRows {
  selected: string[];
  allTicked: boolean;
  isTicked: (id: string) => boolean;
  tick: (id: string, on: boolean) => void;
  tickAll: (on: boolean) => void;
  clear: () => void;
}

/**
 * Ticks on the rows of a list's page (orders to ship, subscribers to remove). Only the rows on
 * this page count: after paging or a search, earlier ticks are not acted on unseen.
 */
export function useTickedRows(rows: readonly { id: string }[]): TickedRows {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const selected = rows.filter((row) => ticked.has(row.id)).map((row) => row.id);
  const clear = useCallback(() => setTicked(new Set()), []);
  return {
    selected,
    allTicked: rows.length > 0 && selected.length === rows.length,
    isTicked: (id) => ticked.has(id),
    tick: (id, on) =>
      setTicked((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    tickAll: (on) => setTicked(on ? new Set(rows.map((row) => row.id)) : new Set()),
    clear,
  };
}

/** A row's (or the whole page's) tick box, named for screen readers by `label`. */
export function TickBox({
  label,
  checked,
  onTick,
  className = "",
}: {
  label: string;
  checked: boolean;
  onTick: (on: boolean) => void;
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      className={`size-5 accent-brand-700${className ? ` ${className}` : ""}`}
      aria-label={label}
      checked={checked}
      onChange={(event) => onTick(event.target.checked)}
    />
  );
}
