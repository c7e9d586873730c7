import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-variables.ts";

/**
 * The production Content-Security-Policy. Scripts: files from this origin, and inline scripts only
 * when the policy names them: by this response's fresh nonce (a page rendered now; entry.server.tsx
 * puts the nonce on React Router's inline scripts), or, for a page served from the page cache, by
 * the SHA-256 hashes of exactly the inline scripts that carried the nonce when it was rendered
 * (decision 17). No 'unsafe-inline', ever.
 */
function otherDirectives(formTargets: readonly string[]): string {
  return [
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // A form may post here only; `formTargets` are where its answer may redirect the browser
    // (Stripe's payment page after Place Order), which browsers check against this directive too.
    ["form-action 'self'", ...formTargets].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

export function contentSecurityPolicyHeader(scriptSources: string, formTargets: readonly string[] = []): string {
  return `default-src 'self'; script-src 'self'${scriptSources ? ` ${scriptSources}` : ""}; ${otherDirectives(formTargets)}`;
}

/**
 * Sets `cspNonce` for the renderer, then the policy on whatever response comes back.
 * `formTargets`: origins a form's answer may redirect to (Stripe's payment page).
 */
export function contentSecurityPolicy({ formTargets }: { formTargets: readonly string[] }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    await next();
    const hashes = c.get("cachedPageScriptHashes");
    const scriptSources = hashes ? hashes.map((hash) => `'sha256-${hash}'`).join(" ") : `'nonce-${nonce}'`;
    c.res.headers.set("Content-Security-Policy", contentSecurityPolicyHeader(scriptSources, formTargets));
  };
}
