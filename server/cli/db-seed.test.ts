import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/database.ts";

const run = promisify(execFile);

// `npm run db:seed` as an operator runs it, on a fresh SQLite data directory.
describe("npm run db:seed", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function seed(args: string[]) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "shop-db-seed-"));
    dirs.push(dataDir);
    const { stdout } = await run(process.execPath, ["--import", "tsx", "server/cli/db-seed.ts", ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
    });
    const handle = openDatabase({ dataDir });
    try {
      const orders = await handle.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      return { stdout: stdout.trim(), orders: Number(orders.n) };
    } finally {
      await handle.close();
    }
  }

  it("seeds the catalogue without sample orders, and the sample orders with --demo", async () => {
    expect(await seed([])).toEqual({
      stdout: "Seeded 13 books and the default store settings (no sample orders: --demo adds them).",
      orders: 0,
    });
    expect(await seed(["--demo"])).toEqual({
      stdout: "Seeded 13 books, 3 sample orders and the default store settings.",
      orders: 3,
    });
  });
});
