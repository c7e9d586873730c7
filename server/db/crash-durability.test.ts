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

    /** Waits (at most 30 s, and only while the writer runs) until `done()` holds. */
    async function waitFor(what: string, done: () => boolean) {
      const deadline = Date.now() + 30_000;
      while (!done()) {
        if (exitCode !== undefined) throw new Error(`The writer exited (${exitCode}) before ${what}`);
        if (Date.now() > deadline) throw new Error(`The writer took over 30 s to reach ${what}`);
        await new Promise((r) => setTimeout(r, 10));
      }
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
