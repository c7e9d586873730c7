import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// URL, or unset to use SQLite")
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://shop.example" }).optional(),
  APP_SECRET: z.string().min(32, "must be at least 32 characters long").optional(),
  OWNER_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")
    .optional(),
  /** Where rate limits count when set (any number of instances share it); unset: the database. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, "must be a redis:// or rediss:// URL, or unset to keep rate limits in the database")
    .optional(),
  TRUST_PROXY: booleanFlag.default(false),
  /**
   * The address the server listens on. Unset: 127.0.0.1 with TRUST_PROXY (the proxy on this
   * machine is the only way in: anyone reaching the port itself could write X-Forwarded-For and
   * be a new client on every request), else every interface.
   */
  HOST: z
    .union([z.ipv4(), z.ipv6(), z.literal("localhost")], {
      error: "must be an IP address to listen on, such as 127.0.0.1, 0.0.0.0 or ::",
    })
    .optional(),
  /**
   * Where the `stripe` package sends its API calls instead of api.stripe.com: only a loopback
   * address (the tests' stand-in, or Stripe's own stripe-mock), never a production setting.
   */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL on this machine, such as http://127.0.0.1:12111" })
    .refine((value) => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(value).hostname), {
      message: "must point at this machine (127.0.0.1, localhost or [::1]): it exists for tests only",
    })
    .optional(),
  /**
   * Where the PayPal client sends its API calls instead of api-m.paypal.com (or the sandbox's):
   * only a loopback address (the tests' stand-in), never a production setting.
   */
  PAYPAL_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL on this machine, such as http://127.0.0.1:12112" })
    .refine((value) => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(value).hostname), {
      message: "must point at this machine (127.0.0.1, localhost or [::1]): it exists for tests only",
    })
    .optional(),
  /**
   * Milliseconds a stopping instance keeps serving after /readyz turned 503, for load balancers
   * that poll it (0: close at once, right for one instance).
   */
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(60_000, "must be at most 60000")
    .default(0),
  /** Covers in an S3-compatible bucket instead of the database (decision 10): the bucket's name. */
  COVERS_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)",
    )
    .optional(),
  COVERS_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, "must be a region name such as us-east-1 (or auto)")
    .default("us-east-1"),
  /** Only for S3-compatible services (MinIO, R2, Spaces); unset for AWS S3. */
  COVERS_S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://s3.example.com" })
    .optional(),
  COVERS_S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Object names are `<prefix><key>.webp`. */
  COVERS_S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]{0,200}$/, "must be a plain object-name prefix such as covers/")
    .default("covers/"),
  /** Unset: the SDK's standard chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles). */
  COVERS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  COVERS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["auto", "pretty", "json"]).default("auto"),
});

export type Env = Omit<z.infer<typeof envSchema>, "PUBLIC_URL" | "APP_SECRET" | "DATA_DIR"> & {
  /** Absolute path of the data directory (SQLite file, uploads, outgoing mail, generated secret). */
  DATA_DIR: string;
  /** The site's own origin, without a trailing slash; links in e-mails are built from it. */
  PUBLIC_URL: string;
  APP_SECRET: string;
};

/** Thrown for the first invalid variable; its message is the one line printed at start-up. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Reads and validates the whole configuration once. Empty strings count as unset so that a
 * copied `.env.example` with blank values behaves like no value at all.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key]?.trim();
    if (value) raw[key] = value;
  }
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "configuration");
    const given = raw[name] === undefined ? "" : ` (got ${JSON.stringify(redactForMessage(name, raw[name]))})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${given}`);
  }
  const env = parsed.data;
  checkCoverBucket(env, raw);
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");

  let appSecret = env.APP_SECRET;
  if (!appSecret) {
    if (env.NODE_ENV === "production") {
      throw new ConfigError(
        "Invalid configuration: APP_SECRET is required when NODE_ENV=production (at least 32 characters)",
      );
    }
    appSecret = readOrCreateDevSecret(dataDir);
  }

  // "localhost" is IPv4's loopback, where nginx's upstream and the docs point: Node resolves the
  // name itself and, on a machine whose resolver answers ::1 first, would listen on IPv6 only.
  const host = env.HOST === "localhost" ? "127.0.0.1" : (env.HOST ?? (env.TRUST_PROXY ? "127.0.0.1" : undefined));
  return { ...env, HOST: host, DATA_DIR: dataDir, PUBLIC_URL: publicUrl, APP_SECRET: appSecret };
}

/** The bucket settings make sense only together: set alone, they would be silently ignored. */
function checkCoverBucket(env: z.infer<typeof envSchema>, raw: Record<string, string>): void {
  if (!env.COVERS_S3_BUCKET) {
    const stray = Object.keys(raw).find((key) => key.startsWith("COVERS_S3_"));
    if (stray) throw new ConfigError(`Invalid configuration: ${stray} is set but COVERS_S3_BUCKET is not`);
    return;
  }
  if (Boolean(env.COVERS_S3_ACCESS_KEY_ID) !== Boolean(env.COVERS_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration: COVERS_S3_ACCESS_KEY_ID and COVERS_S3_SECRET_ACCESS_KEY must be set together (or neither, for the SDK's own credentials)",
    );
  }
}

function redactForMessage(name: string, value: string | undefined): string {
  if (value === undefined) return "";
  if (name === "APP_SECRET" || name === "COVERS_S3_SECRET_ACCESS_KEY") return "<hidden>";
  if (name === "DATABASE_URL" || name === "SMTP_URL" || name === "REDIS_URL")
    return value.replace(/\/\/[^@/]*@/, "//<credentials>@");
  return value;
}

/** Development only: a secret kept in the data directory so sessions survive restarts. */
function readOrCreateDevSecret(dataDir: string): string {
  const file = path.join(dataDir, "app-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Whether the site is served over https: cookies are then Secure and browsers are told to stay on https (HSTS). */
export function isHttpsSite(env: Pick<Env, "PUBLIC_URL">): boolean {
  return env.PUBLIC_URL.startsWith("https://");
}
