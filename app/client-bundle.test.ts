// The browser bundle's budget rules (decision 16), checked on the real build: every chunk a
// page's route loads, followed through its imports, and the source modules inside each chunk
// (build/client-chunks.json, written by vite.config.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const CHUNKS = "build/client-chunks.json";
const ASSETS = "build/client/assets";
const ISLANDS = "build/islands-chunks.json";

interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
}

function readBuild() {
  if (!existsSync(CHUNKS)) throw new Error("No build: run `npm run build` before this test.");
  const chunks = JSON.parse(readFileSync(CHUNKS, "utf8")) as Record<string, { modules: string[]; imports: string[] }>;
  const manifestFile = readdirSync(ASSETS).find((name) => /^manifest-\w+\.js$/.test(name));
  if (!manifestFile) throw new Error(`No route manifest in ${ASSETS}`);
  const manifest = JSON.parse(
    readFileSync(`${ASSETS}/${manifestFile}`, "utf8")
      .replace(/^window\.__reactRouterManifest=/, "")
      .replace(/;\s*$/, ""),
  ) as { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute & { parentId?: string }> };
  return { chunks, manifest };
}

/** Every source module a page of `routeId` loads: the entry, the route and its parents, their imports. */
function modulesOfPage(build: ReturnType<typeof readBuild>, routeId: string): Set<string> {
  const files: string[] = [build.manifest.entry.module, ...build.manifest.entry.imports];
  for (let id: string | undefined = routeId; id; id = build.manifest.routes[id]?.parentId) {
    const route = build.manifest.routes[id]!;
    files.push(route.module, ...(route.imports ?? []));
  }
  const seen = new Set<string>();
  const modules = new Set<string>();
  while (files.length > 0) {
    const file = files.pop()!.replace(/^\//, "");
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = build.chunks[file];
    if (!chunk) throw new Error(`${file} is not a chunk of the build`);
    for (const module of chunk.modules) modules.add(module);
    files.push(...chunk.imports);
  }
  return modules;
}

const ADMIN_CODE = /^app\/(routes\/admin\/|features\/admin)/;
const ZOD = /node_modules\/zod\//;

describe("client bundle", () => {
  const build = readBuild();
  const storefrontRoutes = Object.keys(build.manifest.routes).filter((id) => !id.startsWith("routes/admin/"));

  it("loads no admin code on any storefront page", () => {
    expect(storefrontRoutes.length).toBeGreaterThan(20);
    for (const id of storefrontRoutes) {
      expect(
        [...modulesOfPage(build, id)].filter((m) => ADMIN_CODE.test(m)),
        id,
      ).toEqual([]);
    }
  });

  it("loads no zod through React Router on any storefront page (island pages: their forms fetch it when used)", () => {
    for (const id of storefrontRoutes) {
      expect(
        [...modulesOfPage(build, id)].filter((m) => ZOD.test(m)),
        id,
      ).toEqual([]);
    }
  });

  it("sees admin code and zod where they are, so the two rules above can fail", () => {
    expect([...modulesOfPage(build, "routes/admin/dashboard")].some((m) => ADMIN_CODE.test(m))).toBe(true);
    // Store Settings checks its fields with zod in the browser (the storefront's forms fetch zod later).
    expect([...modulesOfPage(build, "routes/admin/settings")].some((m) => ZOD.test(m))).toBe(true);
  });

  it("runs the islands' script (decision 21) on Preact, with no React DOM, zod, admin code or React Router", () => {
    if (!existsSync(ISLANDS)) throw new Error("No islands build: run `npm run build` before this test.");
    const chunks = JSON.parse(readFileSync(ISLANDS, "utf8")) as Record<
      string,
      { entry: boolean; modules: string[]; imports: string[]; dynamicImports: string[] }
    >;
    // What every island page loads: the entry and the chunks it imports (not those of page islands).
    const entries = Object.keys(chunks).filter((file) => chunks[file]!.entry);
    expect(entries).toHaveLength(1);
    const loaded = new Set<string>();
    const queue = [...entries];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (loaded.has(file)) continue;
      loaded.add(file);
      queue.push(...chunks[file]!.imports);
    }
    const modules = [...loaded].flatMap((file) => chunks[file]!.modules);
    expect(modules.some((m) => m.startsWith("app/features/cart/"))).toBe(true);
    expect(modules.some((m) => /node_modules\/preact\/compat\//.test(m))).toBe(true);
    const refused = /node_modules\/(react|react-dom|react-router)\//;
    expect(modules.filter((m) => ZOD.test(m) || ADMIN_CODE.test(m) || refused.test(m))).toEqual([]);
    // An island of one page only is that page's chunk, not in what every island page loads.
    for (const onePage of [
      "app/islands/home-book-grid.tsx",
      "app/features/books/catalogue-filters.tsx",
      "app/features/cart/clear-placed-cart.tsx",
      "app/components/forms/post-button.tsx",
    ]) {
      expect(modules).not.toContain(onePage);
    }

    // Each form's own chunk, fetched on its page only, holds no zod either: its schema check (zod)
    // is a chunk the form fetches when it is used (the checkout's when the buyer reaches into it).
    const chunkOf = (module: string) => {
      const files = Object.keys(chunks).filter((file) => chunks[file]!.modules.includes(module));
      expect(files, module).toHaveLength(1);
      return files[0]!;
    };
    for (const [form, schema] of [
      ["app/features/checkout/checkout-form.tsx", "common/checkout/checkout-schema.ts"],
      ["app/features/contact/contact-form.tsx", "common/contact/contact-message-schema.ts"],
      ["app/features/orders/tracking-form.tsx", "common/orders/tracking-schema.ts"],
      ["app/features/accounts/profile-form.tsx", "common/accounts/profile-schema.ts"],
    ]) {
      const formChunk = chunkOf(form!);
      const schemaChunk = chunkOf(schema!);
      expect(loaded.has(formChunk), form).toBe(false);
      expect(
        chunks[formChunk]!.modules.filter((m) => ZOD.test(m) || ADMIN_CODE.test(m) || refused.test(m)),
        form,
      ).toEqual([]);
      expect(chunks[formChunk]!.dynamicImports, form).toContain(schemaChunk);
      expect(
        [schemaChunk, ...chunks[schemaChunk]!.imports].some((file) => chunks[file]!.modules.some((m) => ZOD.test(m))),
        schema,
      ).toBe(true);
    }

    // The same for the sign-in, sign-up, password and setup forms: zod comes with their schemas' chunk.
    const accountForm = chunkOf("app/features/accounts/account-form.tsx");
    const passwordSchema = chunkOf("common/accounts/password-schema.ts");
    for (const form of ["sign-in-form", "sign-up-form", "forgot-password-form", "reset-password-form", "setup-form"]) {
      const chunk = chunkOf(`app/features/accounts/${form}.tsx`);
      expect(loaded.has(chunk), form).toBe(false);
      expect(chunks[chunk]!.imports, form).toContain(accountForm);
      expect(
        chunks[chunk]!.modules.filter((m) => ZOD.test(m) || refused.test(m)),
        form,
      ).toEqual([]);
    }
    expect(loaded.has(accountForm)).toBe(false);
    expect(chunks[accountForm]!.modules.filter((m) => ZOD.test(m) || refused.test(m))).toEqual([]);
    expect(chunks[accountForm]!.dynamicImports).toContain(passwordSchema);

    // The one-button forms' island (Sign Out, Pay by card, …) and the confirmation's cart clearing.
    for (const island of ["app/components/forms/post-button.tsx", "app/features/cart/clear-placed-cart.tsx"]) {
      expect(
        chunks[chunkOf(island)]!.modules.filter((m) => ZOD.test(m) || ADMIN_CODE.test(m) || refused.test(m)),
        island,
      ).toEqual([]);
    }
  });
});
