import type { Viewer } from "#server/accounts/viewer.ts";
import type { FlashedToast } from "./flash.ts";

/** What the Hono middlewares work out about a request, in the order they run. */
export type AppVariables = {
  clientAddress: string;
  viewer: Viewer | null;
  sessionExpired: boolean;
  flash: FlashedToast | null;
  maintenance: boolean;
  /** Maintenance mode is on and the viewer is an admin, who still sees the whole site. */
  shopClosed: boolean;
  /** Set by hono/secure-headers in production: the nonce the page's inline scripts carry. */
  secureHeadersNonce?: string;
};

export type AppEnv = { Variables: AppVariables };
