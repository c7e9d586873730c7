/** Characters of an order id the table shows before the ellipsis (specification, point 9). */
const SHORT_ID_LENGTH = 8;

export function shortOrderId(id: string): string {
  return id.length > SHORT_ID_LENGTH ? `${id.slice(0, SHORT_ID_LENGTH)}…` : id;
}

/**
 * The shortened id for the eye ("ORD-2025…"), the full id on hover and for screen readers, who
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
