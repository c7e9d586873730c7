import type { Viewer } from "#server/accounts/viewer.ts";
import type { FlashMessage } from "./flash.ts";

/** What the Hono middlewares work out about a request, in the order they run. */
export type AppVariables = {
  clientAddress: string;
  viewer: Viewer | null;
  sessionExpired: boolean;
  flash: FlashMessage | null;
  maintenance: boolean;
};

export type AppEnv = { Variables: AppVariables };
