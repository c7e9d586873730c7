import { useEffect, useId, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import type { DiscountCodeListItem } from "#server/discounts/list-discount-codes.ts";
import { DISCOUNT_CODE_FIELDS, discountCodeSchema } from "#common/discounts/discount-code-schema.ts";
import { centsToMoneyText } from "#common/money/money.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";

const PANEL = "mb-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6";
const COUNT_INPUT = { type: "number", min: 1, step: 1, inputMode: "numeric" } as const;
/** An amount of money in the store's currency, more than nothing. */
const MONEY_INPUT = { type: "number", min: 0.01, step: 0.01, inputMode: "decimal" } as const;

/**
 * The new or edited code's form (the one form kit: the shared schema checks it here and in the
 * action). Percentage or amount, whole order or chosen titles, minimums, dates, limits, active.
 * Saved, it closes back to the list (whose toast the action set).
 */
export function DiscountCodeForm({
  code,
  titles,
}: {
  code: DiscountCodeListItem | null;
  titles: { id: string; title: string }[];
}) {
  const headingId = useId();
  const fetcher = useFetcher<ActionResult>();
  const navigate = useNavigate();
  const [kind, setKind] = useState(code?.kind ?? "percent");
  const [appliesTo, setAppliesTo] = useState(code?.appliesTo ?? "order");
  const { fieldErrors: errors, formProps } = useRouteForm({
    schema: discountCodeSchema,
    fieldOrder: DISCOUNT_CODE_FIELDS,
    failureTitle: "Error saving discount code",
    clearOnInput: true,
    fetcher,
    post: (_form, data) => void fetcher.submit(data, { method: "post" }),
  });
  const saved = fetcher.state === "idle" && fetcher.data?.ok === true;
  useEffect(() => {
    if (saved) void navigate(".", { replace: true });
  }, [saved, navigate]);

  return (
    <section aria-labelledby={headingId} className={PANEL}>
      <h2 id={headingId} className="mb-4 font-serif text-xl font-bold text-brand-800">
        {code ? `Edit ${code.code}` : "New Discount Code"}
      </h2>
      <form {...formProps} method="post" className="grid gap-4 sm:grid-cols-2" data-testid="discount-code-form">
        {code ? <input type="hidden" name="id" value={code.id} /> : null}
        <FormField
          label="Code"
          name="code"
          required
          maxLength={32}
          defaultValue={code?.code}
          hint="3 to 32 letters, digits or dashes; buyers may type it in any letter case."
          error={errors.code}
          className="sm:col-span-2"
        />
        <FormField
          select
          label="Discount type"
          name="kind"
          value={kind}
          onChange={(event) => setKind(event.target.value === "fixed" ? "fixed" : "percent")}
          error={errors.kind}
        >
          <option value="percent">Percentage</option>
          <option value="fixed">Fixed amount</option>
        </FormField>
        {kind === "percent" ? (
          <FormField
            label="Percentage off"
            name="percent"
            {...COUNT_INPUT}
            max={100}
            defaultValue={code?.percent ?? ""}
            hint="1 to 100"
            error={errors.percent}
          />
        ) : (
          <FormField
            label="Amount off"
            name="amount"
            {...MONEY_INPUT}
            defaultValue={code?.amountCents ? centsToMoneyText(code.amountCents) : ""}
            hint="Never more than the eligible subtotal"
            error={errors.amount}
          />
        )}
        <FormField
          select
          label="Applies to"
          name="appliesTo"
          value={appliesTo}
          onChange={(event) => setAppliesTo(event.target.value === "titles" ? "titles" : "order")}
          error={errors.appliesTo}
          className="sm:col-span-2"
        >
          <option value="order">The whole order</option>
          <option value="titles">Chosen titles</option>
        </FormField>
        {appliesTo === "titles" ? (
          <fieldset
            className="sm:col-span-2"
            aria-describedby={errors.bookIds ? `${headingId}-titles-error` : undefined}
          >
            <legend className="font-medium">Titles</legend>
            <div className="mt-2 grid max-h-64 gap-2 overflow-y-auto rounded-lg p-3 ring-1 ring-brand-100 sm:grid-cols-2">
              {titles.map((title) => (
                <label key={title.id} className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    name="bookIds"
                    value={title.id}
                    defaultChecked={code?.bookIds.includes(title.id)}
                    className="mt-1 size-4 accent-brand-700"
                  />
                  <span>{title.title}</span>
                </label>
              ))}
            </div>
            {errors.bookIds ? (
              <p id={`${headingId}-titles-error`} className="mt-1 text-sm font-medium text-red-700">
                {errors.bookIds}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <FormField
          label="Minimum quantity (optional)"
          name="minQuantity"
          {...COUNT_INPUT}
          defaultValue={code?.minQuantity ?? ""}
          hint="Copies of the eligible titles"
          error={errors.minQuantity}
        />
        <FormField
          label="Minimum subtotal (optional)"
          name="minSubtotal"
          {...MONEY_INPUT}
          defaultValue={code?.minSubtotalCents ? centsToMoneyText(code.minSubtotalCents) : ""}
          hint="Of the eligible titles, after quantity prices"
          error={errors.minSubtotal}
        />
        <FormField
          label="Starts on (optional)"
          name="startsOn"
          type="date"
          defaultValue={code?.startsOn}
          hint="From the start of this day (UTC)"
          error={errors.startsOn}
        />
        <FormField
          label="Ends on (optional)"
          name="endsOn"
          type="date"
          defaultValue={code?.endsOn}
          hint="Through the end of this day (UTC)"
          error={errors.endsOn}
        />
        <FormField
          label="Usage limit (optional)"
          name="usageLimit"
          {...COUNT_INPUT}
          defaultValue={code?.usageLimit ?? ""}
          hint={code ? `Used ${code.uses} time${code.uses === 1 ? "" : "s"} so far` : "Orders in all"}
          error={errors.usageLimit}
        />
        <FormField
          label="Limit per customer (optional)"
          name="perCustomerLimit"
          {...COUNT_INPUT}
          defaultValue={code?.perCustomerLimit ?? ""}
          hint="Per account, or per e-mail for guests"
          error={errors.perCustomerLimit}
        />
        <label className="flex items-center gap-2 sm:col-span-2">
          <input
            type="checkbox"
            name="active"
            defaultChecked={code?.active ?? true}
            className="size-5 accent-brand-700"
          />
          <span className="font-medium">Active (buyers may use it)</span>
        </label>
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" className={buttonStyles.primary} disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : "Save Code"}
          </button>
          <Link to="." replace className={buttonStyles.secondary}>
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
