import { redirect } from "react-router";
import { z } from "zod";
import { isHttpsSite, type Env } from "#server/config/env.ts";

/**
 * THE toast path: a message the server decides to show, whether an action answered in place
 * (a fetcher or a form that stays on its page) or redirected ("Signed Out", "Account Created!").
 * The action sets a short-lived cookie holding the toast; the next page, or data request that runs
 * the root loader for a page the browser's router draws (not an island page), reads it (session middleware → load context → root loader), clears it, and the
 * root shows it once.
 * Redirect messages are named here, with their spec texts, so the routes that redirect only pick
 * a name; an action's own toast is passed as a value (see runAction's `toasts`). Every helper
 * takes the services first: the site's address decides the cookie's Secure flag.
 */
export interface ServerToast {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** A toast as the page receives it: `id` tells a new toast from the same one read again. */
export type FlashedToast = ServerToast & { id: string };

export const FLASH_TOASTS = {
  "signed-in": { title: "Login Successful!", description: "Welcome back!" },
  "signed-out": { title: "Signed Out", description: "You have been signed out. See you soon!" },
  "sign-out-failed": { title: "Sign out Failed", description: "Something went wrong", variant: "destructive" },
  "account-created": { title: "Account Created!", description: "Please sign in with your new account." },
  "session-expired": {
    title: "Session Expired",
    description: "Your session has ended. Please sign in again.",
    variant: "destructive",
  },
  "password-reset": {
    title: "Password reset",
    description: "Your password has been reset successfully. Please log in.",
  },
  "password-changed": {
    title: "Password changed",
    description: "Your new password is saved. Other devices were signed out.",
  },
  "admin-created": { title: "Admin account created!", description: "Please sign in with your new admin account." },
} as const satisfies Record<string, ServerToast>;
export type FlashMessage = keyof typeof FLASH_TOASTS;

export const FLASH_COOKIE = "shop_flash";

// The cookie comes back from the browser, so it is read as untrusted input: a visitor can only
// ever show a toast to themselves, but a malformed or oversized one is simply ignored.
const flashedToastSchema = z.object({
  id: z.string().max(40),
  title: z.string().min(1).max(200),
  description: z.string().max(1000).optional(),
  variant: z.enum(["default", "destructive"]).optional(),
});

/**
 * A toast with a fresh id. A loader that answers a search by URL (a GET, so no action and no
 * cookie round trip) returns one as its data's `toast`; the root shows it like a flashed one.
 */
export function flashedToast(toast: ServerToast): FlashedToast {
  return { ...toast, id: crypto.randomUUID() };
}

/** What the flash helpers read: an https site gets a Secure cookie. */
export type FlashDeps = { env: Pick<Env, "PUBLIC_URL"> };

/** The Set-Cookie value that makes the next page (or data request) show `message` once. */
export function flashCookie(deps: FlashDeps, message: FlashMessage | ServerToast): string {
  const toast = typeof message === "string" ? FLASH_TOASTS[message] : message;
  const value = Buffer.from(JSON.stringify(flashedToast(toast))).toString("base64url");
  return `${FLASH_COOKIE}=${value}; ${cookieAttributes(deps, 60)}`;
}

export function clearFlashCookie(deps: FlashDeps): string {
  return `${FLASH_COOKIE}=; ${cookieAttributes(deps, 0)}`;
}

/**
 * A redirect whose next page shows `message` once (Epic Stack's `redirectWithToast`). `init`
 * adds a status (302 by default) and headers, e.g. the session cookies of a sign-in.
 */
export function redirectWithToast(
  deps: FlashDeps,
  url: string,
  message: FlashMessage | ServerToast,
  init: ResponseInit = {},
): Response {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", flashCookie(deps, message));
  return redirect(url, { ...init, headers });
}

function cookieAttributes(deps: FlashDeps, maxAge: number): string {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${isHttpsSite(deps.env) ? "; Secure" : ""}`;
}

export function readFlash(cookieHeader: string | undefined): FlashedToast | null {
  const value = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=([A-Za-z0-9_-]{1,4000})`))?.[1];
  if (!value) return null;
  try {
    const parsed = flashedToastSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
