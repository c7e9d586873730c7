/**
 * An account page's address that carries where to go afterwards (`/login?redirectTo=…`), or the
 * bare address when there is nowhere to go back to. The target is checked where it is used
 * (`safeRedirectTarget`), never here.
 */
export function withRedirectTo(path: string, redirectTo: string | null | undefined): string {
  return redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;
}
