import { createAdminAccount } from "#server/accounts/create-admin-account.ts";
import { signIn } from "#server/accounts/sign-in.ts";
import { signUp } from "#server/accounts/sign-up.ts";
import type { AppServices } from "#server/services.ts";

export const TEST_PASSWORD = "Shepherd-Psalm-23-Still-Waters";

/**
 * A new account and the Cookie header of a session for it. An admin is made the way the owner
 * makes one (`npm run admin -- create`, /setup): signing up never grants the role.
 */
export async function signedInCookie(
  services: AppServices,
  email: string,
  { admin = false, clientAddress = "192.0.2.1" }: { admin?: boolean; clientAddress?: string } = {},
): Promise<string> {
  const request = { headers: new Headers(), clientAddress };
  const credentials = { email, password: TEST_PASSWORD };
  if (admin) await createAdminAccount(services, credentials);
  else await signUp(services, { ...credentials, ...request });
  const { headers } = await signIn(services, { ...credentials, ...request });
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
