import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";

/** The store's public identity (name, contact e-mail) loaded once by the root route. */
export function useStore() {
  return useRouteLoaderData<typeof rootLoader>("root")?.store;
}
