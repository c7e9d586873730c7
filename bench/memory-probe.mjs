// Preloaded into the built server by bench/idle-memory.ts (NODE_OPTIONS=--import): the server
// itself has no way to report its heap, and the bench must not add one to production code.
// On SIGUSR2 it writes process.memoryUsage() to MEMORY_PROBE_FILE. With MEMORY_PROBE_MODULES=1 it
// also records every module the server imports (a loader hook on its own thread, which costs
// memory itself: that run's figures are for the list, not for the target).
import { writeFileSync } from "node:fs";
import { createRequire, register } from "node:module";
import { isMainThread } from "node:worker_threads";

const loaded = new Set();

if (isMainThread && process.env.MEMORY_PROBE_FILE) {
  const file = process.env.MEMORY_PROBE_FILE;
  if (process.env.MEMORY_PROBE_MODULES === "1") {
    const { port1, port2 } = new MessageChannel();
    port1.on("message", (url) => loaded.add(url));
    port1.unref();
    register(import.meta.url, { data: { port: port2 }, transferList: [port2] });
  }
  process.on("SIGUSR2", () => {
    // CommonJS modules (required by the packages themselves) are not seen by the ESM hook.
    const required = Object.keys(createRequire(import.meta.url).cache);
    writeFileSync(file, JSON.stringify({ memory: process.memoryUsage(), modules: [...loaded, ...required] }));
  });
}

// The loader hooks (they run on the hooks thread when registered above).
let hookPort;
export function initialize(data) {
  hookPort = data.port;
}
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  hookPort?.postMessage(result.url);
  return result;
}
