import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  OperationNodeTransformer,
  PostgresDialect,
  SqliteDialect,
  type Dialect,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from "kysely";
import type pg from "pg";
import { isDatabaseUnavailable } from "./database-errors.ts";
import type { Database } from "./schema.ts";
import { withStatementCache } from "./sqlite-statement-cache.ts";

export type DatabaseEngine = "sqlite" | "postgres";

export interface DatabaseHandle {
  /** The application's typed query builder. */
  db: Kysely<Database>;
  /**
   * `db` without its plugins, for better-auth, which expects the driver's own value types (Date
   * objects on PostgreSQL) rather than the application's ISO strings. The same driver, so on
   * SQLite the same lock: better-auth's writes wait for the shop's open transaction instead of
   * running inside it (a password change, written while another request's transaction was open,
   * was undone when that transaction rolled back).
   */
  authDb: Kysely<Database>;
  engine: DatabaseEngine;
  /**
   * The driver's own connection under both builders, for libraries that speak to it directly
   * (rate-limiter-flexible's stores, server/security/rate-limit-store.ts). Queries go through `db`.
   */
  native: { engine: "sqlite"; connection: SQLite.Database } | { engine: "postgres"; pool: pg.Pool };
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** True when `error` means the database cannot be reached right now (see database-errors.ts). */
  isUnavailableError(error: unknown): boolean;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; undefined selects SQLite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir; tests use their own. */
  sqliteFileName?: string;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  mkdirSync(options.dataDir, { recursive: true });
  return openSqlite(path.join(options.dataDir, options.sqliteFileName ?? "shop.sqlite"));
}

function openSqlite(file: string): DatabaseHandle {
  const connection = new SQLite(file);
  // WAL keeps readers and the writer apart. better-sqlite3 is compiled with synchronous=NORMAL
  // for WAL, which survives a killed process but not a power cut: FULL syncs every commit.
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = FULL");
  connection.pragma("foreign_keys = ON");
  connection.pragma("busy_timeout = 5000");
  return handleOver(new SqliteDialect({ database: withStatementCache(connection) }), new SqliteBooleanPlugin(), {
    native: { engine: "sqlite", connection },
    selectOne: () => connection.prepare("select 1").get(),
  });
}

function openPostgres(connectionString: string): DatabaseHandle {
  // Required here, not imported at the top: a shop on SQLite never loads the PostgreSQL driver.
  const { Pool, types } = createRequire(import.meta.url)("pg") as typeof pg;
  const pool = new Pool({
    connectionString,
    max: 10,
    // During an outage a request must fail fast with a 503, not wait for a connection forever.
    connectionTimeoutMillis: 3000,
    types: {
      getTypeParser(oid: number, format?: "text" | "binary") {
        // count(*) and bigint columns: numbers, not strings (values stay far below 2^53).
        if (oid === types.builtins.INT8) return (value: string) => Number(value);
        return types.getTypeParser(oid, format);
      },
    },
  });
  // A connection losing its server (restart, failover, network cut) emits "error": on the pool
  // while idle, on the client while checked out. Unheard, either ends the process. The query in
  // flight fails on its own (a 503) and the pool replaces the connection on the next checkout.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return handleOver(new PostgresDialect({ pool }), new DatesAsIsoStringsPlugin(), {
    native: { engine: "postgres", pool },
    selectOne: () => pool.query("select 1"),
  });
}

/**
 * The handle over one engine's driver: `plugin` makes its values the application's (`authDb`
 * goes without it), and `selectOne` runs `select 1` on the driver itself, for `ping`.
 */
function handleOver(
  dialect: Dialect,
  plugin: KyselyPlugin,
  { native, selectOne }: { native: DatabaseHandle["native"]; selectOne: () => unknown },
): DatabaseHandle {
  const db = new Kysely<Database>({ dialect, plugins: [plugin] });
  return {
    db,
    authDb: db.withoutPlugins(),
    engine: native.engine,
    native,
    isUnavailableError: isDatabaseUnavailable,
    async ping() {
      try {
        await selectOne();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      // Both builders share the one driver (on SQLite, the one connection): destroying one closes it.
      await db.destroy();
    },
  };
}

/** better-sqlite3 cannot bind booleans: send them as 1/0, as SQLite stores them. */
class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #transformer = new (class extends OperationNodeTransformer {
    protected override transformValue(node: ValueNode): ValueNode {
      return typeof node.value === "boolean" ? { ...node, value: node.value ? 1 : 0 } : node;
    }
    protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
      return { ...node, values: node.values.map((v) => (typeof v === "boolean" ? (v ? 1 : 0) : v)) };
    }
  })();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** PostgreSQL returns timestamptz as Date; the application works with ISO-8601 UTC strings. */
class DatesAsIsoStringsPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { rows } = args.result;
    for (const row of rows) {
      for (const key in row) {
        const value = row[key];
        if (value instanceof Date) row[key] = value.toISOString();
      }
    }
    return args.result;
  }
}
