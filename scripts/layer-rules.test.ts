import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

// The layer rules of ARCHITECTURE.md ("Layers") as `npm run lint` applies them: each import below
// is linted as if it stood in the named file, with the project's own eslint.config.js. The probe
// files do not exist, so the one type-aware rule (which needs them in the TypeScript program) is
// left out here; the import rules read only the text.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { "@typescript-eslint/no-floating-promises": "off" },
  },
});

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId?.endsWith("no-restricted-imports")).map((m) => m.message);
}

describe("the layer rules", () => {
  it("keep features apart: no other feature, route or root.tsx, and no climbing out with ../", async () => {
    const file = "app/features/cart/probe.tsx";
    expect(await refusals(file, 'import "#app/features/books/book-card.tsx";')).toHaveLength(1);
    expect(await refusals(file, 'import type { loader } from "#app/root.tsx";')).toHaveLength(1);
    expect(await refusals(file, 'import "#app/routes/home.tsx";')).toHaveLength(1);
    expect(await refusals(file, 'import "../books/book-card.tsx";')).toHaveLength(1);
    expect(await refusals(file, 'import "#app/features/cart/cart-rules.ts";')).toEqual([]);
    expect(await refusals(file, 'import "./cart-rules.ts";')).toEqual([]);
    expect(await refusals(file, 'import "#app/components/ui/toast.tsx";')).toEqual([]);
    expect(await refusals(file, 'import "#app/lib/money.ts";')).toEqual([]);
  });

  it("keep app/lib and app/components below features, routes and root.tsx", async () => {
    for (const file of ["app/lib/probe.ts", "app/components/ui/probe.tsx"]) {
      expect(await refusals(file, 'import type { loader } from "#app/root.tsx";')).toHaveLength(1);
      expect(await refusals(file, 'import "#app/features/cart/cart-rules.ts";')).toHaveLength(1);
      expect(await refusals(file, 'import "#app/routes/home.tsx";')).toHaveLength(1);
      expect(await refusals(file, 'import type { RootLoaderData } from "#app/lib/root-loader-data.ts";')).toEqual([]);
    }
  });

  it("let client code import server types and *-schema.ts files only", async () => {
    const file = "app/features/books/probe.tsx";
    expect(await refusals(file, 'import { startServices } from "#server/boot.ts";')).toHaveLength(1);
    expect(await refusals(file, 'import type { AppServices } from "#server/services.ts";')).toEqual([]);
    expect(await refusals(file, 'import { bookFormSchema } from "#common/books/book-schema.ts";')).toEqual([]);
    // Route modules are where server code is called.
    expect(await refusals("app/routes/probe.tsx", 'import { startServices } from "#server/boot.ts";')).toEqual([]);
  });

  it("keep server code out of app code, except tests that compare the two", async () => {
    expect(await refusals("server/http/probe.ts", 'import routes from "#app/routes.ts";')).toHaveLength(1);
    expect(await refusals("server/probe.ts", 'import routes from "../app/routes.ts";')).toHaveLength(1);
    expect(await refusals("bench/probe.ts", 'import "#app/lib/money.ts";')).toHaveLength(1);
    expect(await refusals("server/http/probe.test.ts", 'import routes from "#app/routes.ts";')).toEqual([]);
  });

  it("give migrations their context from migration-context.ts, not from migrate.ts", async () => {
    const file = "server/db/migrations/9999-probe.ts";
    expect(await refusals(file, 'import type { MigrationContext } from "../migrate.ts";')).toHaveLength(1);
    expect(await refusals(file, 'import type { MigrationContext } from "../migration-context.ts";')).toEqual([]);
    expect(await refusals("server/cli/probe.ts", 'import { migrateToLatest } from "#server/db/migrate.ts";')).toEqual(
      [],
    );
  });
});

describe("the import cycle check", () => {
  const script = path.resolve("scripts/check-import-cycles.mjs");
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function checkCycles(files: Record<string, string>) {
    const dir = mkdtempSync(path.join(tmpdir(), "cycles-"));
    dirs.push(dir);
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "ESNext",
          moduleResolution: "bundler",
          allowImportingTsExtensions: true,
          noEmit: true,
        },
      }),
    );
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module", imports: { "#app/*": "./app/*" } }));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return spawnSync(process.execPath, [script], { cwd: dir, encoding: "utf8" });
  }

  it("names the files of a circle, type-only and aliased imports included", () => {
    const run = checkCycles({
      "app/lib/a.ts": 'import type { B } from "#app/lib/b.ts";\nexport type A = B;\n',
      "app/lib/b.ts": 'import type { A } from "./a.ts";\nexport type B = string | A[];\n',
      "app/lib/c.ts": 'import type { A } from "./a.ts";\nexport type C = A;\n',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("app/lib/a.ts");
    expect(run.stderr).toContain("app/lib/b.ts");
    expect(run.stderr).not.toContain("app/lib/c.ts");
  });

  it("passes imports that point one way", () => {
    const run = checkCycles({
      "app/lib/a.ts": 'import type { B } from "#app/lib/b.ts";\nexport type A = B;\n',
      "app/lib/b.ts": "export type B = string;\n",
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("finds none in this repository", () => {
    const run = spawnSync(process.execPath, [script], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
