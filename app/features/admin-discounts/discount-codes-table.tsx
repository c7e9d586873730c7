import { Pencil } from "lucide-react";
import { Link } from "react-router";
import type { DiscountCodeListItem } from "#server/discounts/list-discount-codes.ts";
import { formatDate } from "#common/dates.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { DataTable, STICKY_START_CELL } from "#app/components/ui/data-table.tsx";
import { useFormatMoney } from "#app/lib/money.ts";

const CELL = "whitespace-nowrap px-3 py-3 sm:px-4";

/** The codes with what each takes off, its terms, dates, uses and state; the table scrolls inside its box on phones. */
export function DiscountCodesTable({ codes }: { codes: DiscountCodeListItem[] }) {
  const money = useFormatMoney();
  return (
    <DataTable
      caption="Discount codes"
      minWidthClass="min-w-[56rem]"
      rowCount={codes.length}
      emptyText="No discount codes yet. Make the first one with “New Discount Code”."
      columns={[
        { label: "Code", sticky: true },
        { label: "Discount" },
        { label: "Conditions" },
        { label: "Dates" },
        { label: "Uses", align: "right" },
        { label: "Given", align: "right" },
        { label: "State" },
        { label: "Actions" },
      ]}
    >
      {codes.map((code) => (
        <tr key={code.id} data-testid="discount-code-row" data-code={code.code}>
          <th scope="row" className={`${STICKY_START_CELL} ${CELL} font-mono font-semibold text-ink`}>
            {code.code}
          </th>
          <td className={CELL}>
            {code.kind === "percent" ? `${code.percent} % off` : `${money(code.amountCents ?? 0)} off`}{" "}
            {code.appliesTo === "order"
              ? "the order"
              : `${code.bookIds.length} title${code.bookIds.length === 1 ? "" : "s"}`}
          </td>
          <td className={CELL}>
            {[
              code.minQuantity !== null ? `${code.minQuantity}+ copies` : null,
              code.minSubtotalCents !== null ? `from ${money(code.minSubtotalCents)}` : null,
              code.perCustomerLimit !== null ? `${code.perCustomerLimit} per customer` : null,
            ]
              .filter(Boolean)
              .join(", ") || "—"}
          </td>
          <td className={CELL}>
            {code.startsOn || code.endsOn
              ? `${code.startsOn ? formatDate(code.startsOn) : "…"} – ${code.endsOn ? formatDate(code.endsOn) : "…"}`
              : "Always"}
          </td>
          <td className={`${CELL} text-right`} data-testid="discount-code-uses">
            {code.uses}
            {code.usageLimit !== null ? ` / ${code.usageLimit}` : ""}
          </td>
          <td className={`${CELL} text-right`}>{money(code.discountGivenCents)}</td>
          <td className={CELL}>{code.active ? "Active" : "Inactive"}</td>
          <td className={CELL}>
            <Link
              to={`?edit=${encodeURIComponent(code.id)}`}
              className={buttonStyles.secondary}
              aria-label={`Edit ${code.code}`}
            >
              <Pencil aria-hidden="true" className="size-4" /> Edit
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
