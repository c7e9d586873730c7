import { describe, expect, it } from "vitest";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { useNewsletterDatabase } from "#tests/support/newsletter-deps.ts";
import { parseFields } from "#server/http/read-form.ts";
import {
  BULK_SUBSCRIBER_LIMIT,
  removeSubscribersSchema,
  SUBSCRIBER_IDS_FIELD,
} from "#common/subscribers/subscriber-schema.ts";
import { deleteSubscribers, describeRemoval } from "./delete-subscribers.ts";
import { subscribe } from "./subscribe.ts";

describe.each(TEST_ENGINES)("deleteSubscribers on %s", (engine) => {
  const { open } = useNewsletterDatabase(engine);

  it("removes the chosen subscribers only, and a retry finds them already gone", async () => {
    const { db, deps } = await open();
    for (const email of ["a@example.com", "b@example.com", "keep@example.com"]) await subscribe(deps, { email });
    const rows = await db.selectFrom("email_subscribers").select(["id", "email"]).execute();
    const idOf = (email: string) => rows.find((r) => r.email === email)!.id;
    const chosen = [idOf("a@example.com"), idOf("b@example.com"), idOf("a@example.com")];

    const first = await deleteSubscribers({ db }, { subscriberIds: chosen });
    expect(first).toEqual({ removed: 2, alreadyGone: 0 });
    expect(describeRemoval(first)).toBe("2 subscribers removed.");
    expect(await db.selectFrom("email_subscribers").select("email").execute()).toEqual([{ email: "keep@example.com" }]);

    const retry = await deleteSubscribers({ db }, { subscriberIds: chosen });
    expect(retry).toEqual({ removed: 0, alreadyGone: 2 });
    expect(describeRemoval(retry)).toBe("0 subscribers removed. 2 were already gone.");
  });
});

describe("the Remove selected form", () => {
  const post = (ids: string[]) => {
    const form = new FormData();
    form.set("intent", "remove-selected");
    for (const id of ids) form.append(SUBSCRIBER_IDS_FIELD, id);
    return form;
  };

  it("reads the ticked ids as a list, one tick too, each once", () => {
    expect(parseFields(post(["a"]), removeSubscribersSchema)).toEqual({ subscriberIds: ["a"] });
    expect(parseFields(post(["a", "b", "a"]), removeSubscribersSchema)).toEqual({ subscriberIds: ["a", "b"] });
  });

  it("refuses an empty choice, a blank id and more than the limit", () => {
    expect(() => parseFields(post([]), removeSubscribersSchema)).toThrow(
      expect.objectContaining({ code: "VALIDATION", message: "Please choose at least one subscriber." }),
    );
    expect(() => parseFields(post([" "]), removeSubscribersSchema)).toThrow(
      expect.objectContaining({ fieldErrors: { "subscriberIds.0": "Please choose a subscriber." } }),
    );
    const tooMany = Array.from({ length: BULK_SUBSCRIBER_LIMIT + 1 }, (_, i) => `x-${i}`);
    expect(() => parseFields(post(tooMany), removeSubscribersSchema)).toThrow(
      expect.objectContaining({ message: `Please choose at most ${BULK_SUBSCRIBER_LIMIT} subscribers at a time.` }),
    );
  });
});
