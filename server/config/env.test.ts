import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, isHttpsSite, loadEnv } from "./env.ts";

describe("loadEnv", () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-env-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("uses the documented defaults when nothing is set", () => {
    const dir = dataDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.NODE_ENV).toBe("development");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.DATA_DIR).toBe(path.resolve(dir));
  });

  it("treats blank values as unset", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), PORT: "", DATABASE_URL: "  " });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names the variable in one line when a value is invalid", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PORT: "eighty" }, /^Invalid configuration: PORT .*\(got "eighty"\)$/],
      [{ PORT: "70000" }, /^Invalid configuration: PORT must be between 1 and 65535/],
      [{ DATABASE_URL: "mysql://x" }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL/],
      [{ PUBLIC_URL: "shop.example" }, /^Invalid configuration: PUBLIC_URL /],
      [{ OWNER_EMAIL: "owner" }, /^Invalid configuration: OWNER_EMAIL must be an e-mail address/],
      [{ SMTP_URL: "mail.example:25" }, /^Invalid configuration: SMTP_URL /],
      [{ LOG_LEVEL: "loud" }, /^Invalid configuration: LOG_LEVEL /],
      [{ REDIS_URL: "127.0.0.1:6379" }, /^Invalid configuration: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
      [{ TRUST_PROXY: "maybe" }, /^Invalid configuration: TRUST_PROXY /],
      [
        { APP_SECRET: "short" },
        /^Invalid configuration: APP_SECRET must be at least 32 characters long \(got "<hidden>"\)$/,
      ],
    ];
    for (const [vars, message] of cases) {
      const attempt = () => loadEnv({ DATA_DIR: dataDir(), ...vars });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(message);
      try {
        attempt();
      } catch (error) {
        expect((error as Error).message).not.toContain("\n");
      }
    }
  });

  it("never repeats credentials of a rejected URL", () => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), SMTP_URL: "ftp://user:hunter2@mail" })).toThrow(/^(?!.*hunter2)/);
    expect(() => loadEnv({ DATA_DIR: dataDir(), REDIS_URL: "http://:hunter2@cache" })).toThrow(/^(?!.*hunter2)/);
  });

  it("requires APP_SECRET in production", () => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), NODE_ENV: "production" })).toThrow(
      "Invalid configuration: APP_SECRET is required when NODE_ENV=production",
    );
    const secret = "s".repeat(40);
    expect(loadEnv({ DATA_DIR: dataDir(), NODE_ENV: "production", APP_SECRET: secret }).APP_SECRET).toBe(secret);
  });

  it("reads the cover bucket settings, which need COVERS_S3_BUCKET and keys in pairs", () => {
    const dir = dataDir();
    expect(loadEnv({ DATA_DIR: dir }).COVERS_S3_BUCKET).toBeUndefined();
    const env = loadEnv({
      DATA_DIR: dir,
      COVERS_S3_BUCKET: "shop-covers",
      COVERS_S3_ENDPOINT: "https://s3.example.com",
      COVERS_S3_FORCE_PATH_STYLE: "true",
      COVERS_S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      COVERS_S3_SECRET_ACCESS_KEY: "very-secret",
    });
    expect(env).toMatchObject({
      COVERS_S3_BUCKET: "shop-covers",
      COVERS_S3_REGION: "us-east-1",
      COVERS_S3_PREFIX: "covers/",
      COVERS_S3_FORCE_PATH_STYLE: true,
    });
    const refused: [Record<string, string>, RegExp][] = [
      [{ COVERS_S3_BUCKET: "Shop_Covers" }, /^Invalid configuration: COVERS_S3_BUCKET must be a bucket name/],
      [{ COVERS_S3_ENDPOINT: "https://s3.example.com" }, /COVERS_S3_ENDPOINT is set but COVERS_S3_BUCKET is not$/],
      [
        { COVERS_S3_BUCKET: "covers", COVERS_S3_ENDPOINT: "ftp://x" },
        /^Invalid configuration: COVERS_S3_ENDPOINT must be/,
      ],
      [{ COVERS_S3_BUCKET: "covers", COVERS_S3_ACCESS_KEY_ID: "AKIA" }, /must be set together/],
      [{ COVERS_S3_BUCKET: "covers", COVERS_S3_PREFIX: "../x y" }, /^Invalid configuration: COVERS_S3_PREFIX/],
    ];
    for (const [values, message] of refused) {
      expect(() => loadEnv({ DATA_DIR: dir, ...values })).toThrow(message);
    }
    // The secret is never repeated in a message.
    expect(() => loadEnv({ DATA_DIR: dir, COVERS_S3_SECRET_ACCESS_KEY: "very-secret" })).toThrow(/^(?!.*very-secret)/);
  });

  it("generates a development secret once and keeps it in the data directory", () => {
    const dir = dataDir();
    const first = loadEnv({ DATA_DIR: dir }).APP_SECRET;
    const second = loadEnv({ DATA_DIR: dir }).APP_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(readFileSync(path.join(dir, "app-secret"), "utf8").trim()).toBe(first);
  });

  it("reads PORT, PUBLIC_URL and TRUST_PROXY", () => {
    const env = loadEnv({
      DATA_DIR: dataDir(),
      PORT: "8080",
      PUBLIC_URL: "https://shop.example/",
      TRUST_PROXY: "true",
    });
    expect(env.PORT).toBe(8080);
    expect(env.PUBLIC_URL).toBe("https://shop.example");
    expect(env.TRUST_PROXY).toBe(true);
  });

  it("listens on this machine only behind a proxy, unless HOST says otherwise", () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).HOST).toBeUndefined();
    expect(loadEnv({ DATA_DIR: dataDir(), TRUST_PROXY: "true" }).HOST).toBe("127.0.0.1");
    expect(loadEnv({ DATA_DIR: dataDir(), TRUST_PROXY: "true", HOST: "10.0.0.5" }).HOST).toBe("10.0.0.5");
    expect(loadEnv({ DATA_DIR: dataDir(), HOST: "::" }).HOST).toBe("::");
    // The loopback nginx's upstream names, whatever the resolver answers first for the name.
    expect(loadEnv({ DATA_DIR: dataDir(), HOST: "localhost" }).HOST).toBe("127.0.0.1");
    expect(() => loadEnv({ DATA_DIR: dataDir(), HOST: "shop.example" })).toThrow(
      'Invalid configuration: HOST must be an IP address to listen on, such as 127.0.0.1, 0.0.0.0 or :: (got "shop.example")',
    );
  });

  it("accepts PAYPAL_API_URL only on this machine, as STRIPE_API_URL", () => {
    for (const url of ["http://127.0.0.1:12112", "http://localhost:8080/", "http://[::1]:9000"]) {
      expect(loadEnv({ DATA_DIR: dataDir(), PAYPAL_API_URL: url }).PAYPAL_API_URL).toBe(url);
    }
    expect(loadEnv({ DATA_DIR: dataDir() }).PAYPAL_API_URL).toBeUndefined();
    for (const name of ["PAYPAL_API_URL", "STRIPE_API_URL"]) {
      expect(() => loadEnv({ DATA_DIR: dataDir(), [name]: "https://api-m.paypal.com" })).toThrow(
        new RegExp(
          `^Invalid configuration: ${name} must point at this machine \\(127\\.0\\.0\\.1, localhost or \\[::1\\]\\)`,
        ),
      );
      expect(() => loadEnv({ DATA_DIR: dataDir(), [name]: "http://127.0.0.1.example.com" })).toThrow(
        `Invalid configuration: ${name} must point at this machine`,
      );
      expect(() => loadEnv({ DATA_DIR: dataDir(), [name]: "ftp://127.0.0.1" })).toThrow(
        `Invalid configuration: ${name} must be an http(s) URL on this machine`,
      );
    }
  });
});

describe("isHttpsSite", () => {
  it("is true only for an https public address", () => {
    expect(isHttpsSite({ PUBLIC_URL: "https://shop.example" })).toBe(true);
    expect(isHttpsSite({ PUBLIC_URL: "http://localhost:3000" })).toBe(false);
  });
});
