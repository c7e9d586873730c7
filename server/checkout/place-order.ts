import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import { isUniqueViolation } from "#server/db/database-errors.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { queueOrderMail } from "#server/mail/mail-outbox.ts";
import { appendOrderHistory } from "#server/orders/order-history.ts";
import { newOrderId } from "#server/orders/order-id.ts";
import type { PaymentMethod } from "#common/orders/payment-status.ts";
import { stockLineKey, stockOnShelf, takeStock } from "#server/orders/stock.ts";
import { initialPayment } from "#server/orders/payment-process.ts";
import { clientKey } from "#server/security/client-key.ts";
import type { DatabaseHandle } from "#server/db/database.ts";
import type { Clock } from "#server/services.ts";
import type { CheckoutInput } from "#common/checkout/checkout-schema.ts";
import { quotedShippingRate } from "#common/checkout/shipping-quote.ts";
import { countryName } from "./country-names.ts";
import { loadCheckoutRules, shippingChargeFor } from "./checkout-rules.ts";
import { loadPaymentOptions } from "./payment-options.ts";
import { priceCart } from "./price-cart.ts";
import { calculateTax, storeTaxMode, type TaxQuote } from "#server/tax/calculate-tax.ts";
import { isVerifiedOrganisation } from "#server/tax-exemptions/find-tax-exemption.ts";
import { fairShareError, holdWithinClientLimits } from "./unpaid-holds.ts";
import { discountCodeKey, discountedLines } from "#common/discounts/discount-rule.ts";
import {
  customerLimitRefusal,
  customerUses,
  discountCustomerKey,
  quoteDiscount,
} from "#server/discounts/quote-discount.ts";
import { takeDiscountUse } from "#server/orders/discount-uses.ts";
import { formatMoney } from "#common/money/money.ts";

export interface PlaceOrderDeps {
  db: Kysely<Database>;
  database: Pick<DatabaseHandle, "engine">;
  clock: Clock;
  env: Pick<Env, "APP_SECRET" | "STRIPE_API_URL">;
}

export interface PlacedOrder {
  orderId: string;
  paymentMethod: PaymentMethod;
  /** True when this checkout token had already placed the order (a double-click, a reload, a replay). */
  replayed: boolean;
}

/** The first step of every order's timeline. */
export const ORDER_PLACED_STEP = { status: "Order Placed", location: "Online" } as const;

export const SOLD_OUT_REASON = "sold-out";
export const PRICE_CHANGED_REASON = "price-changed";

/**
 * Places an order from the checkout form, in one transaction: the order is inserted first, keyed
 * by the page's checkout token (unique, so a replayed POST finds the order the first one wrote and
 * creates nothing), every line is priced again from the database, stock is taken by a conditional
 * write per line (any short line rolls everything back: CONFLICT "sold-out" naming the item), then
 * the lines (title and price copied), the sales tax (the one tax step, calculate-tax.ts: a tax other
 * than the page showed is refused like a changed price; an approved exemption is recorded), totals, the "Order Placed" step and, for an invoice order,
 * its three mails are written. The order is unpaid, so it is held to the unpaid-hold rules
 * (decision 23): at most half of an item's copies left per line, and a cap on what its client
 * holds in unpaid orders at once. Its payment starts as the payment process says
 * (`initialPayment`: a card or PayPal order holds for CARD_HOLD_MINUTES). A card or PayPal order
 * queues no mail: the payment process does when it is paid.
 * The store's current rules decide: an enabled shipping method, a country it ships to, a payment
 * method it can take. Nothing is written when any check fails.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  input: { form: CheckoutInput; userId: string | null; clientAddress: string },
): Promise<PlacedOrder> {
  const { form } = input;
  const replay = await findPlacedOrder(deps.db, form.checkoutToken);
  if (replay) return replay;

  const [payment, rules] = await Promise.all([loadPaymentOptions(deps), loadCheckoutRules(deps)]);
  const fieldErrors: Record<string, string> = {};
  if (form.paymentMethod === "card" && !payment.card) {
    fieldErrors.paymentMethod = "Card payments are not available right now. Please choose another way to pay.";
  }
  if (form.paymentMethod === "paypal" && !payment.paypal) {
    fieldErrors.paymentMethod = "PayPal is not available right now. Please choose another way to pay.";
  }
  if (form.paymentMethod === "invoice" && !payment.invoice) {
    fieldErrors.paymentMethod = "Paying by invoice is not available right now. Please choose another way to pay.";
  }
  const shipping = rules.shippingMethods.find((method) => method.id === form.shippingMethodId);
  if (!shipping) {
    fieldErrors.shippingMethodId = "This shipping method is no longer available. Please choose another one.";
  }
  if (rules.shippingCountries && !rules.shippingCountries.includes(form.country)) {
    fieldErrors.country = `Sorry, we do not ship to ${countryName(form.country)}.`;
  }
  const firstError = Object.values(fieldErrors)[0];
  if (firstError || !shipping)
    throw new AppError("VALIDATION", firstError ?? "Please check the form.", { fieldErrors });

  const now = deps.clock();
  const orderId = newOrderId();
  const taxInput = {
    country: form.country,
    region: form.region,
    postalCode: form.postalCode,
    userId: input.userId,
    at: now,
  };
  // Stripe Tax is asked before the transaction (a network call must not hold the database's
  // lock), for the cart as priced now; the transaction prices it again and uses this answer only
  // for the very same lines and shipping (decision 40). Stripe unreachable: refused here, nothing written.
  let remoteTax: { inputs: string; quote: TaxQuote } | null = null;
  if ((await storeTaxMode(deps.db)) === "stripe-tax") {
    const early = await priceCart({ db: deps.db }, { lines: form.items, currency: rules.currency });
    // The code's discount as the transaction will reckon it (a refused code is refused there).
    const earlyDiscount = form.discountCode
      ? await quoteDiscount(deps.db, {
          code: form.discountCode,
          lines: early.lines,
          now,
          currency: rules.currency,
          customer: discountCustomerKey(input.userId, form.email),
        })
      : null;
    const earlyLines = earlyDiscount?.ok ? discountedLines(early.lines, earlyDiscount.lineDiscounts) : early.lines;
    const shippingCents = shippingChargeFor(shipping, earlyLines);
    remoteTax = {
      inputs: taxInputs(earlyLines, shippingCents),
      quote: await calculateTax(deps, { lines: earlyLines, shippingCents, ...taxInput }),
    };
  }
  try {
    await deps.db.transaction().execute(async (trx) => {
      // First, so that a concurrent replay of the same token waits here and then finds this order.
      await trx
        .insertInto("orders")
        .values({
          id: orderId,
          checkout_token: form.checkoutToken,
          order_date: now.toISOString(),
          updated_at: now.toISOString(),
          customer_email: form.email,
          customer_name: form.fullName,
          phone: form.phone,
          organisation: form.organisation,
          po_number: form.paymentMethod === "invoice" ? form.poNumber : null,
          ship_street: form.street,
          ship_city: form.city,
          ship_region: form.region,
          ship_postal_code: form.postalCode,
          ship_country: form.country,
          shipping_method_id: shipping.id,
          shipping_method_name: shipping.name,
          // Set with the totals below, once the lines are priced (the charge may count them).
          shipping_cents: 0,
          subtotal_cents: 0,
          total_cents: 0,
          currency: rules.currency,
          status: "Pending",
          estimated_delivery: null,
          user_id: input.userId,
          ...initialPayment(form.paymentMethod, now),
          stock_taken: true,
          client_key: clientKey(input.clientAddress),
        })
        .execute();

      const priced = await priceCart({ db: trx }, { lines: form.items, currency: rules.currency });
      const gone = priced.adjustments.find((change) => change.kind === "gone");
      if (gone) throw new AppError("VALIDATION", gone.message, { fieldErrors: { items: gone.message } });
      const short = priced.adjustments.find((change) => change.kind === "sold-out" || change.kind === "lowered");
      if (short) throw soldOutError(short.title ?? "an item in your order");

      // The one order of precedence (decision 39): line prices with their breaks → the code's
      // discount on its eligible lines → shipping on the lines after it → the total.
      const discount = await discountFor(trx, {
        form,
        userId: input.userId,
        lines: priced.lines,
        now,
        currency: rules.currency,
      });
      const paidLines = discount ? discountedLines(priced.lines, discount.lineDiscounts) : priced.lines;
      const discountCents = discount?.discountCents ?? 0;
      const shippingCents = shippingChargeFor(shipping, paidLines);
      // The same tax step as the page's (decision 29), on the discounted amounts (each line's
      // share of the discount is off its taxable amount): read inside this transaction (the rates
      // the owner sets), or Stripe Tax's answer for these very lines (asked above, decision 40).
      let tax: TaxQuote;
      if (remoteTax) {
        if (remoteTax.inputs !== taxInputs(paidLines, shippingCents)) throw priceChangedError();
        tax = remoteTax.quote;
      } else {
        tax = await calculateTax({ db: trx }, { lines: paidLines, shippingCents, ...taxInput });
      }
      const totalCents = priced.subtotalCents - discountCents + shippingCents + tax.taxCents;
      // Card and PayPal cannot take nothing (a code that takes everything off a free-shipping order).
      if (totalCents === 0 && form.paymentMethod !== "invoice") {
        const message =
          "This order comes to nothing to pay, which cannot be paid by card or PayPal. Please choose invoice.";
        throw new AppError("VALIDATION", message, { fieldErrors: { paymentMethod: message } });
      }
      const quotedRate = quotedShippingRate(form.quotedShippingRates, shipping.id);
      if (
        (form.quotedSubtotalCents !== undefined && form.quotedSubtotalCents !== priced.subtotalCents) ||
        (quotedRate !== null && quotedRate !== shippingCents) ||
        (form.quotedCurrency !== undefined && form.quotedCurrency !== rules.currency) ||
        (form.quotedTaxCents !== undefined && form.quotedTaxCents !== tax.taxCents)
      ) {
        throw priceChangedError();
      }

      const verifiedOrganisation =
        input.userId !== null && (await isVerifiedOrganisation({ db: trx }, { userId: input.userId, at: now }));
      const heldByClient = await holdWithinClientLimits(trx, {
        engine: deps.database.engine,
        clientKey: clientKey(input.clientAddress),
        units: priced.lines.reduce((sum, line) => sum + line.quantity * line.booksEach, 0),
        verifiedOrganisation,
      });
      const notTaken = await takeStock(
        trx,
        priced.lines.map((line) => ({ kind: line.kind, id: line.id, quantity: line.quantity })),
        verifiedOrganisation ? { orderId } : { fairShare: { heldByClient }, orderId },
      );
      if (notTaken.length > 0) {
        const line = notTaken[0]!;
        const title = priced.lines.find((priced) => priced.id === line.id)?.title ?? "an item in your order";
        const onShelf = await stockOnShelf(trx, line);
        throw onShelf !== null && onShelf >= line.quantity
          ? fairShareError(title, { onShelf, heldByClient: heldByClient.get(stockLineKey(line)) ?? 0 })
          : soldOutError(title);
      }

      if (discount) {
        await trx
          .updateTable("orders")
          .set({
            discount_code_id: discount.codeId,
            discount_code: discount.code,
            discount_customer: discount.customer,
          })
          .where("id", "=", orderId)
          .execute();
        // The conditional write: the last use goes to exactly one of the orders racing for it.
        if (!(await takeDiscountUse(trx, { codeId: discount.codeId, orderId }))) {
          throw discountConflict(`Sorry, the code ${discount.code} has just been used up.`);
        }
        // After that row write, which holds the code's row until this transaction ends: every
        // other order of this customer with the code is counted, committed before this one.
        if (
          discount.perCustomerLimit !== null &&
          discount.customer !== null &&
          (await customerUses(trx, discount.codeId, discount.customer)) > discount.perCustomerLimit
        ) {
          throw discountConflict(customerLimitRefusal(discount.code).message);
        }
      }

      const exempted = tax.exemption?.status === "approved" ? tax.exemption : null;
      await trx
        .insertInto("order_items")
        .values(
          priced.lines.map((line, position) => ({
            id: randomUUID(),
            order_id: orderId,
            book_id: line.kind === "book" ? line.id : null,
            bundle_id: line.kind === "bundle" ? line.id : null,
            title: line.title,
            unit_price_cents: line.unitPriceCents,
            quantity: line.quantity,
            position,
          })),
        )
        .execute();
      await trx
        .updateTable("orders")
        .set({
          subtotal_cents: priced.subtotalCents,
          discount_cents: discountCents,
          shipping_cents: shippingCents,
          tax_cents: tax.taxCents,
          total_cents: totalCents,
          stripe_tax_calculation_id: tax.calculationId,
          ...(exempted
            ? {
                tax_exempt_certificate_id: exempted.certificateId,
                tax_exempt_certificate_number: exempted.certificateNumber,
                // Exempt because bought for the organisation: the order is billed to it.
                organisation: form.organisation ?? exempted.organisationName,
              }
            : {}),
        })
        .where("id", "=", orderId)
        .execute();
      if (tax.lines.length > 0) {
        await trx
          .insertInto("order_tax_lines")
          .values(
            tax.lines.map((line) => ({
              order_id: orderId,
              jurisdiction: line.jurisdiction,
              label: line.label,
              rate_thousandths: line.rateThousandths,
              taxable_cents: line.taxableCents,
              tax_cents: line.taxCents,
            })),
          )
          .execute();
      }
      await appendOrderHistory(trx, { orderId, ...ORDER_PLACED_STEP, at: now });
      if (form.paymentMethod === "invoice") {
        for (const kind of ["invoice", "order-confirmation", "new-order-notice"] as const) {
          await queueOrderMail(trx, { orderId, kind, now });
        }
      }
    });
  } catch (error) {
    // Another request with the same token won the unique index: its order is the answer.
    if (isUniqueViolation(error)) {
      const existing = await findPlacedOrder(deps.db, form.checkoutToken);
      if (existing) return existing;
    }
    throw error;
  }
  return { orderId, paymentMethod: form.paymentMethod, replayed: false };
}

interface OrderDiscount {
  codeId: string;
  code: string;
  discountCents: number;
  lineDiscounts: number[];
  customer: string | null;
  perCustomerLimit: number | null;
}

/**
 * The discount of the code the form posts, read in the order's transaction, or null without one.
 * The page showed a code applied (`appliedDiscountCode`) and its amount (`quotedDiscountCents`):
 * a code typed but not applied yet, a code no longer valid (expired, used up, its minimum no
 * longer met…) or an amount that changed stops the order like a changed price: the page shows
 * the code as it is now, and nothing is charged.
 */
async function discountFor(
  trx: Kysely<Database>,
  input: {
    form: CheckoutInput;
    userId: string | null;
    lines: Parameters<typeof quoteDiscount>[1]["lines"];
    now: Date;
    currency: string;
  },
): Promise<OrderDiscount | null> {
  const { form } = input;
  const typed = form.discountCode;
  if (!typed) {
    if ((form.quotedDiscountCents ?? 0) > 0) {
      throw discountConflict("The discount code was removed. Please check the new total and place your order again.");
    }
    return null;
  }
  if (discountCodeKey(typed) !== discountCodeKey(form.appliedDiscountCode ?? "")) {
    throw discountConflict(
      `The code ${typed} was not applied yet. Please check the total with it and place your order again.`,
    );
  }
  const customer = discountCustomerKey(input.userId, form.email);
  const quote = await quoteDiscount(trx, {
    code: typed,
    lines: input.lines,
    now: input.now,
    currency: input.currency,
    customer,
  });
  if (!quote.ok || !quote.code) {
    throw discountConflict(`${quote.ok ? "" : quote.message} Your order was not placed and nothing was charged.`);
  }
  if (form.quotedDiscountCents !== undefined && form.quotedDiscountCents !== quote.discountCents) {
    const money = (cents: number) => formatMoney(cents, input.currency);
    throw discountConflict(
      `The discount of the code ${quote.code.code} changed from ${money(form.quotedDiscountCents)} to ${money(quote.discountCents)}. ` +
        "Please check the new total and place your order again.",
    );
  }
  return {
    codeId: quote.code.id,
    code: quote.code.code,
    discountCents: quote.discountCents,
    lineDiscounts: quote.lineDiscounts,
    customer,
    perCustomerLimit: quote.code.perCustomerLimit,
  };
}

/** A refused code at Place Order: the price-changed conflict (the page shows what changed). */
function discountConflict(message: string): AppError {
  return new AppError("CONFLICT", message, { reason: PRICE_CHANGED_REASON });
}

function priceChangedError(): AppError {
  return new AppError(
    "CONFLICT",
    "Prices have changed since this page was shown. Please review your order and place it again.",
    { reason: PRICE_CHANGED_REASON },
  );
}

/** What a tax calculation was asked about, to tell whether an answer fits the order priced again. */
function taxInputs(lines: ReadonlyArray<{ id: string; lineTotalCents: number }>, shippingCents: number): string {
  return JSON.stringify([lines.map((line) => [line.id, line.lineTotalCents]), shippingCents]);
}

function soldOutError(title: string): AppError {
  return new AppError("CONFLICT", `Sorry, "${title}" just sold out.`, { reason: SOLD_OUT_REASON });
}

/** The order a checkout token already placed, if any (as a replay). */
export async function findPlacedOrder(db: Kysely<Database>, token: string): Promise<PlacedOrder | null> {
  const row = await db
    .selectFrom("orders")
    .select(["id", "payment_method"])
    .where("checkout_token", "=", token)
    .executeTakeFirst();
  return row ? { orderId: row.id, paymentMethod: row.payment_method ?? "invoice", replayed: true } : null;
}
