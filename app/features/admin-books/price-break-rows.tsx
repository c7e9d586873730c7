import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { centsToMoneyText } from "#common/money/money.ts";
import { PRICE_BREAK_LIMITS, type PriceBreak } from "#common/books/price-breaks.ts";

interface Row {
  key: number;
  minQuantity: string;
  price: string;
}

let nextKey = 0;
const row = (minQuantity = "", price = ""): Row => ({ key: nextKey++, minQuantity, price });

/**
 * The book form's quantity price breaks (decision 36): rows of "from N copies" and the unit price,
 * posted as `priceBreaks.<row>.minQuantity` / `.price` and checked by the book form's schema (each
 * threshold above the last, each price below the list price and the row above). No rows: no breaks.
 */
export function PriceBreakRows({
  breaks,
  errors,
}: {
  breaks: readonly PriceBreak[];
  errors: Record<string, string | undefined>;
}) {
  const [rows, setRows] = useState<Row[]>(() =>
    breaks.map((b) => row(String(b.minQuantity), centsToMoneyText(b.unitPriceCents))),
  );
  const full = rows.length >= PRICE_BREAK_LIMITS.rows;
  return (
    <fieldset className="grid min-w-0 gap-3 sm:col-span-2" data-testid="price-break-rows">
      <legend className="font-medium">Quantity price breaks</legend>
      <p className="text-sm text-gray-700">
        A lower unit price from a number of copies of this title on one order line (e.g. 10+ at $8.99, 25+ at $7.99).
        Leave none for one price.
      </p>
      {rows.map((current, index) => (
        <div key={current.key} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3">
          <FormField
            label={`From (copies), break ${index + 1}`}
            name={`priceBreaks.${index}.minQuantity`}
            type="number"
            min={PRICE_BREAK_LIMITS.minQuantity}
            max={PRICE_BREAK_LIMITS.maxQuantity}
            step={1}
            inputMode="numeric"
            defaultValue={current.minQuantity}
            error={errors[`priceBreaks.${index}.minQuantity`]}
          />
          <FormField
            label={`Unit price ($), break ${index + 1}`}
            name={`priceBreaks.${index}.price`}
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            defaultValue={current.price}
            error={errors[`priceBreaks.${index}.price`]}
          />
          <button
            type="button"
            aria-label={`Remove price break ${index + 1}`}
            className={`${buttonStyles.subtle} mt-8`}
            onClick={() => setRows((all) => all.filter((other) => other.key !== current.key))}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      ))}
      {errors.priceBreaks ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.priceBreaks}
        </p>
      ) : null}
      <div>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={full}
          onClick={() => setRows((all) => [...all, row()])}
        >
          <Plus aria-hidden="true" className="size-4" /> Add price break
        </button>
      </div>
    </fieldset>
  );
}
