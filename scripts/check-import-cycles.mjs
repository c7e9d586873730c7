// `npm run lint` (after ESLint): fails when our own modules import each other in a circle.
// ESLint's core rules cannot see across files and no cycle plugin is installed, so this script
// resolves every import (type-only ones too: a type cycle still ties two layers together) with
// TypeScript's own module resolution and looks for strongly connected components (Tarjan).
// React Router's generated `./+types/*` files are left out: they import their route back by design.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOTS = ["app", "common", "server", "tests", "bench", "scripts"];
const root = process.cwd();

const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, "tsconfig.json"),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  },
);
const options = config.options;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(m?[jt]sx?)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const files = ROOTS.flatMap((dir) => {
  try {
    return sourceFiles(path.join(root, dir));
  } catch {
    return [];
  }
});
const known = new Set(files);

const edges = new Map();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
    if (resolved && known.has(path.resolve(resolved))) targets.add(path.resolve(resolved));
  }
  edges.set(file, [...targets]);
}

// Tarjan's strongly connected components; any component with two or more files is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function visit(file) {
  const s = { index, low: index, onStack: true };
  index += 1;
  state.set(file, s);
  stack.push(file);
  for (const next of edges.get(file) ?? []) {
    const t = state.get(next);
    if (!t) {
      visit(next);
      s.low = Math.min(s.low, state.get(next).low);
    } else if (t.onStack) {
      s.low = Math.min(s.low, t.index);
    }
  }
  if (s.low === s.index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component);
  }
}
for (const file of files) if (!state.has(file)) visit(file);

if (cycles.length > 0) {
  console.error(`Import cycles (${cycles.length}): each group's files import one another in a circle.`);
  for (const component of cycles) {
    console.error(
      `- ${component
        .map((f) => path.relative(root, f))
        .sort()
        .join("\n  ")}`,
    );
  }
  process.exit(1);
}
console.log(`No import cycles among ${files.length} files.`);
