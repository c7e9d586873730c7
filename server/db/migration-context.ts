import type { DatabaseEngine } from "./database.ts";

/**
 * What a migration needs to know about the engine it runs on. In a file of its own because
 * migrate.ts imports every migration: a migration importing migrate.ts back would close a circle.
 */
export interface MigrationContext {
  engine: DatabaseEngine;
  /** Column type for a point in time: ISO text on SQLite, timestamptz on PostgreSQL. */
  timestamp: "text" | "timestamptz";
}
