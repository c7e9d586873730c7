import type Stripe from "stripe";
import type { Env } from "#server/config/env.ts";

/**
 * A Stripe API client for the store's secret key. With STRIPE_API_URL (tests only, loopback
 * only: see env.ts) its calls go to that address instead of api.stripe.com.
 */
export async function createStripeClient(
  secretKey: string,
  env: Pick<Env, "STRIPE_API_URL">,
  /** Tighter limits where a buyer waits for the answer (the checkout's tax). */
  limits: { maxNetworkRetries: number; timeout: number } = { maxNetworkRetries: 2, timeout: 20_000 },
): Promise<Stripe> {
  // Loaded on first use: a shop without card payments never holds the Stripe library in memory.
  const { default: Stripe } = await import("stripe");
  const options: ConstructorParameters<typeof Stripe>[1] = { ...limits };
  if (env.STRIPE_API_URL) {
    const url = new URL(env.STRIPE_API_URL);
    options.host = url.hostname.replace(/^\[|\]$/g, "");
    options.port = url.port || (url.protocol === "https:" ? 443 : 80);
    options.protocol = url.protocol === "https:" ? "https" : "http";
  }
  return new Stripe(secretKey, options);
}

/**
 * Where Stripe's hosted payment page lives: the origin a checkout's redirect leads to, which the
 * Content-Security-Policy's `form-action` must allow (browsers check a form's redirects against it).
 * With STRIPE_API_URL (tests) the stand-in serves that page too.
 */
export function stripeCheckoutOrigin(env: Pick<Env, "STRIPE_API_URL">): string {
  return env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL).origin : "https://checkout.stripe.com";
}
