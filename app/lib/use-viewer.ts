import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";

/** The signed-in person ({ email, isAdmin }) or null, as the root loader saw them. */
export function useViewer() {
  return useRouteLoaderData<typeof rootLoader>("root")?.viewer ?? null;
}
