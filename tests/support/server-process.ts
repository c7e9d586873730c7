import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const MAIN = path.resolve("build/node/main.js");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<number | null>;
}

interface StartOptions {
  dataDir: string;
  env?: Record<string, string>;
  /** Resolve without waiting for /readyz (for start-up failures). */
  waitForReady?: boolean;
}

/**
 * Runs the built production server (build/node/main.js) as its own process. Test files run
 * two at a time, so another server may take the free port between `freePort()` and `listen`:
 * that start is tried again on a new port.
 */
export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof PortTakenError)) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnce(options: StartOptions): Promise<ServerProcess> {
  if (!existsSync(MAIN)) throw new Error("No build: run `npm run build` before these tests.");
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: options.dataDir,
      PORT: String(port),
      LOG_LEVEL: "info",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  if (options.waitForReady === false) return server;

  const deadline = Date.now() + 60_000;
  let done = false;
  void exited.then(() => (done = true));
  while (Date.now() < deadline && !done) {
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  if (output.includes(`Port ${port} is already in use`)) throw new PortTakenError(`Port ${port} was taken`);
  throw new Error(`Server did not become ready:\n${output}`);
}
