import type { Kysely } from "kysely";
import type { Viewer } from "#server/accounts/viewer.ts";
import type { Database } from "#server/db/schema.ts";
import { clientKey } from "#server/security/client-key.ts";
import type { RateLimits } from "#server/security/rate-limits.ts";
import type { Clock } from "#server/services.ts";
import { discountCodeKey } from "#common/discounts/discount-rule.ts";
import { loadCheckout, type CheckoutPage } from "./load-checkout.ts";

const waitWords = (seconds: number) => `${seconds} second${seconds === 1 ? "" : "s"}`;

/**
 * The checkout page's Apply (decision 39): the page again with the code applied to its cart, or
 * with the reason it was not. Codes are short, so guessing them is bounded: tries per client,
 * and refused tries of one code from every client together (a valid code's Applies are not
 * counted there); past either, the page says to wait and names no reason. Changes nothing stored.
 */
export async function applyDiscountCode(
  deps: {
    db: Kysely<Database>;
    env: { APP_SECRET: string };
    clock: Clock;
    rateLimits: Pick<RateLimits, "discountCodeTries" | "discountCodeRefusals">;
  },
  input: {
    cart: string | null;
    viewer: Pick<Viewer, "userId" | "email"> | null;
    code: string | null;
    email: string | null;
    clientAddress: string;
  },
): Promise<CheckoutPage> {
  const code = input.code?.trim() ?? "";
  if (code === "") {
    return { ...(await loadCheckout(deps, input)), discountRefusal: "Please enter a discount code." };
  }
  const wait = await deps.rateLimits.discountCodeTries.consume(clientKey(input.clientAddress));
  if (wait > 0) {
    return {
      ...(await loadCheckout(deps, input)),
      discountRefusal: `Too many discount codes tried. Please wait ${waitWords(wait)} and try again.`,
    };
  }
  const page = await loadCheckout(deps, { ...input, discount: { code, email: input.email } });
  if (page.discountRefusal === null) return page;
  const codeWait = await deps.rateLimits.discountCodeRefusals.consume(`code:${discountCodeKey(code)}`);
  return codeWait > 0
    ? {
        ...page,
        discountRefusal: `This code has been tried too often. Please wait ${waitWords(codeWait)} and try again.`,
      }
    : page;
}
