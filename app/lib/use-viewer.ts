import { useRouteLoaderData } from "react-router";
import type { RootLoaderData } from "#app/lib/root-loader-data.ts";

/** The signed-in person ({ email, isAdmin }) or null, as the root loader saw them. */
export function useViewer() {
  return useRouteLoaderData<RootLoaderData>("root")?.viewer ?? null;
}
