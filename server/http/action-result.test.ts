import { expect, it } from "vitest";
import { RateLimiter } from "#server/security/rate-limiter.ts";
import { openSharedStores } from "#tests/support/rate-limit-stores.ts";
import { enforceRateLimit, runAction } from "./action-result.ts";
import pino from "pino";
import { z } from "zod";
import { AppError } from "#server/errors/app-error.ts";
import { FLASH_COOKIE, readFlash, redirectWithToast } from "./flash.ts";
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

/** An http site's services: the logger stays quiet, the toast cookie is not Secure. */
const silent = { logger: pino({ level: "silent" }), env: { PUBLIC_URL: "http://localhost:3000" } };
/** The same shop behind https: its toast cookie is Secure. */
const secureSite = { ...silent, env: { PUBLIC_URL: "https://shop.example" } };

/** The toast a `data()` answer sets through its cookie, as the next request would read it. */
function toastOf(answer: unknown) {
  const init = (answer as { init?: { headers?: Record<string, string> } }).init;
  const cookie = init?.headers?.["Set-Cookie"];
  return cookie ? readFlash(cookie.split(";")[0]) : null;
}

it("sets the success toast from the use case's result, and none when the action gives no toasts", async () => {
  const answer = await runAction(silent, async () => ({ status: "Shipped" }), {
    success: ({ status }) => ({ title: "Status Updated!", description: `Order status changed to ${status}` }),
  });
  expect(answer.data).toEqual({ ok: true, status: "Shipped" });
  expect(toastOf(answer)).toMatchObject({ title: "Status Updated!", description: "Order status changed to Shipped" });
  const untoasted = await runAction(silent, async () => ({ id: 1 }));
  expect(untoasted.data).toEqual({ ok: true, id: 1 });
  expect(toastOf(untoasted)).toBeNull();
});

it("answers one shape, success or refusal, toast or none: the result in `data`, its status in `init`", async () => {
  const answers = [
    await runAction(silent, async () => ({ id: 1 })),
    await runAction(silent, async () => ({ id: 1 }), { success: { title: "Saved" } }),
    await runAction(silent, async () => {
      throw new AppError("NOT_FOUND", "Gone.");
    }),
  ];
  expect(answers.map((answer) => [answer.data.ok, answer.init?.status ?? 200])).toEqual([
    [true, 200],
    [true, 200],
    [false, 404],
  ]);
});

it("decides the toast cookie's Secure flag from the site's address", async () => {
  const toast = { title: "Saved" };
  const cookieOf = (answer: { init: ResponseInit | null }) => new Headers(answer.init?.headers).get("Set-Cookie");
  expect(cookieOf(await runAction(secureSite, async () => ({}), { success: toast }))).toContain("; Secure");
  expect(cookieOf(await runAction(silent, async () => ({}), { success: toast }))).not.toContain("Secure");
  expect(redirectWithToast(secureSite, "/login", "session-expired").headers.get("Set-Cookie")).toContain("; Secure");
  expect(redirectWithToast(silent, "/login", "session-expired").headers.get("Set-Cookie")).not.toContain("Secure");
});

it("redirects with the toast beside the headers it is given, with the status asked for", () => {
  const headers = new Headers([["Set-Cookie", "session=abc; Path=/"]]);
  const response = redirectWithToast(silent, "/account", "password-changed", { headers });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/account");
  const [session, flash] = response.headers.getSetCookie();
  expect(session).toBe("session=abc; Path=/");
  expect(flash).toMatch(new RegExp(`^${FLASH_COOKIE}=`));
  expect(readFlash(flash!.split(";")[0])).toMatchObject({ title: "Password changed" });
  const gate = redirectWithToast(silent, "/login?redirectTo=%2F", { title: "Wait" }, { status: 303 });
  expect(gate.status).toBe(303);
  expect(readFlash(gate.headers.get("Set-Cookie")!.split(";")[0])).toMatchObject({ title: "Wait" });
});

it("answers a refusal with its code, business reason and message, and sets the failure toast", async () => {
  const answer = await runAction(
    secureSite,
    async () => {
      throw new AppError("CONFLICT", "This email address is already on our list.", { reason: "already-subscribed" });
    },
    { failureTitle: "Error" },
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
  expect(answer.data).toEqual({
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
  expect(answer.data).toEqual({
    ok: false,
    error: { code: "VALIDATION", message: "Too long.", fieldErrors: { subscriberId: "Too long." } },
  });
});

it("ignores a toast cookie that was tampered with", () => {
  expect(readFlash("shop_flash=signed-out")).toBeNull();
  expect(readFlash(`shop_flash=${Buffer.from('{"id":"x","title":""}').toString("base64url")}`)).toBeNull();
});
