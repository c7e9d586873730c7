/** Characters of an order id the table shows before the ellipsis (specification, point 9). */
const SHORT_ID_LENGTH = 8;

/**
 * The spec's "first 8 characters + …", taken after the "ORD-" every id starts with: with it,
 * every row read "ORD-2025…" (the samples) or "ORD-XXXX…". Without it the 8 characters are the
 * part that tells orders apart ("2025-001…", "7K3M9Q2B…").
 */
export function shortOrderId(id: string): string {
  const distinctive = id.startsWith("ORD-") ? id.slice(4) : id;
  return distinctive.length > SHORT_ID_LENGTH ? `${distinctive.slice(0, SHORT_ID_LENGTH)}…` : distinctive;
}

/**
 * The shortened id for the eye ("2025-001…"), the full id on hover and for screen readers, who
 * would otherwise hear an id they cannot use.
 */
export function ShortOrderId({ id }: { id: string }) {
  return (
    <span title={id} className="font-mono">
      <span aria-hidden="true">{shortOrderId(id)}</span>
      <span className="sr-only">{id}</span>
    </span>
  );
}
