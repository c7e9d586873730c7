// Second half of `npm run build`: bundles the Node server (server/main.ts) next to React Router's
// build, and precompresses the hashed client assets so they are served without compressing
// on every request.
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { build } from "esbuild";

// Chunk names change with their contents: old ones would pile up beside the new.
await rm("build/node", { recursive: true, force: true });
await build({
  // React Router's server build (made by `react-router build` just before) is bundled here too,
  // so that it and the server share one copy of React Router: its production build.
  entryPoints: { main: "server/main.ts", "react-router-build": "build/server/index.js" },
  outdir: "build/node",
  bundle: true,
  // Code splitting keeps main.ts's dynamic import lazy (see the comment there).
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Packages stay external (loaded from node_modules at run time), but for React Router's two
  // (aliased below) and the UI kits (see externalPackagesExceptUiKits).
  plugins: [externalPackagesExceptUiKits()],
  // The bundled packages' ES modules, which esbuild can tree-shake (lucide-react's "main" is one
  // CommonJS file of every icon).
  mainFields: ["module", "main"],
  // React Router's package sends every Node import to its development build (its `exports` map
  // has no production condition for Node): unminified, with dev-only checks and warnings on the
  // hot path. These two are bundled from their production files instead.
  alias: {
    "react-router": "./node_modules/react-router/dist/production/index.mjs",
    "@react-router/node": "./node_modules/@react-router/node/dist/index.mjs",
  },
  sourcemap: true,
  logLevel: "warning",
  // React Router's build imports its packages bare (for side effects they declare they have not):
  // dropping those imports is what we want, so the four warnings would only be noise.
  logOverride: { "ignored-bare-import": "silent" },
});

/**
 * lucide-react and radix-ui are bundled, not external: their entry files import every icon (some
 * 1,600 modules) and every Radix component, and the server held all of them from start, some
 * 25–40 MB, to render the few dozen the pages use (issue 14). Bundled, esbuild keeps only those
 * (both packages declare `sideEffects: false`). React stays external: one copy for everything.
 */
function externalPackagesExceptUiKits() {
  // React Router's two packages are left to the alias above too (esbuild applies it after this).
  const bundled = /^(lucide-react|radix-ui|@radix-ui\/[^/]+|react-router|@react-router\/node)(\/|$)/;
  return {
    name: "external-packages-except-ui-kits",
    setup(build) {
      build.onResolve({ filter: /^[^./#]/ }, (args) => (bundled.test(args.path) ? undefined : { external: true }));
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const assetsDir = "build/client/assets";
const compressible = /\.(js|css|svg|json|txt|html|map)$/;
for (const name of await readdir(assetsDir)) {
  if (!compressible.test(name)) continue;
  const file = path.join(assetsDir, name);
  const content = await readFile(file);
  if (content.length < 1024) continue;
  await writeFile(`${file}.br`, await brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, await gzip(content, { level: 9 }));
}
await writeFile("build/.build-complete", new Date().toISOString());
