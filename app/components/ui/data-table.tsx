import type { ReactNode } from "react";

export interface DataTableColumn {
  label: string;
  align?: "left" | "right";
  /** Read by screen readers only (e.g. an "Actions" column of icon buttons). */
  labelHidden?: boolean;
  /** Shown in the header cell instead of the label (e.g. a "select all" checkbox); `label` stays the key. */
  header?: ReactNode;
  /** Kept in view at the left while the table scrolls sideways (the first column: what the row is). */
  sticky?: boolean;
  /** Kept in view at the right while the table scrolls sideways (the last column: the row's actions). */
  stickyEnd?: boolean;
  /** Left out below 640 px (e.g. a thumbnail), so the key columns fit on a phone. */
  hiddenOnPhone?: boolean;
}

/** A body cell of a `sticky` column: give it to the row's first cell. */
export const STICKY_START_CELL = "sticky left-0 z-10 bg-white";
/** A body cell of a `stickyEnd` column, with a faint edge so rows visibly pass under it. */
export const STICKY_END_CELL = "sticky right-0 z-10 bg-white shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.25)]";
/** A body cell of a `hiddenOnPhone` column. */
export const HIDDEN_ON_PHONE_CELL = "hidden sm:table-cell";

/**
 * The admin lists' table: a caption for screen readers, the header row, and the rows the caller
 * renders. On narrow screens it scrolls sideways inside its own box, never the whole page. With
 * no rows it shows `emptyText` instead of a table: a header row alone would scroll on a phone,
 * and a scrolling box with nothing focusable inside cannot be scrolled from the keyboard.
 */
export function DataTable({
  caption,
  columns,
  rowCount,
  emptyText,
  minWidthClass,
  busy = false,
  testId,
  children,
}: {
  caption: string;
  columns: DataTableColumn[];
  rowCount: number;
  emptyText: string;
  /** A Tailwind min-width class (e.g. "min-w-[44rem]") below which the table scrolls. */
  minWidthClass: string;
  busy?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  if (rowCount === 0) {
    return (
      <p className="mt-6 rounded-xl bg-white px-4 py-10 text-center text-gray-700 shadow-sm ring-1 ring-brand-100">
        {emptyText}
      </p>
    );
  }
  return (
    // `relative`: screen-reader-only text inside is positioned against this box, so it can never
    // widen the page beyond the scrolling table.
    <div
      className="relative mt-6 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-brand-100"
      data-testid={testId}
    >
      <table
        aria-busy={busy || undefined}
        className={`w-full text-left text-sm ${minWidthClass} ${busy ? "opacity-60" : ""}`}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-brand-100 text-brand-800">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-4 py-3 font-semibold ${column.align === "right" ? "text-right" : ""} ${
                  column.sticky ? "sticky left-0 z-10 bg-brand-100" : ""
                } ${column.stickyEnd ? "sticky right-0 z-10 bg-brand-100" : ""} ${
                  column.hiddenOnPhone ? HIDDEN_ON_PHONE_CELL : ""
                }`}
              >
                {column.header ?? (column.labelHidden ? <span className="sr-only">{column.label}</span> : column.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-brand-100">{children}</tbody>
      </table>
    </div>
  );
}
