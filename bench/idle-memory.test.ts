// The idle server's memory depends on what it never loads: the packages only some shops or some
// requests need (decision 17), and better-auth, which no anonymous visit uses. A top-level import
// of one of them anywhere in a page's server code would load it at start again, unnoticed (sharp
// once did), so this starts the built server, warms it up like the bench, and lists its modules.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess } from "#tests/support/server-process.ts";
import { measureIdleMemory, memoryProbeEnv } from "./idle-memory.ts";

const LOADED_ON_FIRST_USE = [
  "better-auth",
  "@node-rs/argon2",
  "sharp",
  "stripe",
  "@aws-sdk/client-s3",
  "pg",
  "ioredis",
  "nodemailer",
  "pdfkit",
  "fontkit",
];

describe("the built server after anonymous visits", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-idle-modules-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("has loaded none of the packages it loads on first use", { timeout: 120_000 }, async () => {
    // The first start seeds (which draws covers with sharp); the measured one is a later start.
    await (await startServerProcess({ dataDir })).stop();
    const server = await startServerProcess({ dataDir, env: memoryProbeEnv({ modules: true }) });
    try {
      const { modules = [] } = await measureIdleMemory(server);
      expect(modules.length).toBeGreaterThan(100);
      const loaded = LOADED_ON_FIRST_USE.filter((name) =>
        modules.some((module) => module.includes(`/node_modules/${name}/`)),
      );
      expect(loaded).toEqual([]);
      // The UI kits are bundled, the icons and components the pages use (scripts/build-server.mjs):
      // their entry files would load every one of them.
      expect(modules.filter((module) => /\/node_modules\/(lucide-react|radix-ui)\//.test(module))).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
