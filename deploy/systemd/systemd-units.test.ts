import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The unit files docs/deploy.md installs, checked by systemd's own parser: an unknown key or a
// bad value is a warning systemd would silently ignore on the server.
const SYSTEMD_ANALYZE = "/usr/bin/systemd-analyze";
const units = ["little-scrolls@.service", "little-scrolls-backup.service", "little-scrolls-backup.timer"];

describe.skipIf(!existsSync(SYSTEMD_ANALYZE))("deploy/systemd units", () => {
  it.each(units)("%s passes systemd-analyze verify without a warning", (unit) => {
    const result = spawnSync(SYSTEMD_ANALYZE, ["verify", path.resolve("deploy/systemd", unit)], { encoding: "utf8" });
    const ownWarnings = `${result.stdout}${result.stderr}`
      .split("\n")
      .filter((line) => line.includes(unit) || line.includes("little-scrolls"));
    expect(ownWarnings).toEqual([]);
    expect(result.status).toBe(0);
  });
});
