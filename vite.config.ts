import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";

type RollupLog = Rollup.RollupLog;

/**
 * Writes build/client-chunks.json: each browser chunk with the source modules inside it and the
 * chunks it imports. app/client-bundle.test.ts reads it to keep zod and admin code out of the
 * storefront's pages (decision 16). Outside build/client, so the server never serves it.
 */
function clientChunkModules(): Plugin {
  return {
    name: "client-chunk-modules",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      const root = process.cwd();
      const chunks: Record<string, { modules: string[]; imports: string[] }> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = {
          modules: [
            ...new Set(Object.keys(output.modules).map((id) => path.relative(root, id.replace(/^\0|\?.*$/g, "")))),
          ],
          imports: output.imports,
        };
      }
      writeFileSync(path.join(options.dir!, "..", "client-chunks.json"), JSON.stringify(chunks, null, 1));
    },
  };
}

/**
 * Writes build/islands-chunks.json: each chunk of the islands' script (decision 21), built by
 * Vite's worker build (which has no `writeBundle` of its own), with its source modules, the chunks
 * it imports and those it may import later (a page island's own chunk, such as the checkout form's).
 * app/client-bundle.test.ts checks that no zod, admin code or React Router is in what every page loads.
 */
function islandsChunkModules(): Plugin {
  return {
    name: "islands-chunk-modules",
    generateBundle(_options, bundle) {
      const root = process.cwd();
      const chunks: Record<string, { entry: boolean; modules: string[]; imports: string[]; dynamicImports: string[] }> =
        {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = {
          entry: output.isEntry,
          modules: [
            ...new Set(Object.keys(output.modules).map((id) => path.relative(root, id.replace(/^\0|\?.*$/g, "")))),
          ],
          imports: output.imports,
          dynamicImports: output.dynamicImports,
        };
      }
      mkdirSync(path.join(root, "build"), { recursive: true });
      writeFileSync(path.join(root, "build", "islands-chunks.json"), JSON.stringify(chunks, null, 1));
    },
  };
}

/**
 * The islands' script runs on Preact's React compatibility layer instead of React DOM (about 5 kB
 * instead of 69 kB gzipped; decision 21). Only in that build: the server and the pages React
 * Router hydrates keep React.
 */
function preactForIslands(): Plugin {
  const targets: Record<string, string> = {
    react: "preact/compat",
    "react-dom": "preact/compat",
    "react-dom/client": "preact/compat/client",
    "react/jsx-runtime": "preact/jsx-runtime",
    "react/jsx-dev-runtime": "preact/jsx-runtime",
  };
  return {
    name: "preact-for-islands",
    enforce: "pre",
    resolveId(source, importer, options) {
      const target = targets[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

/**
 * zod compiles object parsers with `new Function` unless told not to, and probes for that on the
 * first `z.object()`. Under the shop's Content-Security-Policy (no 'unsafe-eval') the browser
 * refuses the probe and lists a CSP violation in its Issues panel (which costs the Lighthouse
 * best-practices score), even though zod catches it. Turning on `jitless` inside zod's own config
 * module, in the browser build only, skips the probe before any schema exists, whatever chunk
 * order the bundler picks. The server keeps the compiled parsers.
 */
function zodJitlessInBrowser(): Plugin {
  return {
    name: "zod-jitless-in-browser",
    // The islands' worker build is a "client" environment too (the checkout form's chunk has zod).
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      return { code: `${code}\nconfig({ jitless: true });\n`, map: null };
    },
  };
}

/**
 * Build warnings known to be harmless, left out so that a real one stands out: zod's comments that
 * Rollup cannot read as annotations (it drops them, as zod intends), the empty browser chunks of
 * resource routes (they have no component), and the server build's note that a schema the checkout
 * form loads lazily in the browser is also imported at once on the server.
 */
function quietKnownWarnings(warning: RollupLog, warn: (warning: RollupLog) => void): void {
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
  if (warning.code === "EMPTY_BUNDLE") return;
  if (warning.plugin === "vite:reporter" && warning.message.includes("dynamic import will not move module")) return;
  warn(warning);
}

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter(), clientChunkModules(), zodJitlessInBrowser()],
  // A build says only what needs reading (warnings, errors), not every file it wrote.
  logLevel: command === "build" ? "warn" : "info",
  build: { assetsInlineLimit: 0, reportCompressedSize: false, rollupOptions: { onwarn: quietKnownWarnings } },
  // The islands' script (app/islands-client.tsx, decision 21) is imported with `?worker&url`: Vite
  // builds it as a file of its own (plus the chunks of islands only some pages have) and gives
  // its address. An ES module, as it is loaded.
  worker: {
    format: "es",
    plugins: () => [preactForIslands(), zodJitlessInBrowser(), islandsChunkModules()],
  },
}));
