import type { ResolvedViewer, Viewer } from "#server/accounts/viewer.ts";
import type { FlashedToast } from "./flash.ts";

/** What the Hono middlewares work out about a request, in the order they run. */
export type AppVariables = {
  clientAddress: string;
  /** The session as looked up once per request (session-middleware.ts `requestSession`). */
  session?: ResolvedViewer;
  viewer: Viewer | null;
  sessionExpired: boolean;
  flash: FlashedToast | null;
  maintenance: boolean;
  /** Maintenance mode is on and the viewer is an admin, who still sees the whole site. */
  shopClosed: boolean;
  /** Set in production (content-security-policy.ts): the nonce the page's inline scripts carry. */
  cspNonce?: string;
  /**
   * Set by the page cache when it answers from a stored page: the SHA-256 hashes (base64) of that
   * page's inline scripts, which the Content-Security-Policy then names instead of a nonce.
   */
  cachedPageScriptHashes?: string[];
  /** The session middleware marked the answer `private, no-store` because it was made for a signed-in viewer. */
  privateForViewer?: boolean;
};

export type AppEnv = { Variables: AppVariables };
