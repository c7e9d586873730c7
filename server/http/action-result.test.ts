import { expect, it } from "vitest";
import { RateLimiter } from "#server/security/rate-limiter.ts";
import { openSharedStores } from "#tests/support/rate-limit-stores.ts";
import { enforceRateLimit, runAction } from "./action-result.ts";
import pino from "pino";
import { z } from "zod";
import { AppError } from "#server/errors/app-error.ts";
import { readFlash } from "./flash.ts";
import { parseFields, parseForm } from "./read-form.ts";

it("limits the public forms per client, counting an IPv6 /64 as one client", async () => {
  const shared = await openSharedStores("sqlite");
  try {
    const limiter = new RateLimiter(shared.stores[0], { name: "form", limit: 2, windowMs: 60_000 });
    await enforceRateLimit(limiter, "2001:db8:5:5::1");
    await enforceRateLimit(limiter, "2001:db8:5:5::2");
    await expect(enforceRateLimit(limiter, "2001:db8:5:5:abcd::9")).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await expect(enforceRateLimit(limiter, "2001:db8:5:6::1")).resolves.toBeUndefined();
    await enforceRateLimit(limiter, "::ffff:192.0.2.7");
    await enforceRateLimit(limiter, "192.0.2.7");
    await expect(enforceRateLimit(limiter, "192.0.2.7")).rejects.toMatchObject({ code: "RATE_LIMITED" });
  } finally {
    await shared.cleanup();
  }
});

it("throws a database outage on to the server's 503 instead of answering a 500 failure", async () => {
  const outage = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
  await expect(
    runAction(silent, async () => {
      throw outage;
    }),
  ).rejects.toBe(outage);
});

const silent = pino({ level: "silent" });

/** The toast a `data()` answer sets through its cookie, as the next request would read it. */
function toastOf(answer: unknown) {
  const init = (answer as { init?: { headers?: Record<string, string> } }).init;
  const cookie = init?.headers?.["Set-Cookie"];
  return cookie ? readFlash(cookie.split(";")[0]) : null;
}

it("sets the success toast from the use case's result, and none when the action gives no toasts", async () => {
  const answer = await runAction(silent, async () => ({ status: "Shipped" }), {
    secure: false,
    success: ({ status }) => ({ title: "Status Updated!", description: `Order status changed to ${status}` }),
  });
  expect((answer as { data: unknown }).data).toEqual({ ok: true, status: "Shipped" });
  expect(toastOf(answer)).toMatchObject({ title: "Status Updated!", description: "Order status changed to Shipped" });
  expect(await runAction(silent, async () => ({ id: 1 }))).toEqual({ ok: true, id: 1 });
});

it("answers a refusal with its code, business reason and message, and sets the failure toast", async () => {
  const answer = await runAction(
    silent,
    async () => {
      throw new AppError("CONFLICT", "This email address is already on our list.", undefined, "already-subscribed");
    },
    { secure: true, failureTitle: "Error" },
  );
  const { data, init } = answer as unknown as {
    data: unknown;
    init: { status: number; headers: Record<string, string> };
  };
  expect(init.status).toBe(409);
  expect(data).toEqual({
    ok: false,
    error: { code: "CONFLICT", reason: "already-subscribed", message: "This email address is already on our list." },
  });
  expect(init.headers["Set-Cookie"]).toContain("; Secure");
  expect(toastOf(answer)).toMatchObject({
    title: "Error",
    description: "This email address is already on our list.",
    variant: "destructive",
  });
});

it("turns a refused form into field errors and the first message in display order", async () => {
  const schema = z.object({ name: z.string().min(1, "Name, please."), email: z.email("A real address, please.") });
  const request = new Request("http://shop.test/x", {
    method: "POST",
    body: new URLSearchParams({ name: "", email: "no" }),
  });
  const answer = await runAction(silent, () => parseForm(request, schema, ["email", "name"]));
  expect((answer as unknown as { data: unknown }).data).toEqual({
    ok: false,
    error: {
      code: "VALIDATION",
      message: "A real address, please.",
      fieldErrors: { name: "Name, please.", email: "A real address, please." },
    },
  });
});

it("checks a form already read (to pick its intent) the same way", async () => {
  const schema = z.object({ subscriberId: z.string().trim().max(5, "Too long.") });
  const form = new FormData();
  form.set("intent", "remove");
  form.set("subscriberId", " abc ");
  expect(parseFields(form, schema)).toEqual({ subscriberId: "abc" });
  form.set("subscriberId", "abcdefgh");
  const answer = await runAction(silent, async () => parseFields(form, schema));
  expect((answer as unknown as { data: unknown }).data).toEqual({
    ok: false,
    error: { code: "VALIDATION", message: "Too long.", fieldErrors: { subscriberId: "Too long." } },
  });
});

it("ignores a toast cookie that was tampered with", () => {
  expect(readFlash("shop_flash=signed-out")).toBeNull();
  expect(readFlash(`shop_flash=${Buffer.from('{"id":"x","title":""}').toString("base64url")}`)).toBeNull();
});
