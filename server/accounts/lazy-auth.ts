import type { Auth, AuthDependencies } from "./auth.ts";

/** better-auth for this shop, built on first use (see `lazyAuth`). */
export type GetAuth = () => Promise<Auth>;

/**
 * better-auth is loaded when something first asks for it: a sign-in, a sign-up, a reset link, or
 * a request that carries a session cookie (resolveViewer returns early without one). Loaded at
 * start it held about 25–40 MB (better-auth, its admin plugin, argon2) in every process, though
 * anonymous visitors, most of the traffic, never use it (issue 14). The first such request after
 * a start pays the load once; every later one gets the same instance.
 */
export function lazyAuth(deps: AuthDependencies): GetAuth {
  let auth: Promise<Auth> | undefined;
  return () => {
    auth ??= import("./auth.ts")
      .then(({ createAuth }) => createAuth(deps))
      .catch((error: unknown) => {
        // Not kept: a failed load (a full disk, say) is tried again by the next request.
        auth = undefined;
        throw error;
      });
    return auth;
  };
}
