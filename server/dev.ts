import { createServer as createHttpServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { loadEnvOrExit, startServices } from "./boot.ts";
import { acquireInstanceLock } from "./db/instance-lock.ts";
import { startBackgroundJobs } from "./jobs/background-jobs.ts";
import { BACKGROUND_JOBS } from "./jobs/job-list.ts";
import { createApp } from "./http/create-app.ts";

/**
 * `npm run dev`: the same Hono app as production, with Vite in front serving source modules
 * with hot reload, and the React Router build loaded through Vite on every request.
 */
const env = loadEnvOrExit();
if (!env.DATABASE_URL) acquireInstanceLock(env.DATA_DIR);
const services = await startServices(env);
startBackgroundJobs(services, BACKGROUND_JOBS);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const app = createApp({
  services,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  mode: "development",
});
const listener = getRequestListener(app.fetch);
createHttpServer((req, res) => {
  vite.middlewares(req, res, () => void listener(req, res));
}).listen(env.PORT, () => {
  console.log(`\n  Dev server at ${env.PUBLIC_URL} (port ${env.PORT})\n`);
});
