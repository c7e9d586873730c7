import { describe, expect, it } from "vitest";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import {
  newsletterTestDeps,
  TEST_APP_SECRET,
  TEST_PUBLIC_URL,
  useNewsletterDatabase,
} from "#tests/support/newsletter-deps.ts";
import { linksTo, readOutbox } from "#tests/support/outbox.ts";
import { AppError } from "#server/errors/app-error.ts";
import { subscribeFormSchema } from "#common/subscribers/subscriber-schema.ts";
import { CONFIRMATION_RESEND_INTERVAL_MS, subscribe } from "./subscribe.ts";
import { readSubscriberToken } from "./subscriber-token.ts";

describe.each(TEST_ENGINES)("subscribe on %s", (engine) => {
  const { testDb, open, rows } = useNewsletterDatabase(engine);

  it("stores a trimmed address as pending and e-mails it a confirmation link with one-click unsubscribe", async () => {
    const { deps } = await open();

    // As the action passes it on: parsed with the form's schema, which trims it.
    const result = await subscribe(deps, subscribeFormSchema.parse({ email: "  Reader@Example.com " }));

    expect(result).toEqual({ subscriberId: expect.any(String), confirmationSent: true });
    expect(await rows()).toEqual([{ id: result.subscriberId, email: "Reader@Example.com", confirmed_at: null }]);
    const [mail, ...others] = readOutbox(testDb.dataDir);
    expect(others).toEqual([]);
    // nodemailer writes the domain in lower case.
    expect(mail!.headers.to).toBe("Reader@example.com");
    expect(mail!.headers.subject).toMatch(/^Please confirm your subscription to /);
    const [confirmUrl] = linksTo(mail!, "/newsletter/confirm");
    const [unsubscribeUrl] = linksTo(mail!, "/newsletter/unsubscribe");
    expect(confirmUrl!.startsWith(`${TEST_PUBLIC_URL}/newsletter/confirm?token=`)).toBe(true);
    expect(unsubscribeUrl!.startsWith(`${TEST_PUBLIC_URL}/newsletter/unsubscribe?token=`)).toBe(true);
    expect(mail!.headers["list-unsubscribe"]).toBe(`<${unsubscribeUrl}>`);
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // Each link is signed for its own purpose and names this subscriber.
    const tokenOf = (url: string) => new URL(url).searchParams.get("token");
    expect(readSubscriberToken(TEST_APP_SECRET, "newsletter-confirm", tokenOf(confirmUrl!))).toBe(result.subscriberId);
    expect(readSubscriberToken(TEST_APP_SECRET, "newsletter-unsubscribe", tokenOf(unsubscribeUrl!))).toBe(
      result.subscriberId,
    );
    expect(readSubscriberToken(TEST_APP_SECRET, "newsletter-unsubscribe", tokenOf(confirmUrl!))).toBeNull();
    // No address and no token in the log.
    expect(JSON.stringify(deps.logs)).not.toMatch(/Reader@Example|token=/i);
  });

  it("re-sends the confirmation to a pending address subscribed again, at most once per interval", async () => {
    const { deps } = await open();
    const start = new Date("2026-03-01T10:00:00.000Z");
    const at = (ms: number) => new Date(start.getTime() + ms);

    const first = await subscribe({ ...deps, clock: () => start }, { email: "pending@example.com" });
    const sends = [];
    for (const ms of [60_000, 120_000, CONFIRMATION_RESEND_INTERVAL_MS - 1]) {
      sends.push(
        (await subscribe({ ...deps, clock: () => at(ms) }, { email: "PENDING@example.com" })).confirmationSent,
      );
    }
    expect(sends).toEqual([false, false, false]);
    expect(readOutbox(testDb.dataDir)).toHaveLength(1);

    const later = await subscribe(
      { ...deps, clock: () => at(CONFIRMATION_RESEND_INTERVAL_MS) },
      { email: "pending@example.com" },
    );
    expect(later).toEqual({ subscriberId: first.subscriberId, confirmationSent: true });
    expect(
      (
        await subscribe(
          { ...deps, clock: () => at(CONFIRMATION_RESEND_INTERVAL_MS + 1000) },
          { email: "pending@example.com" },
        )
      ).confirmationSent,
    ).toBe(false);
    const mails = readOutbox(testDb.dataDir);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.headers.to)).toEqual(["pending@example.com", "pending@example.com"]);
    expect(await rows()).toEqual([{ id: first.subscriberId, email: "pending@example.com", confirmed_at: null }]);
  });

  it("answers CONFLICT for a confirmed address, whatever its letter case, and sends nothing", async () => {
    const { deps } = await open();
    const { subscriberId } = await subscribe(deps, { email: "reader@example.com" });
    await testDb.handle.db
      .updateTable("email_subscribers")
      .set({ confirmed_at: new Date().toISOString() })
      .where("id", "=", subscriberId)
      .execute();

    const again = subscribe(
      { ...deps, clock: () => new Date(Date.now() + 24 * 3600_000) },
      { email: "Reader@Example.COM" },
    );
    await expect(again).rejects.toThrow(AppError);
    await expect(again).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "already-subscribed",
      message: "This email address is already on our list.",
    });
    expect(await rows()).toHaveLength(1);
    expect(readOutbox(testDb.dataDir)).toHaveLength(1);
  });

  it("keeps the subscription pending when the confirmation mail fails, and lets the next try send it", async () => {
    await open();
    let failing = true;
    const sent: string[] = [];
    const deps = newsletterTestDeps(testDb, {
      async send(mail) {
        if (failing) throw new Error("SMTP server unreachable");
        sent.push(String(mail.to));
      },
    });

    const result = await subscribe(deps, { email: "unlucky@example.com" });
    expect(result.confirmationSent).toBe(false);
    expect(await rows()).toEqual([{ id: result.subscriberId, email: "unlucky@example.com", confirmed_at: null }]);
    const warning = deps.logs.find((line) => line.level === 40);
    expect(warning).toMatchObject({
      subscriberId: result.subscriberId,
      msg: expect.stringMatching(/could not be sent/),
    });
    expect(JSON.stringify(deps.logs)).not.toContain("unlucky@");

    failing = false;
    expect(await subscribe(deps, { email: "unlucky@example.com" })).toEqual({
      subscriberId: result.subscriberId,
      confirmationSent: true,
    });
    expect(sent).toEqual(["unlucky@example.com"]);
  });
});
