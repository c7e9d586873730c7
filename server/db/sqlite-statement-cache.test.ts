import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "./sqlite-statement-cache.ts";

describe("the SQLite statement cache", () => {
  const connection = new SQLite(":memory:");
  afterEach(() => connection.exec("drop table if exists t"));

  it("compiles a statement once and hands the same one back", () => {
    const database = withStatementCache(connection);
    connection.exec("create table t (n integer)");
    const first = database.prepare("select n from t");
    expect(database.prepare("select n from t")).toBe(first);
    expect(database.prepare("select n + 1 from t")).not.toBe(first);
  });

  it("gives a fresh statement while the cached one is still being read row by row", () => {
    const database = withStatementCache(connection);
    connection.exec("create table t (n integer); insert into t values (1), (2)");
    const reading = database.prepare("select n from t") as unknown as SQLite.Statement;
    const rows = reading.iterate();
    rows.next();
    const other = database.prepare("select n from t") as unknown as SQLite.Statement;
    expect(other).not.toBe(reading);
    expect(other.all()).toEqual([{ n: 1 }, { n: 2 }]);
    rows.return?.();
    expect(database.prepare("select n from t")).toBe(reading);
  });

  it("keeps at most 500 statements, dropping the least recently used", () => {
    const database = withStatementCache(connection);
    const first = database.prepare("select 0");
    for (let n = 1; n <= 500; n++) database.prepare(`select ${n}`);
    expect(database.prepare("select 500")).toBe(database.prepare("select 500"));
    expect(database.prepare("select 0")).not.toBe(first);
  });

  it("sees a table's new columns after the schema changed", () => {
    const database = withStatementCache(connection);
    connection.exec("create table t (n integer); insert into t values (1)");
    expect((database.prepare("select * from t") as unknown as SQLite.Statement).all()).toEqual([{ n: 1 }]);
    connection.exec("alter table t add column m integer default 2");
    expect((database.prepare("select * from t") as unknown as SQLite.Statement).all()).toEqual([{ n: 1, m: 2 }]);
  });
});
