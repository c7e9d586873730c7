import type { Auth } from "./auth.ts";
import { setCookieHeaders } from "./auth-errors.ts";
import { authRequestHeaders } from "./auth-request-headers.ts";

/** Ends the current session; the answer clears the session cookie. */
export async function signOut(
  deps: { auth: Auth },
  input: { headers: Headers; clientAddress: string },
): Promise<Headers> {
  const { headers } = await deps.auth.api.signOut({
    headers: authRequestHeaders(input.headers, input.clientAddress),
    returnHeaders: true,
  });
  return setCookieHeaders(headers);
}
