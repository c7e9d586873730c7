import { useFormatMoney } from "#app/lib/money.ts";

/**
 * A former price, struck through, that screen readers announce as "Was …"; nothing without one.
 * `format` is for a price in another currency than the store's (an order's own).
 */
export function WasPrice({
  cents,
  className,
  format,
}: {
  cents: number | null;
  className?: string;
  format?: (cents: number) => string;
}) {
  const storeMoney = useFormatMoney();
  if (cents === null) return null;
  return (
    <s className={className}>
      <span className="sr-only">Was </span>
      {(format ?? storeMoney)(cents)}
    </s>
  );
}
