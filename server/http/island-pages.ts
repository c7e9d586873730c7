import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { isIslandPageHandle } from "#common/pages/island-page-handle.ts";

/** Whether a normalised path (see `routePath`) is an island page's, matched as the router matches it. */
export type IsIslandPage = (path: string) => Promise<boolean>;

/**
 * Matches paths against the build's route table, so the server knows an island page exactly as
 * the router does: from its route's handle, with no second list of paths to keep in step. The
 * dev server hands a function that loads the build afresh (routes change under it).
 */
export function islandPages(build: ServerBuild | (() => Promise<ServerBuild>)): IsIslandPage {
  let known: { build: ServerBuild; routes: RouteObject[] } | undefined;
  return async (path) => {
    const current = typeof build === "function" ? await build() : build;
    if (known?.build !== current) known = { build: current, routes: routeTree(current) };
    const matches = matchRoutes(known.routes, path);
    return matches?.some((match) => isIslandPageHandle(match.route.handle)) ?? false;
  };
}

function routeTree(build: ServerBuild, parentId?: string): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const { id, path, index, caseSensitive, module } = route!;
      const children = routeTree(build, id);
      return (
        index
          ? { id, index: true, caseSensitive, handle: module.handle }
          : { id, path, caseSensitive, handle: module.handle, children }
      ) satisfies RouteObject;
    });
}
