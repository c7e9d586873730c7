/**
 * A one-time message carried across a redirect ("Signed Out", "Account Created!"): the action
 * sets a short-lived cookie naming the message, the next page shows it and the cookie is cleared.
 * Only known names are accepted; the texts themselves live in the UI.
 */
export const FLASH_MESSAGES = [
  "signed-in",
  "signed-out",
  "sign-out-failed",
  "account-created",
  "session-expired",
  "password-reset",
  "password-changed",
  "admin-created",
] as const;
export type FlashMessage = (typeof FLASH_MESSAGES)[number];

const COOKIE = "shop_flash";

export function flashCookie(message: FlashMessage, secure: boolean): string {
  return `${COOKIE}=${message}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearFlashCookie(secure: boolean): string {
  return `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function readFlash(cookieHeader: string | undefined): FlashMessage | null {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${COOKIE}=([a-z-]+)`));
  const value = match?.[1];
  return value && (FLASH_MESSAGES as readonly string[]).includes(value) ? (value as FlashMessage) : null;
}
