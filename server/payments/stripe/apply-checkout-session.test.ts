import { describe, expect, it } from "vitest";
import { outcomeOfRetrievedSession } from "./apply-checkout-session.ts";

describe("what a Checkout Session read from Stripe says", () => {
  it("pays for money taken, or for nothing owed only when its total is zero", () => {
    const complete = (payment_status: string, amount_total: number | null) =>
      outcomeOfRetrievedSession({ status: "complete", payment_status, amount_total });
    expect(complete("paid", 2499)).toBe("paid");
    expect(complete("unpaid", 2499)).toBe("pending");
    expect(complete("no_payment_required", 0)).toBe("paid");
    // A session with a total that needs no payment took no money: the return page and the sweeper
    // must not mark the order paid on it, as the webhook does not.
    expect(complete("no_payment_required", 2499)).toBeNull();
    expect(outcomeOfRetrievedSession({ status: "expired", payment_status: "unpaid", amount_total: 2499 })).toBe(
      "expired",
    );
    expect(outcomeOfRetrievedSession({ status: "open", payment_status: "unpaid", amount_total: 2499 })).toBeNull();
  });
});
