import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { readdirSync } from "node:fs";

const FEATURES = readdirSync(new URL("app/features/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Outside its own folder, app code imports through `#app/…`, so the rules below see every path.
const PARENT_FOLDER = { regex: "^\\.\\./", message: "Import from outside this folder through `#app/…`." };
const SERVER_NOT_APP = {
  regex: "^(#app/|(\\.\\./)+app/)",
  message: "Server code never imports app code: move what both need to common/ (the app may import it).",
};
// common/ runs on both sides: it imports nothing of ours, so neither side drags the other along.
const COMMON_ALONE = {
  regex: "^(#app/|#server/|#tests/|(\\.\\./)+(app|server|tests)/)",
  message: "common/ imports nothing of the app's or the server's: it is what both sides share.",
};

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // A promise nobody awaits fails silently, or as an unhandled rejection that ends a process or a
    // test run: every promise is awaited, returned, or marked `void` where firing and forgetting is
    // meant (a fetcher's submit). The one typed rule: it needs the TypeScript program.
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { "@typescript-eslint/no-floating-promises": "error" },
  },
  {
    // The unit project runs its files in shared workers (isolate: false, vitest.config.ts): a file
    // that mocked a module, faked the clock or changed the environment would leak into the next.
    files: [
      "server/**/*.test.ts",
      "common/**/*.test.ts",
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "scripts/**/*.test.ts",
      "deploy/**/*.test.ts",
      "bench/**/*.test.ts",
      "tests/support/**/*.test.ts",
    ],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["mock", "doMock", "useFakeTimers", "stubEnv", "stubGlobal", "resetModules"].map((property) => ({
          object: "vi",
          property,
          message:
            "Server tests share their worker with other files (decision 8): pass a part through startServices' overrides or deps instead.",
        })),
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "AssignmentExpression > MemberExpression.left[object.object.name='process'][object.property.name='env']",
          message:
            "Server tests share their worker with other files (decision 8): pass env to loadEnv or createTestApp instead.",
        },
      ],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // A browser's first Intl object loads its locale data, 50–150 ms of main thread on every
    // storefront page that made one (decision 7): money and dates are written by hand in their one
    // module each. The admin screens, which a phone visitor never loads, may use Intl.
    files: ["app/**/*.ts", "app/**/*.tsx", "common/**"],
    ignores: ["app/features/admin*/**", "app/routes/admin/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-globals": [
        "error",
        {
          name: "Intl",
          message:
            "No Intl in storefront code: its first use costs a phone 50–150 ms. Format with common/money/money.ts or common/dates.ts (decision 7).",
        },
      ],
    },
  },
  {
    // Only route modules (whose loaders and actions React Router strips from the browser bundle)
    // may call server code; components and features may import its types. What both sides run
    // is in common/.
    files: ["app/components/**", "app/features/**", "app/lib/**", "app/islands/**", "app/islands-client.tsx"],
    // Tests are never bundled: a component's test may build its props with the server's own code.
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // A regex, not a `group` glob: gitignore-style globs read a leading `#` as a comment.
              regex: "^#server/",
              allowTypeImports: true,
              message: "Server code runs in route loaders/actions only; import types with `import type`.",
            },
          ],
        },
      ],
    },
  },
  // Layer rules (ARCHITECTURE.md, "Layers"): imports point one way, routes → features →
  // components/lib, and server code never imports app code. Type imports count too: a type
  // import is still a dependency. Cycles are checked by scripts/check-import-cycles.mjs.
  ...FEATURES.map((feature) =>
    layer(
      [`app/features/${feature}/**`],
      [
        {
          regex: `^#app/(features/(?!${feature}/)|islands/|routes/|root\\.tsx$)`,
          message:
            "A feature imports no other feature, island, route or root.tsx: move what both need to app/components or app/lib.",
        },
        PARENT_FOLDER,
      ],
    ),
  ),
  layer(
    ["app/lib/**", "app/components/**"],
    [
      {
        regex: "^#app/(features/|islands/|routes/|root\\.tsx$)",
        message:
          "app/lib and app/components sit below features, islands and routes and never import them (nor root.tsx).",
      },
      PARENT_FOLDER,
    ],
  ),
  // Islands (decision 21) compose features as routes do; routes and the islands' entry use them.
  layer(
    ["app/islands/**"],
    [
      {
        regex: "^#app/(routes/|root\\.tsx$)",
        message: "An island composes features, components and lib; it imports no route and not root.tsx.",
      },
      PARENT_FOLDER,
    ],
  ),
  layer(["server/**", "bench/**", "scripts/**"], [SERVER_NOT_APP]),
  layer(["common/**"], [COMMON_ALONE]),
  // Payment providers are adapters of the payment process (server/orders/payment-process.ts):
  // server/payments/ imports server/orders, never the reverse; orders reach a provider only
  // through the PaymentProvider it is handed (server/orders/payment-provider.ts).
  layer(
    ["server/orders/**"],
    [
      SERVER_NOT_APP,
      {
        regex: "^(#server/payments/|\\.\\./payments/)",
        message: "server/orders never imports a payment provider: take it from deps.paymentProviders.",
      },
    ],
  ),
  layer(
    ["server/db/migrations/**"],
    [
      SERVER_NOT_APP,
      {
        // migrate.ts imports every migration; a migration importing it back would close a cycle.
        regex: "/migrate(\\.ts)?$",
        message: "Migrations take their context from server/db/migration-context.ts, not migrate.ts.",
      },
    ],
  ),
  // Tests may hold the server's rules against the app's (the routes the gates must match, the
  // client's copy of a limit); they are never bundled.
  layer(["server/**/*.test.ts", "common/**/*.test.ts"], []),
);

/** `no-restricted-imports` with `patterns` for `files`; the last block naming a file wins. */
function layer(files, patterns) {
  return { files, rules: { "no-restricted-imports": patterns.length ? ["error", { patterns }] : "off" } };
}
