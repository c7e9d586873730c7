import { describe, expect, it } from "vitest";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { TEST_APP_SECRET, useNewsletterDatabase } from "#tests/support/newsletter-deps.ts";
import { subscribe } from "./subscribe.ts";
import { subscriberToken } from "./subscriber-token.ts";
import { INVALID_UNSUBSCRIBE_LINK, unsubscribe } from "./unsubscribe.ts";

describe.each(TEST_ENGINES)("unsubscribe on %s", (engine) => {
  const { testDb, open } = useNewsletterDatabase(engine);

  const emails = async () =>
    (await testDb.handle.db.selectFrom("email_subscribers").select("email").orderBy("email").execute()).map(
      (r) => r.email,
    );

  it("removes the subscriber the link was made for, and answers the same the second time", async () => {
    const { deps } = await open();
    const { subscriberId } = await subscribe(deps, { email: "leave@example.com" });
    await subscribe(deps, { email: "stay@example.com" });
    const token = subscriberToken(TEST_APP_SECRET, "newsletter-unsubscribe", subscriberId);

    await unsubscribe(deps, { token: token });
    expect(await emails()).toEqual(["stay@example.com"]);
    await expect(unsubscribe(deps, { token: token })).resolves.toBeUndefined();
    expect(await emails()).toEqual(["stay@example.com"]);
    // Gone for good: the address may subscribe again, as a new pending subscriber.
    const again = await subscribe(deps, { email: "leave@example.com" });
    expect(again.subscriberId).not.toBe(subscriberId);
  });

  it("refuses links it did not sign with a clear message and removes nothing", async () => {
    const { deps } = await open();
    const { subscriberId } = await subscribe(deps, { email: "reader@example.com" });
    for (const token of [
      undefined,
      "",
      subscriberId,
      subscriberToken(TEST_APP_SECRET, "newsletter-confirm", subscriberId),
      subscriberToken("another-secret-".padEnd(40, "y"), "newsletter-unsubscribe", subscriberId),
      `${subscriberToken(TEST_APP_SECRET, "newsletter-unsubscribe", subscriberId).slice(0, -2)}AA`,
    ]) {
      await expect(unsubscribe(deps, { token: token }), String(token)).rejects.toMatchObject({
        code: "VALIDATION",
        message: INVALID_UNSUBSCRIBE_LINK,
      });
    }
    expect(await emails()).toEqual(["reader@example.com"]);
  });
});
