import type { MiddlewareHandler } from "hono";
import { tooManyAttempts } from "#server/accounts/auth-limits.ts";
import { clientSignInWait } from "#server/accounts/sign-in.ts";
import { clientKey } from "#server/security/client-key.ts";
import type { AppServices } from "#server/services.ts";
import type { AppEnv } from "./app-variables.ts";
import { redirectWithToast } from "./flash.ts";
import { routePath } from "./route-path.ts";

/** Spent clients remembered at once (the oldest is forgotten first, and asked about again). */
const MAX_REMEMBERED_CLIENTS = 10_000;

/** The sign-in form's own failure title (`ENTRY_TEXTS` of app/features/accounts/entry-form.tsx), so the toast reads the same. */
const SIGN_IN_FAILED = "Sign in Failed";

/**
 * Refuses a sign-in form post from a client whose sign-in failures are spent, before its form is
 * read or the sign-in page rendered: a flood of refused sign-ins then costs what a flood of page
 * views does, not a page render each (one look in the rate-limit store per client and window; this
 * process remembers the answer until the window ends). The browser is sent back to the
 * form (303, the same address, so `redirectTo` stays) with the wait in the form's failure toast.
 * Only document posts (the sign-in form's, with or without JavaScript): a data request renders no
 * page, and its action's own refusal (signIn checks the same count first) is the answer it reads.
 */
export function spentSignInGate(services: AppServices): MiddlewareHandler<AppEnv> {
  // Clients known to be spent, until when: their next refusals need not even ask the store.
  const spentUntil = new Map<string, number>();
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const url = new URL(c.req.url);
    const { path, isData } = routePath(url.pathname);
    if (path !== "/login" || isData) return next();
    const client = clientKey(c.get("clientAddress"));
    const now = Date.now();
    let wait = Math.ceil(((spentUntil.get(client) ?? 0) - now) / 1000);
    if (wait <= 0) {
      spentUntil.delete(client);
      wait = await clientSignInWait(services, { clientAddress: c.get("clientAddress") });
      if (wait === 0) return next();
      // A spent count only resets when its window ends: until then the store would say the same.
      if (spentUntil.size >= MAX_REMEMBERED_CLIENTS) spentUntil.delete(spentUntil.keys().next().value!);
      spentUntil.set(client, now + wait * 1000);
    }
    const toast = {
      title: SIGN_IN_FAILED,
      description: tooManyAttempts(wait).message,
      variant: "destructive",
    } as const;
    return redirectWithToast(services, `/login${url.search}`, toast, {
      status: 303,
      headers: { "Retry-After": String(wait), "Cache-Control": "no-store" },
    });
  };
}
