import { ShoppingBag } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { beginProviderPayment } from "#server/checkout/begin-payment.ts";
import { APPLY_DISCOUNT_INTENT, CHECKOUT_FIELDS } from "#common/checkout/cart-param.ts";
import { checkoutEcho, checkoutSchema } from "#common/checkout/checkout-schema.ts";
import { loadCheckout } from "#server/checkout/load-checkout.ts";
import { applyDiscountCode } from "#server/checkout/apply-discount-code.ts";

import { placeWithinInvoiceAllowance } from "#server/checkout/invoice-allowance.ts";
import { placeOrder } from "#server/checkout/place-order.ts";
import { rememberPlacedOrder } from "#server/checkout/placed-orders-cookie.ts";
import { isHttpsSite } from "#server/config/env.ts";
import { enforceRateLimit, runAction } from "#server/http/action-result.ts";
import { formValues } from "#common/forms/form-values.ts";
import { isProviderPayment } from "#common/orders/payment-status.ts";
import { parseFields, readForm } from "#server/http/read-form.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { CheckoutForm } from "#app/features/checkout/checkout-form.tsx";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { refusalOf } from "#app/components/forms/action-refusal.ts";
import type { Route } from "./+types/checkout";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Checkout",
    description: "Place your order of illustrated Bible-story books.",
    noindex: true,
  });
}

/**
 * An island page (decision 21): only the form and the site's islands are hydrated, so the page
 * that takes the order loads no router. The form posts as a document; the answer is a redirect or
 * this page again with the refusal.
 */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = new URL(request.url).searchParams.get("items");
  return loadCheckout(context.services, { cart, viewer: context.viewer });
}

/**
 * Places the order, then sends the buyer on: to Stripe's payment page for a card order, to
 * PayPal's approval page for a PayPal order (or, when the provider cannot be reached, to the
 * confirmation page, which offers to pay again), to the confirmation page for an invoice order. The browser is remembered as the one that placed it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, viewer, clientAddress } = context;
  const secure = isHttpsSite(services.env);
  const submitted = await readForm(request);
  const cart = new URL(request.url).searchParams.get("items");
  const text = (name: string) => {
    const value = submitted.get(name);
    return typeof value === "string" ? value.slice(0, 300) : null;
  };
  const viewerId = viewer ? { userId: viewer.userId, email: viewer.email } : null;
  if (submitted.get("intent") === APPLY_DISCOUNT_INTENT) {
    // Apply: the page again with the code applied, or the reason it was not; nothing is stored.
    const discountPage = await applyDiscountCode(services, {
      cart,
      viewer: viewerId,
      code: text("discountCode"),
      email: text("email"),
      clientAddress,
    });
    return data({ ok: true as const, discountPage, values: checkoutEcho(formValues(submitted)) });
  }
  const refused = await runAction(services, async () => {
    // Read before runAction: a refusal echoes the submitted text back (below).
    const form = parseFields(submitted, checkoutSchema, CHECKOUT_FIELDS);
    await enforceRateLimit(services.rateLimits.checkout, clientAddress);
    const allowance = { db: services.db, limiter: services.rateLimits.invoiceItems };
    const placed = await placeWithinInvoiceAllowance(allowance, { clientAddress, form }, () =>
      placeOrder(services, { form, userId: viewer?.userId ?? null, clientAddress }),
    );
    const headers = {
      "Set-Cookie": rememberPlacedOrder(request.headers.get("cookie"), placed.orderId, {
        appSecret: services.env.APP_SECRET,
        secure,
      }),
    };
    const confirmation = `/order-confirmation/${encodeURIComponent(placed.orderId)}`;
    if (isProviderPayment(placed.paymentMethod)) {
      const payment = await beginProviderPayment(services, { orderId: placed.orderId, method: placed.paymentMethod });
      if (payment.url !== null) throw redirect(payment.url, { headers });
      throw redirect(`${confirmation}?placed=1&payment=unavailable`, { headers });
    }
    throw redirect(`${confirmation}?placed=1`, { headers });
  });
  // Every success redirects, so this is a refusal: the page renders again from it and keeps what
  // the buyer typed. No flash toast: this very answer is the page that shows the refusal (the
  // form's island toasts it), and a cookie would show it again on the next page.
  // With a code, the page shows it as it is now (applied with its amount, or why it no longer applies).
  const code = text("discountCode")?.trim();
  const discountPage = code
    ? await loadCheckout(services, { cart, viewer: viewerId, discount: { code, email: text("email") } })
    : undefined;
  return data(
    { ...refused.data, discountPage, values: checkoutEcho(formValues(submitted)) },
    refused.init ?? undefined,
  );
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  // After Apply (or a refusal with a code), the page as the action priced it with the code.
  const page = actionData?.discountPage ?? loaderData;
  const failure = refusalOf(actionData);
  const values = actionData?.values;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-3xl border-b border-brand-100 pb-8">
        <h1 className="font-serif text-4xl font-bold leading-tight text-brand-800 sm:text-5xl">Checkout</h1>
      </header>
      {!page.available ? (
        <section className="mt-10 max-w-2xl rounded-2xl bg-white p-8 shadow-sm ring-1 ring-brand-100">
          <h2 className="font-serif text-2xl font-bold text-brand-800">Checkout isn't ready yet</h2>
          <p className="mt-3 text-gray-700">Online checkout is on its way. Thank you for your patience!</p>
        </section>
      ) : page.lines.length === 0 ? (
        <section className="mt-10 flex max-w-2xl flex-col items-center gap-3 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-brand-100">
          {failure ? (
            <p role="alert" data-testid="checkout-errors" className="font-semibold text-red-700">
              {failure.message}
            </p>
          ) : null}
          <ShoppingBag aria-hidden="true" className="size-12 text-brand-600" />
          {page.adjustments.length > 0 ? <Adjustments messages={page.adjustments.map((a) => a.message)} /> : null}
          <h2 className="text-lg font-semibold">Your collection is empty</h2>
          <p className="text-gray-700">Find a book or a set to start your journey!</p>
          <Link to="/" className={buttonStyles.primary}>
            Browse books
          </Link>
        </section>
      ) : (
        <div className="mt-10 grid gap-6">
          {page.adjustments.length > 0 || page.droppedLines > 0 ? (
            <Adjustments
              messages={[
                ...page.adjustments.map((a) => a.message),
                ...(page.droppedLines > 0 ? ["Some lines of your cart could not be read and were left out."] : []),
              ]}
            />
          ) : null}
          <CheckoutForm page={page} failure={failure} values={values} />
        </div>
      )}
    </div>
  );
}

function Adjustments({ messages }: { messages: string[] }) {
  return (
    <div
      role="status"
      data-testid="cart-changes"
      className="rounded-xl bg-yellow-50 p-4 text-left text-yellow-950 ring-1 ring-yellow-700/40"
    >
      <h2 className="font-semibold">Your cart has changed since you filled it</h2>
      <ul className="mt-2 list-disc pl-5">
        {messages.map((message, index) => (
          <li key={index}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
