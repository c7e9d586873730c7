import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export const INSTANCE_LOCK_FILE = "shop.sqlite.lock";

export class InstanceLockError extends Error {
  override name = "InstanceLockError";
}

/** The pid in a data directory's lock file, when a live process holds it; null otherwise. */
export function instanceLockHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, INSTANCE_LOCK_FILE), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the directory.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

/**
 * Claims a SQLite data directory for this process. Two server processes on one SQLite file
 * would each keep their own rate limits, caches and background jobs, silently: the second one is
 * refused instead (several instances need PostgreSQL). A lock left by a process that died is
 * taken over. Returns the release function (also run when the process exits).
 */
export function acquireInstanceLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, INSTANCE_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      const release = () => rmSync(file, { force: true });
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = instanceLockHolder(dataDir);
      if (holder !== null && holder !== process.pid) {
        throw new InstanceLockError(
          `Another shop process (pid ${holder}) is already serving ${dataDir}. One SQLite shop runs as one process; ` +
            "to run several instances, use PostgreSQL (DATABASE_URL).",
        );
      }
      // Left by a process that is gone (or by this one): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new InstanceLockError(`Could not claim ${file}.`);
}
