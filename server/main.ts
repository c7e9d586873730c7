import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { SETUP_LINK_HOURS } from "./accounts/owner-setup.ts";
import { loadEnvOrExit, startServices } from "./boot.ts";
import { acquireInstanceLock } from "./db/instance-lock.ts";
import { LONGEST_BODY_TIMEOUT_MS } from "./http/body-limits.ts";
import { capConnectionsPerClient, serverTimeouts } from "./http/connection-limits.ts";
import { startBackgroundJobs } from "./jobs/background-jobs.ts";
import { BACKGROUND_JOBS } from "./jobs/job-list.ts";

/**
 * Production entry: bundled to build/node/main.js, next to React Router's build/server and
 * build/client.
 */
const SHUTDOWN_GRACE_MS = 10_000;

const env = loadEnvOrExit();
// NODE_ENV above decides how strict the configuration is (production requires APP_SECRET). The
// built server itself is production code whatever that mode: React and React Router pick their
// production builds from NODE_ENV when first loaded, which happens only below.
process.env.NODE_ENV = "production";
const { createApp } = await import("./http/create-app.ts");
if (!env.DATABASE_URL) {
  try {
    acquireInstanceLock(env.DATA_DIR);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
const services = await startServices(env).catch((error: unknown) => {
  console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const { logger } = services;

// React Router's build/server, bundled beside this file with React Router's production build
// (scripts/build-server.mjs).
const serverBuildPath = fileURLToPath(new URL("./react-router-build.js", import.meta.url));
const clientDir = fileURLToPath(new URL("../client", import.meta.url));
if (!existsSync(serverBuildPath)) {
  console.error("The app is not built: run `npm run build` (or `npm start`, which builds it).");
  process.exit(1);
}
const build = (await import(serverBuildPath)) as ServerBuild;

const app = createApp({ services, build, clientDir, mode: "production" });
const server = serve(
  { fetch: app.fetch, hostname: env.HOST, port: env.PORT, serverOptions: serverTimeouts(LONGEST_BODY_TIMEOUT_MS) },
  (info) => {
    logger.info({ address: info.address, port: info.port }, "listening");
    console.log(`\n  Shop running at ${env.PUBLIC_URL} (port ${info.port})`);
    const { token } = services.ownerSetup;
    if (token) {
      console.log(
        `  No admin account yet. Create the owner's admin account here (one use, within ${SETUP_LINK_HOURS} hours):`,
      );
      console.log(`    ${env.PUBLIC_URL}/setup?token=${token}`);
      console.log("  Or run: npm run admin -- create <email>  (a new link: npm run admin -- setup-link)");
      if (env.OWNER_EMAIL) {
        console.log(
          `  An account of ${env.OWNER_EMAIL} (OWNER_EMAIL) becomes an admin only once its address is verified.`,
        );
      }
    } else {
      console.log(`  Admin area: ${env.PUBLIC_URL}/admin (sign in with an admin account)`);
    }
    console.log("");
  },
) as Server;

const stopBackgroundJobs = startBackgroundJobs(services, BACKGROUND_JOBS);

// Behind a reverse proxy every connection comes from the proxy: capping them would throttle
// every visitor at once, so there the proxy is the one to limit connections per client.
if (!env.TRUST_PROXY) capConnectionsPerClient(server);

server.on("error", (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === "EADDRINUSE" ? `Port ${env.PORT} is already in use: set PORT to another one.` : error.message,
  );
  process.exit(1);
});

let shuttingDown = false;
function shutdown(signal: string): void {
  if (shuttingDown) return;
  shuttingDown = true;
  services.lifecycle.draining = true;
  logger.info({ signal }, "shutting down");
  // With SHUTDOWN_DRAIN_MS, keep serving a while so a load balancer polling /readyz moves away first.
  setTimeout(() => closeServer(), env.SHUTDOWN_DRAIN_MS);
}

function closeServer(): void {
  const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  force.unref();
  server.close(() => {
    void stopBackgroundJobs()
      // Mails a request started (a reset link, a verification link) go out before the database closes.
      .then(() => services.backgroundTasks.settled())
      .then(() => services.rateLimitStore.close())
      .then(() => services.database.close())
      .finally(() => {
        logger.info("stopped");
        process.exit(0);
      });
  });
  // Keep-alive sockets with no request in flight would otherwise hold close() open until their
  // timeout; connections whose last request finishes during the shutdown become idle later.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
