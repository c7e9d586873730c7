import { redirect } from "react-router";
import { signOut } from "#server/accounts/sign-out.ts";
import { redirectWithToast } from "#server/http/flash.ts";
import type { Route } from "./+types/resources.sign-out";

/** Sign Out: ends the session and goes home with "Signed Out"; a session already gone → /login. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress, viewer } = context;
  if (!viewer) throw redirectWithToast(services, "/login", "session-expired");
  let headers: Headers;
  try {
    headers = await signOut(services, { headers: request.headers, clientAddress });
  } catch (error) {
    services.logger.error({ err: error }, "sign-out failed");
    throw redirectWithToast(services, "/account", "sign-out-failed");
  }
  throw redirectWithToast(services, "/", "signed-out", { headers });
}

export function loader() {
  throw redirect("/account");
}
