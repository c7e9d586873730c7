import { tooManyAttempts } from "#server/accounts/auth-limits.ts";
import { quoteCheckoutTax } from "#server/checkout/quote-checkout-tax.ts";
import { clientKey } from "#server/security/client-key.ts";
import type { Route } from "./+types/resources.tax-quote";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /resources/tax-quote?items=…&country=US&region=IL&shipping=<method id>: the checkout
 * island's sales tax for the address typed (JSON, never cached: it may name the buyer's
 * exemption certificate). Limited per client like the other public endpoints; a country that is
 * not one the form offers, or a US address without a state, answers 400 (the page shows no amount).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, clientAddress, viewer } = context;
  const waitSeconds = await services.rateLimits.taxQuote.consume(clientKey(clientAddress));
  if (waitSeconds > 0) {
    return new Response(tooManyAttempts(waitSeconds).message, {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(waitSeconds), ...NO_STORE },
    });
  }
  const params = new URL(request.url).searchParams;
  const quote = await quoteCheckoutTax(services, {
    items: params.get("items"),
    country: params.get("country"),
    region: params.get("region"),
    shippingMethodId: params.get("shipping"),
    userId: viewer?.userId ?? null,
    discount: { code: params.get("discount"), proof: params.get("discountProof") },
  });
  if (!quote)
    return Response.json(
      { error: "Please choose a country, and a state for a US address." },
      { status: 400, headers: NO_STORE },
    );
  return Response.json(quote, { headers: NO_STORE });
}
