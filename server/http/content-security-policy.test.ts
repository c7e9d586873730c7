import { describe, expect, it } from "vitest";
import { payPalFormTargets } from "#server/payments/paypal/paypal-config.ts";
import { stripeCheckoutOrigin } from "#server/payments/stripe/stripe-client.ts";
import { contentSecurityPolicyHeader } from "./content-security-policy.ts";

describe("the Content-Security-Policy header", () => {
  it("lets forms post to this origin only, and their answer redirect to Stripe's payment page", () => {
    const header = contentSecurityPolicyHeader("'nonce-abc'", [stripeCheckoutOrigin({})]);
    expect(header).toContain("script-src 'self' 'nonce-abc';");
    expect(header).toContain("form-action 'self' https://checkout.stripe.com;");
    expect(header).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("lets Place Order's answer send the buyer to PayPal's approval page, live or sandbox, and nothing of PayPal's else", () => {
    const header = contentSecurityPolicyHeader("'nonce-abc'", [stripeCheckoutOrigin({}), ...payPalFormTargets({})]);
    expect(header).toContain(
      "form-action 'self' https://checkout.stripe.com https://www.paypal.com https://www.sandbox.paypal.com;",
    );
    // No PayPal script on the shop's pages: script-src, connect-src and frame-src stay the shop's own.
    expect(header).not.toMatch(/(script|connect|frame|default)-src[^;]*paypal/);
    expect(payPalFormTargets({ PAYPAL_API_URL: "http://127.0.0.1:12112" })).toEqual(["http://127.0.0.1:12112"]);
  });

  it("names the tests' Stripe stand-in instead when STRIPE_API_URL points at it", () => {
    expect(stripeCheckoutOrigin({ STRIPE_API_URL: "http://127.0.0.1:12111/v1" })).toBe("http://127.0.0.1:12111");
    expect(contentSecurityPolicyHeader("", [])).toContain("form-action 'self';");
  });
});
