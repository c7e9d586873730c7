import { Lock } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import {
  APPLY_DISCOUNT_INTENT,
  CHECKOUT_FIELDS,
  CHECKOUT_LIMITS,
  DISCOUNT_CODE_MAX,
} from "#common/checkout/cart-param.ts";
import type { CheckoutEcho } from "#common/checkout/checkout-schema.ts";
import { quoteShippingRates } from "#common/checkout/shipping-quote.ts";
import { describeShippingRule, isFlatRate } from "#common/checkout/shipping-rate.ts";
import type { CheckoutPage } from "#server/checkout/load-checkout.ts";
import type { CheckoutTaxQuote } from "#server/checkout/quote-checkout-tax.ts";
import { SITE_RESOURCES } from "#common/pages/site-paths.ts";
import type { ActionFailure } from "#server/http/action-result.ts";
import { formatMoney } from "#common/money/money.ts";
import type { PaymentMethod } from "#common/orders/payment-status.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { useIslandForm } from "#app/components/forms/use-island-form.ts";
import { defineIsland } from "#app/lib/island.tsx";
import { OrderSummary, type SummaryTax } from "./order-summary.tsx";
import { lazyCheck } from "#app/components/forms/lazy-check.ts";

/** The fields whose change changes the sales tax. */
const TAX_FIELDS = new Set(["country", "region", "postalCode", "shippingMethodId"]);
const NO_TAX: SummaryTax = { cents: 0, lines: [], exemptCertificateNumber: null, exemptionPending: false };
const TAX_UNKNOWN: SummaryTax = { ...NO_TAX, cents: null };

/**
 * The sales tax of the address typed, asked of the server (/resources/tax-quote) when the
 * country, state or shipping method changes (typing waits for a pause). A store that charges no
 * tax anywhere asks nothing: the page says so from the start. An answer that arrives after a
 * newer question is dropped. Stripe Tax unreachable (503 `unavailable`): the summary says so and
 * offers to ask again; the page then posts no tax, and placing the order asks Stripe itself.
 */
function useTaxQuote(page: CheckoutPage) {
  const [tax, setTax] = useState<SummaryTax>(page.taxCollected ? TAX_UNKNOWN : NO_TAX);
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const items = page.lines.map((line) => `${line.id}:${line.quantity}`).join(",");
  const ask = useCallback(
    (form: HTMLFormElement) => {
      if (!page.taxCollected) return;
      const data = new FormData(form);
      const params = new URLSearchParams({
        items,
        country: String(data.get("country") ?? ""),
        region: String(data.get("region") ?? ""),
        postalCode: String(data.get("postalCode") ?? ""),
        shipping: String(data.get("shippingMethodId") ?? ""),
        // The applied code, with the page's proof that the server applied it (decision 39).
        ...(page.discount ? { discount: page.discount.code, discountProof: page.discount.proof } : {}),
      });
      const question = ++asked.current;
      void fetch(`${SITE_RESOURCES.taxQuote.path}?${params}`, { headers: { Accept: "application/json" } })
        .then(async (response) => {
          if (response.ok) return (await response.json()) as CheckoutTaxQuote;
          const refusal = (await response.json().catch(() => null)) as { error?: string; unavailable?: boolean } | null;
          return refusal?.unavailable
            ? { unavailable: refusal.error ?? "The sales tax cannot be computed now." }
            : null;
        })
        .catch(() => null)
        .then((quote) => {
          if (question !== asked.current) return;
          setTax(
            !quote
              ? TAX_UNKNOWN
              : "unavailable" in quote
                ? { ...TAX_UNKNOWN, unavailable: quote.unavailable }
                : {
                    cents: quote.taxCents,
                    lines: quote.lines,
                    exemptCertificateNumber: quote.exemptCertificateNumber,
                    exemptionPending: quote.exemptionPending,
                  },
          );
        });
    },
    [items, page.taxCollected, page.discount],
  );
  const askSoon = useCallback(
    (form: HTMLFormElement, wait: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => ask(form), wait);
    },
    [ask],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { tax, ask, askSoon };
}

/** Title of the toast when the order is refused (by the form's own check or by the server). */
export const ORDER_NOT_PLACED_TITLE = "Your order was not placed";

/**
 * The shared schema's check (zod, about 25 kB), fetched on Place Order rather than with the page:
 * a phone that opens the checkout paints and hydrates it without zod, within 40 kB (issue 30).
 */
const loadCheck = lazyCheck(() => import("#common/checkout/checkout-schema.ts"));

const PANEL = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-8";
const LEGEND = "mb-4 font-serif text-xl font-bold text-brand-800";

/**
 * The checkout form, an island (decision 21): a plain HTML form that posts to the page's action,
 * so it works before (or without) the page's scripts. Once hydrated it checks the shared schema
 * before posting, then lets the browser post it: the server answers with a redirect (to Stripe's
 * payment page, PayPal's approval page or the confirmation) or renders the page again with its refusal (`failure`) and
 * what the buyer typed (`values`). Errors from either side appear under their field and in a
 * summary that takes the keyboard focus. It posts ids and quantities only: every amount on the
 * page comes from the server.
 */
function CheckoutFormFields({
  page,
  failure,
  values = {},
}: {
  page: CheckoutPage;
  failure?: ActionFailure["error"] | undefined;
  /** What the buyer typed before a refused post. */
  values?: CheckoutEcho | undefined;
}) {
  const summaryRef = useRef<HTMLDivElement>(null);
  const methodIds = page.shippingMethods.map((method) => method.id);
  const firstShipping =
    values.shippingMethodId && methodIds.includes(values.shippingMethodId) ? values.shippingMethodId : methodIds[0];
  const [shippingId, setShippingId] = useState(firstShipping ?? "");
  const offered = (["card", "paypal", "invoice"] as const).filter((method) => page.payment[method]);
  const defaultPayment = offered.find((method) => method === values.paymentMethod) ?? offered[0];
  // Set at once on a click (the state shows only after a render): a second click posts nothing.
  const submitting = useRef(false);
  // Busy from Place Order until the browser leaves; Back from Stripe's page makes it usable again.
  const {
    busy,
    fieldErrors: errors,
    field,
    message,
    formProps,
  } = useIslandForm({
    failure,
    // What the buyer typed before a refused post, or what the account prefills.
    defaultValues: {
      ...values,
      email: values.email ?? page.prefill.email,
      fullName: values.fullName ?? page.prefill.fullName,
    },
    maxLengths: CHECKOUT_LIMITS,
    onRestored: () => {
      submitting.current = false;
    },
    // Fetched on Place Order; the form waits for it once.
    schema: () => loadCheck().then((module) => module.checkoutSchema),
    fieldOrder: CHECKOUT_FIELDS,
    failureTitle: ORDER_NOT_PLACED_TITLE,
    clearOnInput: true,
    // Refused (here or by the server): the summary takes the keyboard, and Place Order works again.
    focus: () => summaryRef.current,
    onRefused: () => {
      submitting.current = false;
    },
  });

  const { tax, ask, askSoon } = useTaxQuote(page);
  const formElement = useRef<HTMLFormElement | null>(null);
  // Once hydrated: the tax of the address the page shows (typed before a refused post, or prefilled).
  useEffect(() => {
    if (formElement.current) ask(formElement.current);
  }, [ask]);

  const shipping = page.shippingMethods.find((method) => method.id === shippingId) ?? page.shippingMethods[0];
  const money = (cents: number) => formatMoney(cents, page.currency);
  const errorOf = (field: string) => errors[field];
  const summaryMessages = [
    ...new Set([message, ...CHECKOUT_FIELDS.map((field) => errors[field])].filter((m): m is string => Boolean(m))),
  ];

  return (
    <form
      {...formProps}
      ref={(element) => {
        formElement.current = element;
        formProps.ref(element);
      }}
      onChange={(event) => {
        const field = event.target as unknown as HTMLInputElement;
        if (TAX_FIELDS.has(field.name)) askSoon(event.currentTarget, field.type === "text" ? 500 : 0);
      }}
      method="post"
      aria-busy={busy}
      className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start"
      onSubmit={(event) => {
        // Apply posts the page as it is, unchecked: it places nothing, and the page comes back
        // with the code applied (or why not) and everything typed kept.
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (submitter?.getAttribute("value") === APPLY_DISCOUNT_INTENT) return;
        // A second click while the first is checked or posted places nothing more.
        if (submitting.current) return event.preventDefault();
        submitting.current = true;
        formProps.onSubmit(event);
      }}
    >
      <input type="hidden" name="checkoutToken" value={page.checkoutToken} key={page.checkoutToken} readOnly />
      <input
        type="hidden"
        name="items"
        value={page.lines.map((line) => `${line.id}:${line.quantity}`).join(",")}
        readOnly
      />
      <input type="hidden" name="quotedSubtotalCents" value={page.subtotalCents} readOnly />
      <input type="hidden" name="quotedShippingRates" value={quoteShippingRates(page.shippingMethods)} readOnly />
      <input type="hidden" name="quotedCurrency" value={page.currency} readOnly />
      <input type="hidden" name="appliedDiscountCode" value={page.discount?.code ?? ""} readOnly />
      <input type="hidden" name="quotedDiscountCents" value={page.discount?.cents ?? 0} readOnly />
      {/* Only a tax the page showed is quoted back: placing the order refuses a different one. */}
      {tax.cents !== null ? <input type="hidden" name="quotedTaxCents" value={tax.cents} readOnly /> : null}

      <div className="grid min-w-0 gap-6">
        {summaryMessages.length > 0 ? (
          <div
            ref={summaryRef}
            tabIndex={-1}
            role="alert"
            aria-labelledby="checkout-errors-heading"
            data-testid="checkout-errors"
            className="rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-700/40 outline-none focus:ring-2"
          >
            <h2 id="checkout-errors-heading" className="font-semibold">
              Please check your order
            </h2>
            <ul className="mt-2 list-disc pl-5">
              {summaryMessages.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        ) : null}

        <fieldset className={`${PANEL} min-w-0`}>
          <legend className={`${LEGEND} float-left w-full`}>Contact</legend>
          <div className="clear-both grid items-start gap-5 sm:grid-cols-2">
            <FormField label="Email" type="email" autoComplete="email" inputMode="email" required {...field("email")} />
            <FormField label="Full Name" autoComplete="name" required {...field("fullName")} />
            <FormField label="Phone (optional)" type="tel" autoComplete="tel" {...field("phone")} />
            <FormField
              label="Organisation (optional)"
              autoComplete="organization"
              hint="Church, school or homeschool co-op"
              {...field("organisation")}
            />
          </div>
        </fieldset>

        <fieldset className={`${PANEL} min-w-0`}>
          <legend className={`${LEGEND} float-left w-full`}>Shipping Address</legend>
          <div className="clear-both grid items-start gap-5 sm:grid-cols-2">
            <FormField
              select
              label="Country"
              autoComplete="country"
              {...field("country")}
              defaultValue={
                values.country && page.countries.some((c) => c.code === values.country)
                  ? values.country
                  : page.countries[0]?.code
              }
              className="sm:col-span-2"
            >
              {page.countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </FormField>
            <FormField
              label="Street Address"
              autoComplete="street-address"
              required
              {...field("street")}
              className="sm:col-span-2"
            />
            <FormField label="City" autoComplete="address-level2" required {...field("city")} />
            <FormField label="State / Region" autoComplete="address-level1" {...field("region")} />
            <FormField label="ZIP / Postal Code" autoComplete="postal-code" {...field("postalCode")} />
          </div>
        </fieldset>

        <RadioGroup legend="Shipping Method" error={errorOf("shippingMethodId")}>
          {page.shippingMethods.map((method) => (
            <RadioOption
              key={method.id}
              name="shippingMethodId"
              value={method.id}
              defaultChecked={method.id === firstShipping}
              onChange={() => setShippingId(method.id)}
              title={method.name}
              description={isFlatRate(method.rule) ? undefined : describeShippingRule(method.rule, money)}
              aside={method.rateCents === 0 ? "Free" : money(method.rateCents)}
            />
          ))}
        </RadioGroup>

        <RadioGroup legend="Payment" error={errorOf("paymentMethod")}>
          {offered.map((method) => (
            <RadioOption
              key={method}
              name="paymentMethod"
              value={method}
              defaultChecked={defaultPayment === method}
              {...paymentOption(method, page.payment.invoice ? page.payment.invoice.terms : null)}
            />
          ))}
          {page.payment.invoice ? (
            <FormField
              label="PO Number (optional)"
              hint="For invoice orders: printed on your invoice."
              {...field("poNumber")}
              className="mt-2"
            />
          ) : null}
        </RadioGroup>
      </div>

      <div className="grid min-w-0 gap-4 lg:sticky lg:top-6">
        <OrderSummary
          lines={page.lines}
          currency={page.currency}
          subtotalCents={page.subtotalCents}
          shipping={shipping ? { name: shipping.name, cents: shipping.rateCents } : null}
          discount={page.discount}
          tax={tax}
          onRetryTax={() => formElement.current && ask(formElement.current)}
        />
        <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full`}>
          <Lock aria-hidden="true" className="size-5" />
          {busy ? "Placing Order..." : "Place Order"}
        </button>
        <p className="text-center text-sm text-gray-700">
          Prices, shipping, tax and stock are checked again when you place the order.
        </p>
        <DiscountCodeField
          applied={page.discount}
          refusal={page.discountRefusal}
          typed={values.discountCode}
          error={errorOf("discountCode")}
        />
      </div>
    </form>
  );
}

/**
 * The one discount code (decision 39): a field and Apply, a button of the checkout form that
 * posts the page unchecked (with or without scripts); the page comes back with the code applied
 * or the reason it was not. After Place Order in the page's order, so that Enter in any other
 * field still places the order; Enter in this field applies the code.
 */
function DiscountCodeField({
  applied,
  refusal,
  typed,
  error,
}: {
  applied: CheckoutPage["discount"];
  refusal: string | null;
  typed: string | undefined;
  error: string | undefined;
}) {
  const id = useId();
  const applyRef = useRef<HTMLButtonElement>(null);
  const message = error ?? refusal;
  return (
    <div className={`${PANEL} grid gap-2`} data-testid="discount-code">
      <label htmlFor={id} className="font-medium">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="discountCode"
          defaultValue={typed ?? applied?.code ?? ""}
          maxLength={DISCOUNT_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-note`}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            event.currentTarget.form?.requestSubmit(applyRef.current);
          }}
          className="w-0 min-w-0 flex-1 rounded-lg border border-brand-600/40 bg-white px-3 py-2.5 text-ink aria-invalid:border-red-700"
        />
        <button
          ref={applyRef}
          type="submit"
          name="intent"
          value={APPLY_DISCOUNT_INTENT}
          formNoValidate
          className={buttonStyles.secondary}
        >
          Apply
        </button>
      </div>
      <p id={`${id}-note`} role={message ? "alert" : "status"} className="text-sm" data-testid="discount-message">
        {message ? (
          <span className="font-medium text-red-700">{message}</span>
        ) : applied ? (
          <span className="font-medium text-green-800">Code {applied.code} applied.</span>
        ) : null}
      </p>
    </div>
  );
}

/** What a payment option says; an invoice names its terms. */
function paymentOption(method: PaymentMethod, terms: string | null) {
  if (method === "card") {
    return { title: "Card", description: "Pay securely by card on Stripe's payment page after you place the order." };
  }
  if (method === "paypal") {
    return { title: "PayPal", description: "Pay with your PayPal account on PayPal's page after you place the order." };
  }
  return {
    title: "Invoice / purchase order",
    description: `For churches, schools and co-ops: we e-mail you an invoice${terms ? ` (payment terms: ${terms})` : ""}.`,
  };
}

/** The checkout form: an island on the checkout page, which React Router does not hydrate. */
export const CheckoutForm = defineIsland("checkout-form", CheckoutFormFields);

function RadioGroup({ legend, error, children }: { legend: string; error?: string | undefined; children: ReactNode }) {
  const errorId = useId();
  return (
    <fieldset className={`${PANEL} min-w-0`} aria-describedby={error ? errorId : undefined}>
      <legend className={`${LEGEND} float-left w-full`}>{legend}</legend>
      <div className="clear-both grid gap-3">{children}</div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function RadioOption(props: {
  name: string;
  value: string;
  defaultChecked: boolean;
  onChange?: () => void;
  title: string;
  description?: string;
  aside?: string;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-xl p-4 ring-1 ring-brand-100 has-checked:bg-brand-100/60 has-checked:ring-2 has-checked:ring-brand-600"
    >
      <input
        id={id}
        type="radio"
        name={props.name}
        value={props.value}
        defaultChecked={props.defaultChecked}
        onChange={props.onChange}
        className="mt-1 size-4 accent-brand-700"
      />
      <span className="grid flex-1 gap-0.5">
        <span className="font-semibold">{props.title}</span>
        {props.description ? <span className="text-sm text-gray-700">{props.description}</span> : null}
      </span>
      {props.aside ? <span className="font-semibold">{props.aside}</span> : null}
    </label>
  );
}
