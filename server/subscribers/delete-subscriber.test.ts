import { describe, expect, it } from "vitest";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { deleteSubscriber } from "./delete-subscriber.ts";
import { useNewsletterDatabase } from "#tests/support/newsletter-deps.ts";
import { subscribe } from "./subscribe.ts";

describe.each(TEST_ENGINES)("deleteSubscriber on %s", (engine) => {
  const { open } = useNewsletterDatabase(engine);

  it("deletes one subscriber by id, says which address it was, and refuses unknown ids", async () => {
    const { db, deps } = await open();
    await subscribe(deps, { email: "keep@example.com" });
    await subscribe(deps, { email: "leave@example.com" });
    const { id } = await db
      .selectFrom("email_subscribers")
      .select("id")
      .where("email", "=", "leave@example.com")
      .executeTakeFirstOrThrow();

    await expect(deleteSubscriber({ db }, { subscriberId: id })).resolves.toEqual({ email: "leave@example.com" });

    expect(await db.selectFrom("email_subscribers").select("email").execute()).toEqual([{ email: "keep@example.com" }]);
    for (const unknown of [id, "no-such-id", ""]) {
      await expect(deleteSubscriber({ db }, { subscriberId: unknown })).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "This subscriber is no longer on the list.",
      });
    }
    // Once removed, the address may subscribe again.
    await expect(subscribe(deps, { email: "LEAVE@example.com" })).resolves.toMatchObject({ confirmationSent: true });
  });
});
