import { describe, expect, it } from "vitest";
import { stripeCheckoutOrigin } from "#server/payments/stripe/stripe-client.ts";
import { contentSecurityPolicyHeader } from "./content-security-policy.ts";

describe("the Content-Security-Policy header", () => {
  it("lets forms post to this origin only, and their answer redirect to Stripe's payment page", () => {
    const header = contentSecurityPolicyHeader("'nonce-abc'", [stripeCheckoutOrigin({})]);
    expect(header).toContain("script-src 'self' 'nonce-abc';");
    expect(header).toContain("form-action 'self' https://checkout.stripe.com;");
    expect(header).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("names the tests' Stripe stand-in instead when STRIPE_API_URL points at it", () => {
    expect(stripeCheckoutOrigin({ STRIPE_API_URL: "http://127.0.0.1:12111/v1" })).toBe("http://127.0.0.1:12111");
    expect(contentSecurityPolicyHeader("", [])).toContain("form-action 'self';");
  });
});
