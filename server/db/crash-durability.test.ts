import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabase } from "./database.ts";

it("loses no committed write when the process is killed with SIGKILL", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-crash-"));
  try {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/crash-writer.ts", dataDir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    const exited = new Promise((resolve) => child.on("exit", resolve));
    // Let it write for a while after start-up, then pull the plug.
    while (!output.includes("ready\n")) await new Promise((r) => setTimeout(r, 20));
    while (output.split("\n").length < 300) await new Promise((r) => setTimeout(r, 10));
    child.kill("SIGKILL");
    await exited;

    const committed = output.split("\n").filter((line) => line && line !== "ready");
    expect(committed.length).toBeGreaterThan(100);
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
