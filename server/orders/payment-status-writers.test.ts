import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** The one module that may write `orders.payment_status` (decision 9). */
const PAYMENT_PROCESS = "server/orders/payment-process.ts";

/** Query-builder calls whose object argument becomes a row's columns. */
const WRITING_CALLS = new Set(["set", "values", "doUpdateSet"]);
/** Raw SQL that sets the column: `update orders set … payment_status`. */
const RAW_SQL_WRITE = /update\s+"?orders"?\s+set\b[^;]*\bpayment_status\b/i;

/**
 * The lines of `source` that write payment_status: a `payment_status` property (or a first
 * argument "payment_status") inside `.set(…)`, `.values(…)` or `.doUpdateSet(…)`, or raw SQL
 * `update orders set … payment_status` in a string or template. A simple check with known limits:
 * it does not follow values through variables (a row object built elsewhere and passed by name),
 * and it reads nothing outside server/. What it misses a review must catch; what it sees it never
 * lets through.
 */
function paymentStatusWrites(fileName: string, source: string): number[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const lines = new Set<number>();
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const namesColumn = (node: ts.Node) =>
    (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) &&
    (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
    node.name.text === "payment_status";
  const findColumn = (node: ts.Node): void => {
    if (namesColumn(node)) lines.add(lineOf(node));
    ts.forEachChild(node, findColumn);
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITING_CALLS.has(node.expression.name.text)
    ) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteral(first) && first.text === "payment_status") lines.add(lineOf(node));
      node.arguments.forEach(findColumn);
    }
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) &&
      RAW_SQL_WRITE.test(node.getText(file))
    ) {
      lines.add(lineOf(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...lines];
}

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesBelow(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}
// Migrations create the column and its check; they never move an order's payment.
const sourcesBelow = (dir: string) => (dir.endsWith(path.join("db", "migrations")) ? [] : serverSources(dir));

describe("who writes an order's payment state", () => {
  it("the check sees a column set by the query builder or by raw SQL", () => {
    const found = paymentStatusWrites(
      "example.ts",
      [
        'await db.updateTable("orders").set({ payment_status: "paid" }).execute();',
        'await db.insertInto("orders").values([{ id, payment_status }]).execute();',
        'await db.updateTable("orders").set((eb) => ({ ...rest, "payment_status": to })).execute();',
        'await db.updateTable("orders").set("payment_status", "voided").execute();',
        "await sql`UPDATE orders SET amount_refunded_cents = 0, payment_status = 'paid'`.execute(db);",
        // Reads are not writes:
        'await db.selectFrom("orders").select("payment_status").where("payment_status", "=", "paid").execute();',
        "const row: { payment_status: string } = { payment_status: order.payment_status };",
      ].join("\n"),
    );
    expect(found).toEqual([1, 2, 3, 4, 5]);
  });

  it("is the payment process's alone: no other server file writes payment_status", () => {
    const root = process.cwd();
    const writers = serverSources(path.join(root, "server"))
      .map((file) => ({
        file: path.relative(root, file).split(path.sep).join("/"),
        lines: paymentStatusWrites(file, readFileSync(file, "utf8")),
      }))
      .filter((found) => found.lines.length > 0);
    expect(writers.filter((found) => found.file !== PAYMENT_PROCESS)).toEqual([]);
    // The check looks where the writes are: the process itself is found writing.
    expect(writers.map((found) => found.file)).toEqual([PAYMENT_PROCESS]);
  });
});
