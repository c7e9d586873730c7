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
const DATE_INPUT = { type: "date" } as const;

/** The two choices that change what the form asks next, as the selects offer them. */
const KINDS = { percent: "Percentage", fixed: "Fixed amount" };
const APPLIES_TO = { order: "The whole order", titles: "Chosen titles" };

/** The code's optional limits, in the form's order: what bounds its use and when it runs. */
const OPTIONAL_LIMITS = [
  {
    name: "minQuantity",
    label: "Minimum quantity (optional)",
    input: COUNT_INPUT,
    hint: "Copies of the eligible titles",
  },
  {
    name: "minSubtotal",
    label: "Minimum subtotal (optional)",
    input: MONEY_INPUT,
    hint: "Of the eligible titles, after quantity prices",
  },
  { name: "startsOn", label: "Starts on (optional)", input: DATE_INPUT, hint: "From the start of this day (UTC)" },
  { name: "endsOn", label: "Ends on (optional)", input: DATE_INPUT, hint: "Through the end of this day (UTC)" },
  { name: "usageLimit", label: "Usage limit (optional)", input: COUNT_INPUT, hint: "Orders in all" },
  {
    name: "perCustomerLimit",
    label: "Limit per customer (optional)",
    input: COUNT_INPUT,
    hint: "Per account, or per e-mail for guests",
  },
] as const;

/** What the form shows of a saved code (of a new one: nothing), its amounts as typed. */
function shownValues(code: DiscountCodeListItem | null) {
  const money = (cents: number | null | undefined) => (cents ? centsToMoneyText(cents) : "");
  return {
    code: code?.code,
    percent: code?.percent ?? "",
    amount: money(code?.amountCents),
    minQuantity: code?.minQuantity ?? "",
    minSubtotal: money(code?.minSubtotalCents),
    startsOn: code?.startsOn,
    endsOn: code?.endsOn,
    usageLimit: code?.usageLimit ?? "",
    perCustomerLimit: code?.perCustomerLimit ?? "",
  };
}

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
  const {
    fieldErrors: errors,
    field,
    formProps,
  } = useRouteForm({
    schema: discountCodeSchema,
    defaultValues: shownValues(code),
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
          required
          maxLength={32}
          hint="3 to 32 letters, digits or dashes; buyers may type it in any letter case."
          {...field("code")}
          className="sm:col-span-2"
        />
        <SwitchingSelect label="Discount type" {...field("kind")} choices={KINDS} value={kind} onChoose={setKind} />
        {kind === "percent" ? (
          <FormField label="Percentage off" {...COUNT_INPUT} max={100} hint="1 to 100" {...field("percent")} />
        ) : (
          <FormField
            label="Amount off"
            {...MONEY_INPUT}
            hint="Never more than the eligible subtotal"
            {...field("amount")}
          />
        )}
        <SwitchingSelect
          label="Applies to"
          {...field("appliesTo")}
          choices={APPLIES_TO}
          value={appliesTo}
          onChoose={setAppliesTo}
          className="sm:col-span-2"
        />
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
        {OPTIONAL_LIMITS.map(({ name, label, input, hint }) => (
          <FormField
            key={name}
            label={label}
            {...input}
            hint={name === "usageLimit" && code ? `Used ${code.uses} time${code.uses === 1 ? "" : "s"} so far` : hint}
            {...field(name)}
          />
        ))}
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

/** A select whose choice changes what the form asks next (a percentage or an amount, the titles). */
function SwitchingSelect<Choice extends string>({
  choices,
  value,
  onChoose,
  ...field
}: {
  label: string;
  name: string;
  error: string | undefined;
  className?: string;
  choices: Record<Choice, string>;
  value: Choice;
  onChoose: (choice: Choice) => void;
}) {
  const offered = Object.keys(choices) as Choice[];
  return (
    <FormField
      select
      {...field}
      value={value}
      onChange={(event) => onChoose(offered.find((choice) => choice === event.target.value) ?? offered[0]!)}
    >
      {offered.map((choice) => (
        <option key={choice} value={choice}>
          {choices[choice]}
        </option>
      ))}
    </FormField>
  );
}
