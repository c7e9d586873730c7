import { describe, expect, it } from "vitest";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { TEST_APP_SECRET, useNewsletterDatabase } from "#tests/support/newsletter-deps.ts";
import { confirmSubscription, INVALID_CONFIRM_LINK, SUBSCRIBER_GONE } from "./confirm-subscription.ts";
import { subscribe } from "./subscribe.ts";
import { subscriberToken } from "./subscriber-token.ts";

describe.each(TEST_ENGINES)("confirmSubscription on %s", (engine) => {
  const { testDb, open, rows } = useNewsletterDatabase(engine);

  it("confirms the subscriber the link was made for, once, and keeps the first time", async () => {
    const { deps } = await open();
    const { subscriberId } = await subscribe(deps, { email: "reader@example.com" });
    await subscribe(deps, { email: "other@example.com" });
    const token = subscriberToken(TEST_APP_SECRET, "newsletter-confirm", subscriberId);

    await confirmSubscription({ ...deps, clock: () => new Date("2026-03-01T10:00:00.000Z") }, { token: token });
    await confirmSubscription({ ...deps, clock: () => new Date("2026-03-02T10:00:00.000Z") }, { token: token });

    expect(await rows()).toEqual([
      { id: expect.any(String), email: "other@example.com", confirmed_at: null },
      { id: subscriberId, email: "reader@example.com", confirmed_at: "2026-03-01T10:00:00.000Z" },
    ]);
    // Confirmed now: subscribing again is the spec's duplicate.
    await expect(subscribe(deps, { email: "reader@example.com" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("refuses links it did not sign with a clear message and changes nothing", async () => {
    const { deps } = await open();
    const { subscriberId } = await subscribe(deps, { email: "reader@example.com" });
    const good = subscriberToken(TEST_APP_SECRET, "newsletter-confirm", subscriberId);
    for (const token of [
      undefined,
      "",
      subscriberId,
      `${subscriberId}.`,
      `${good.slice(0, -2)}AA`,
      `other-id.${good.split(".")[1]}`,
      subscriberToken(TEST_APP_SECRET, "newsletter-unsubscribe", subscriberId),
      subscriberToken("another-secret-".padEnd(40, "y"), "newsletter-confirm", subscriberId),
      `${good}${"A".repeat(500)}`,
    ]) {
      await expect(confirmSubscription(deps, { token: token }), String(token)).rejects.toMatchObject({
        code: "VALIDATION",
        message: INVALID_CONFIRM_LINK,
      });
    }
    expect(await rows()).toEqual([{ id: subscriberId, email: "reader@example.com", confirmed_at: null }]);
  });

  it("says so when the address has left the list since", async () => {
    const { deps } = await open();
    const { subscriberId } = await subscribe(deps, { email: "reader@example.com" });
    await testDb.handle.db.deleteFrom("email_subscribers").execute();
    await expect(
      confirmSubscription(deps, { token: subscriberToken(TEST_APP_SECRET, "newsletter-confirm", subscriberId) }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: SUBSCRIBER_GONE,
    });
    expect(await rows()).toEqual([]);
  });
});
