import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  future: {
    v8_trailingSlashAwareDataRequests: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    // Off on purpose, said here so the build stops warning: middleware would change the load
    // context every loader reads (server/services.ts), and the environment API how Vite is set up.
    v8_middleware: false,
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
