import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { instanceLockHolder } from "./instance-lock.ts";

export const SQLITE_FILE_NAME = "shop.sqlite";

/** backups/shop-2026-11-22T23-40-05Z.sqlite: sorts by time, no characters a shell or Windows minds. */
export function defaultBackupPath(dataDir: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return path.join(dataDir, "backups", `shop-${stamp}.sqlite`);
}

/**
 * A consistent copy of the shop's SQLite database, taken with SQLite's online backup API: safe
 * while the shop runs and writes (pages changed meanwhile are copied again). Returns the file.
 */
export async function backupSqlite(options: { dataDir: string; destination?: string }): Promise<string> {
  const source = path.join(options.dataDir, SQLITE_FILE_NAME);
  if (!existsSync(source)) throw new Error(`No SQLite database at ${source}.`);
  const destination = path.resolve(options.destination ?? defaultBackupPath(options.dataDir));
  if (existsSync(destination)) throw new Error(`${destination} exists already; choose another file.`);
  mkdirSync(path.dirname(destination), { recursive: true });
  const connection = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await connection.backup(destination);
  } finally {
    connection.close();
  }
  return destination;
}

/**
 * Puts a backup back: checks that it is an intact shop database, refuses while a shop process
 * serves the data directory, keeps the current database beside it (shop.sqlite.before-restore-…)
 * and copies the backup in. Returns where the replaced database was kept, if there was one.
 */
export async function restoreSqlite(options: { dataDir: string; source: string; now?: Date }): Promise<string | null> {
  const source = path.resolve(options.source);
  if (!existsSync(source)) throw new Error(`No backup at ${source}.`);
  const holder = instanceLockHolder(options.dataDir);
  if (holder !== null) throw new Error(`The shop (pid ${holder}) is running on ${options.dataDir}: stop it first.`);

  const backup = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    const integrity = backup.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new Error(`${source} is damaged: ${String(integrity)}`);
    const migrations = backup
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get() as { n: number };
    if (migrations.n === 0) throw new Error(`${source} is not a shop database.`);

    const target = path.join(options.dataDir, SQLITE_FILE_NAME);
    let kept: string | null = null;
    if (existsSync(target)) {
      const stamp = (options.now ?? new Date())
        .toISOString()
        .replace(/\.\d+Z$/, "Z")
        .replaceAll(":", "-");
      kept = `${target}.before-restore-${stamp}`;
      renameSync(target, kept);
    }
    // The old file's write-ahead log belongs to it, never to the restored copy.
    for (const suffix of ["-wal", "-shm"]) {
      if (existsSync(target + suffix)) {
        if (kept) renameSync(target + suffix, kept + suffix);
        else rmSync(target + suffix);
      }
    }
    mkdirSync(options.dataDir, { recursive: true });
    await backup.backup(target);
    return kept;
  } finally {
    backup.close();
  }
}
