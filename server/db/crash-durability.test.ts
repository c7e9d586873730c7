import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabase } from "./database.ts";

/** Rows the writer must have committed before it is killed: enough to kill it mid-stream. */
const COMMITS_BEFORE_KILL = 300;

it("keeps every committed row when the writing process is killed with SIGKILL mid-stream", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-crash-"));
  try {
    // The writer stops by itself after a bounded number of rows, so nothing here can run forever.
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/crash-writer.ts", dataDir, String(COMMITS_BEFORE_KILL * 100)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    const committedIds = () => output.split("\n").filter((line) => line && line !== "ready");
    let exitCode: number | null | undefined;
    const exited = new Promise((resolve) =>
      child.on("exit", (code) => {
        exitCode = code;
        resolve(code);
      }),
    );

    /**
     * Resolves once `done()` holds, checked as each piece of the writer's output arrives; fails if
     * the writer exits first, or after 25 s (a bound only: the plug is then pulled before the test's
     * own timeout).
     */
    function waitFor(what: string, done: () => boolean): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!done()) return;
          stop();
          resolve();
        };
        const fail = (message: string) => {
          stop();
          reject(new Error(message));
        };
        const exitedEarly = () => fail(`The writer exited (${exitCode}) before ${what}`);
        const bound = setTimeout(() => fail(`The writer took over 25 s to reach ${what}`), 25_000);
        const stop = () => {
          clearTimeout(bound);
          child.stdout.off("data", check);
          child.off("exit", exitedEarly);
        };
        // After the listener that collects the output, so each check sees the piece that arrived.
        child.stdout.on("data", check);
        child.on("exit", exitedEarly);
        if (exitCode !== undefined) exitedEarly();
        else check();
      });
    }
    try {
      // Let it write for a while after start-up, then pull the plug.
      await waitFor("start-up", () => output.includes("ready\n"));
      await waitFor(`${COMMITS_BEFORE_KILL} commits`, () => committedIds().length >= COMMITS_BEFORE_KILL);
    } finally {
      child.kill("SIGKILL");
      await exited;
    }

    // Only complete lines: an id half-written when the process died was never reported as committed.
    const committed = committedIds().filter((id) => id.length === 36);
    expect(committed.length).toBeGreaterThanOrEqual(COMMITS_BEFORE_KILL);
    const handle = openDatabase({ dataDir });
    try {
      const stored = new Set((await handle.db.selectFrom("email_subscribers").select("id").execute()).map((r) => r.id));
      const missing = committed.filter((id) => !stored.has(id));
      expect(missing).toEqual([]);
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
