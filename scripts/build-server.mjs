// Second half of `npm run build`: bundles the Node server (server/main.ts) next to React Router's
// build, and precompresses the hashed client assets so they are served without compressing
// on every request.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outdir: "build/node",
  bundle: true,
  // Code splitting keeps main.ts's dynamic import lazy (see the comment there).
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

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
