import type { GetAuth } from "./lazy-auth.ts";
import { setCookieHeaders } from "./auth-errors.ts";
import { authRequestHeaders } from "./auth-request-headers.ts";

/** Ends the current session; the answer clears the session cookie. */
export async function signOut(
  deps: { getAuth: GetAuth },
  input: { headers: Headers; clientAddress: string },
): Promise<Headers> {
  const auth = await deps.getAuth();
  const { headers } = await auth.api.signOut({
    headers: authRequestHeaders(input.headers, input.clientAddress),
    returnHeaders: true,
  });
  return setCookieHeaders(headers);
}
