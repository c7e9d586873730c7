import { quoteCheckoutTax } from "#server/checkout/quote-checkout-tax.ts";
import { AppError } from "#server/errors/app-error.ts";
import { overLimitResponse } from "#server/http/over-limit-response.ts";
import type { Route } from "./+types/resources.tax-quote";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /resources/tax-quote?items=…&country=US&region=IL&shipping=<method id>: the checkout
 * island's sales tax for the address typed (JSON, never cached: it may name the buyer's
 * exemption certificate). Limited per client like the other public endpoints; a country that is
 * not one the form offers, or a US address without a state, answers 400 (the page shows no amount).
 * With Stripe Tax (decision 40) `postalCode` is read too; Stripe unreachable answers 503 with
 * `unavailable: true` (the page says so and offers to ask again), an address Stripe cannot
 * place answers 400 with its message.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, clientAddress, viewer } = context;
  const refused = await overLimitResponse(services.rateLimits.taxQuote, clientAddress);
  if (refused) return refused;
  const params = new URL(request.url).searchParams;
  let quote;
  try {
    quote = await quoteCheckoutTax(services, {
      items: params.get("items"),
      country: params.get("country"),
      region: params.get("region"),
      postalCode: params.get("postalCode"),
      shippingMethodId: params.get("shipping"),
      userId: viewer?.userId ?? null,
      discount: { code: params.get("discount"), proof: params.get("discountProof") },
    });
  } catch (error) {
    if (!(error instanceof AppError) || (error.code !== "UNAVAILABLE" && error.code !== "VALIDATION")) throw error;
    // The cause's message only (Stripe's error objects carry its answer's headers, not for a log).
    if (error.code === "UNAVAILABLE") services.logger.warn({ cause: String(error.cause) }, "sales tax quote failed");
    return Response.json(
      { error: error.message, unavailable: error.code === "UNAVAILABLE" },
      { status: error.status, headers: NO_STORE },
    );
  }
  if (!quote)
    return Response.json(
      { error: "Please choose a country, and a state for a US address." },
      { status: 400, headers: NO_STORE },
    );
  return Response.json(quote, { headers: NO_STORE });
}
