import { formatMoney } from "#common/money/money.ts";
import { NO_SALES_TAX_TEXT, PENDING_EXEMPTION_TEXT, taxExemptText } from "#common/tax/sales-tax.ts";
import { coverSources } from "#app/lib/book-cover.ts";
import { WasPrice } from "#app/components/ui/was-price.tsx";

interface SummaryLine {
  id?: string;
  title: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  image?: string | null;
  /** The list price, when known (the checkout): struck beside a quantity price break. */
  listPriceCents?: number;
}

/** The sales tax a summary shows: `cents` null while it waits for the address (checkout only). */
export interface SummaryTax {
  cents: number | null;
  lines: readonly { label: string; rate: string; taxCents: number }[];
  exemptCertificateNumber: string | null;
  exemptionPending: boolean;
  /** The tax refunded alone after the buyer's certificate was approved (a placed order only). */
  refundedCents?: number;
  /** Why the tax could not be computed (Stripe Tax unreachable), when it could not. */
  unavailable?: string;
}

/**
 * An order's lines and totals as the server priced them: the checkout page's summary and the
 * confirmation page's. `shipping` null: no method chosen yet.
 */
export function OrderSummary({
  lines,
  currency,
  subtotalCents,
  shipping,
  discount = null,
  tax,
  onRetryTax,
  heading = "Order Summary",
}: {
  lines: readonly SummaryLine[];
  currency: string;
  subtotalCents: number;
  shipping: { name: string; cents: number } | null;
  /** A discount code's line (decision 39): taken off the subtotal, before shipping. */
  discount?: { code: string; cents: number } | null | undefined;
  tax: SummaryTax;
  /** Asks for the tax again (offered when it could not be computed). */
  onRetryTax?: () => void;
  heading?: string;
}) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-8"
      data-testid="order-summary"
    >
      <h2 id="order-summary-heading" className="mb-4 font-serif text-xl font-bold text-brand-800">
        {heading}
      </h2>
      <ul className="divide-y divide-brand-100">
        {lines.map((line, index) => (
          <li key={line.id ?? index} className="flex gap-3 py-3" data-testid="summary-line">
            {line.image !== undefined ? (
              <img
                {...coverSources(line.image, "48px")}
                alt=""
                width={48}
                height={64}
                decoding="async"
                className="h-16 w-12 flex-none rounded object-cover ring-1 ring-brand-100"
              />
            ) : null}
            <div className="flex flex-1 flex-wrap justify-between gap-x-3">
              <div>
                <p className="font-semibold leading-snug">{line.title}</p>
                <p className="text-sm text-gray-700">
                  {line.quantity} × {money(line.unitPriceCents)}
                  {line.listPriceCents !== undefined && line.listPriceCents > line.unitPriceCents ? (
                    <>
                      {" "}
                      <WasPrice cents={line.listPriceCents} format={money} /> (quantity price)
                    </>
                  ) : null}
                </p>
              </div>
              <p className="font-semibold">{money(line.lineTotalCents)}</p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid gap-2 border-t border-brand-100 pt-4">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd data-testid="summary-subtotal">{money(subtotalCents)}</dd>
        </div>
        {discount && discount.cents > 0 ? (
          <div className="flex justify-between gap-3 text-green-800">
            <dt>Discount ({discount.code})</dt>
            <dd data-testid="summary-discount">−{money(discount.cents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3">
          <dt>Shipping{shipping ? ` (${shipping.name})` : ""}</dt>
          <dd data-testid="summary-shipping">{shipping ? money(shipping.cents) : "—"}</dd>
        </div>
        <TaxRows tax={tax} money={money} />
        <div className="flex justify-between text-lg font-bold">
          <dt>Total</dt>
          <dd data-testid="summary-total">
            {money(subtotalCents - (discount?.cents ?? 0) + (shipping?.cents ?? 0) + (tax.cents ?? 0))}
          </dd>
        </div>
      </dl>
      <div
        aria-live="polite"
        data-testid="summary-tax-note"
        className="mt-3 grid gap-1 text-sm text-gray-700 empty:hidden"
      >
        {tax.exemptCertificateNumber ? (
          <p className="font-medium text-green-800">{taxExemptText(tax.exemptCertificateNumber)}</p>
        ) : tax.cents === 0 && tax.lines.length === 0 ? (
          <p>{NO_SALES_TAX_TEXT}</p>
        ) : null}
        {tax.refundedCents ? (
          <p className="font-medium text-green-800" data-testid="summary-tax-refunded">
            The sales tax ({money(tax.refundedCents)}) was refunded: your tax exemption certificate was approved.
          </p>
        ) : tax.exemptionPending ? (
          <p>{PENDING_EXEMPTION_TEXT}</p>
        ) : null}
        {tax.unavailable ? (
          <p className="font-medium text-red-800" data-testid="summary-tax-unavailable">
            {tax.unavailable}{" "}
            {onRetryTax ? (
              <button type="button" onClick={onRetryTax} className="underline underline-offset-2">
                Try again
              </button>
            ) : null}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** One row per jurisdiction taxed; one "Sales tax" row otherwise (its amount, or what it waits for). */
function TaxRows({ tax, money }: { tax: SummaryTax; money: (cents: number) => string }) {
  if (tax.lines.length > 0) {
    return tax.lines.map((line) => (
      <div key={line.label} className="flex justify-between gap-3" data-testid="summary-tax">
        <dt>
          Sales tax ({line.label}, {line.rate})
        </dt>
        <dd>{money(line.taxCents)}</dd>
      </div>
    ));
  }
  return (
    <div className="flex justify-between gap-3" data-testid="summary-tax">
      <dt>Sales tax</dt>
      <dd>
        {tax.cents === null ? (
          <span className="text-sm text-gray-700">{tax.unavailable ? "Not available" : "From your address"}</span>
        ) : (
          money(tax.cents)
        )}
      </dd>
    </div>
  );
}
