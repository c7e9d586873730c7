import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, inject, it } from "vitest";
import { startServerProcess, type ServerProcess } from "#tests/support/server-process.ts";
import { INSTANCE_LOCK_FILE } from "./instance-lock.ts";
import { backupSqlite, restoreSqlite, SQLITE_FILE_NAME } from "./sqlite-backup.ts";

const run = promisify(execFile);

/** The npm scripts as an operator types them, against a data directory. */
async function npmRun(script: string, dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", script, "--", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const countBooks = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare("select count(*) as n from books").get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe("operating a SQLite shop", () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  /**
   * `seeded`: the directory of a shop that has started once (the run's seeded template), so its
   * server starts without migrating and seeding; main.test.ts tests that first start itself.
   */
  const dataDir = ({ seeded = false } = {}) => {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-ops-"));
    dirs.push(dir);
    const template = inject("testDatabaseTemplates").sqlite?.seeded;
    if (seeded && template) copyFileSync(template, path.join(dir, SQLITE_FILE_NAME));
    return dir;
  };
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a second server process on the same data directory, with a clear line", async () => {
    const dir = dataDir({ seeded: true });
    const first = await startServerProcess({ dataDir: dir });
    servers.push(first);
    const second = await startServerProcess({ dataDir: dir, waitForReady: false });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("Another shop process");
    expect(second.output()).toContain("use PostgreSQL");
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  });

  it("takes over the lock of a process that was killed", async () => {
    const dir = dataDir({ seeded: true });
    const first = await startServerProcess({ dataDir: dir });
    first.child.kill("SIGKILL");
    await first.exited;
    expect(existsSync(path.join(dir, INSTANCE_LOCK_FILE))).toBe(true);
    const second = await startServerProcess({ dataDir: dir });
    servers.push(second);
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
  });

  it("backs up while the shop runs and restores only once it is stopped", async () => {
    const dir = dataDir({ seeded: true });
    const server = await startServerProcess({ dataDir: dir });
    servers.push(server);
    const books = countBooks(path.join(dir, SQLITE_FILE_NAME));

    const backup = await npmRun("db:backup", dir);
    expect(backup.code, backup.output).toBe(0);
    const file = /Backed up to (.+\.sqlite)/.exec(backup.output)![1]!;
    expect(countBooks(file)).toBe(books);

    const refused = await npmRun("db:restore", dir, file);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain("stop it first");

    await server.stop();
    servers.length = 0;
    // A change made after the backup goes away with the restore.
    const live = new SQLite(path.join(dir, SQLITE_FILE_NAME));
    live.prepare("delete from order_items").run();
    live.prepare("delete from books").run();
    live.close();
    const restored = await npmRun("db:restore", dir, file);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain("before-restore-");
    expect(countBooks(path.join(dir, SQLITE_FILE_NAME))).toBe(books);

    const again = await startServerProcess({ dataDir: dir });
    servers.push(again);
    expect((await (await fetch(again.url)).text()).includes("The Good Samaritan")).toBe(true);
  }, 120_000);

  it("refuses to restore a file that is not an intact shop database, changing nothing", async () => {
    const dir = dataDir();
    const other = path.join(dir, "other.sqlite");
    new SQLite(other).exec("create table t (x)");
    await expect(restoreSqlite({ dataDir: dir, source: other })).rejects.toThrow("not a shop database");
    await expect(restoreSqlite({ dataDir: dir, source: path.join(dir, "missing.sqlite") })).rejects.toThrow(
      "No backup",
    );
    await expect(backupSqlite({ dataDir: dir })).rejects.toThrow("No SQLite database");
    expect(existsSync(path.join(dir, SQLITE_FILE_NAME))).toBe(false);
  });
});
