import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

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
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      return { code: `${code}\nconfig({ jitless: true });\n`, map: null };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), zodJitlessInBrowser()],
  build: { assetsInlineLimit: 0 },
});
