import { redirect } from "react-router";
import { signOut } from "#server/accounts/sign-out.ts";
import { isHttpsSite } from "#server/config/env.ts";
import { flashCookie } from "#server/http/flash.ts";
import type { Route } from "./+types/resources.sign-out";

/** Sign Out: ends the session and goes home with "Signed Out"; a session already gone → /login. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress, viewer } = context;
  const secure = isHttpsSite(services.env);
  if (!viewer) throw redirect("/login", { headers: { "Set-Cookie": flashCookie("session-expired", secure) } });
  let headers: Headers;
  try {
    headers = await signOut(services, { headers: request.headers, clientAddress });
  } catch (error) {
    services.logger.error({ err: error }, "sign-out failed");
    throw redirect("/account", { headers: { "Set-Cookie": flashCookie("sign-out-failed", secure) } });
  }
  headers.append("Set-Cookie", flashCookie("signed-out", secure));
  throw redirect("/", { headers });
}

export function loader() {
  throw redirect("/account");
}
