import { describe, expect, it } from "vitest";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { listSubscribers } from "./list-subscribers.ts";
import { useNewsletterDatabase } from "#tests/support/newsletter-deps.ts";
import { subscribe } from "./subscribe.ts";

describe.each(TEST_ENGINES)("listSubscribers on %s", (engine) => {
  const { open } = useNewsletterDatabase(engine);

  it("lists subscribers newest first, one page at a time", async () => {
    const { db, deps } = await open();
    expect(await listSubscribers({ db })).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
    for (let day = 1; day <= 5; day++) {
      await subscribe(
        { ...deps, clock: () => new Date(Date.UTC(2025, 5, day)) },
        { email: `reader${day}@example.com` },
      );
    }

    const all = await listSubscribers({ db });
    expect(all).toMatchObject({ total: 5, page: 1, pageCount: 1 });
    expect(all.items[0]).toEqual({
      id: expect.any(String),
      email: "reader5@example.com",
      subscribedAt: "2025-06-05T00:00:00.000Z",
      confirmedAt: null,
    });
    expect(all.items.map((s) => s.email)).toEqual([5, 4, 3, 2, 1].map((n) => `reader${n}@example.com`));

    const second = await listSubscribers({ db }, { page: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 5, page: 2, pageCount: 3 });
    expect(second.items.map((s) => s.email)).toEqual(["reader3@example.com", "reader2@example.com"]);
    expect((await listSubscribers({ db }, { page: -1, pageSize: 2 })).page).toBe(1);
    expect((await listSubscribers({ db }, { page: "9", pageSize: 2 })).items.map((s) => s.email)).toEqual([
      "reader1@example.com",
    ]);
  });

  it("tells pending subscribers from confirmed ones", async () => {
    const { db } = await open();
    await db
      .insertInto("email_subscribers")
      .values([
        { id: "p", email: "pending@example.com", subscribed_at: "2025-06-02T08:00:00.000Z", confirmed_at: null },
        {
          id: "c",
          email: "confirmed@example.com",
          subscribed_at: "2025-06-01T08:00:00.000Z",
          confirmed_at: "2025-06-01T09:30:00.000Z",
        },
      ])
      .execute();
    expect((await listSubscribers({ db })).items.map(({ email, confirmedAt }) => ({ email, confirmedAt }))).toEqual([
      { email: "pending@example.com", confirmedAt: null },
      { email: "confirmed@example.com", confirmedAt: "2025-06-01T09:30:00.000Z" },
    ]);
  });
});
