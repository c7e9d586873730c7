import { layout, index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    // Every unknown path: a real 404 page inside the site layout.
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
