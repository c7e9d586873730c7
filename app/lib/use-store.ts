import { useRouteLoaderData } from "react-router";
import type { RootLoaderData } from "#app/lib/root-loader-data.ts";

/** The store's public identity (name, contact e-mail) loaded once by the root route. */
export function useStore() {
  return useRouteLoaderData<RootLoaderData>("root")?.store;
}
