import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";
import type PinoPretty from "pino-pretty";

export type { Logger };

/**
 * Field names whose values never reach a log line, wherever they appear in a logged object.
 * Request logs carry only method, path, status and duration; this is the second fence.
 */
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "cookie",
  "authorization",
  "secret",
  "appSecret",
  "APP_SECRET",
  "stripeSecretKey",
  "stripe_secret_key",
  "stripe_secret_key_encrypted",
  "DATABASE_URL",
  "SMTP_URL",
  "COVERS_S3_SECRET_ACCESS_KEY",
  "secretAccessKey",
];

/** JSON lines for machines (journald, a log shipper); short coloured lines for a person at a terminal. */
export type LogFormat = "json" | "pretty";

/** `LOG_FORMAT=auto` (the default): pretty when standard output is a terminal, JSON otherwise. */
export function chooseLogFormat(setting: "auto" | LogFormat, isTerminal = Boolean(process.stdout.isTTY)): LogFormat {
  return setting === "auto" ? (isTerminal ? "pretty" : "json") : setting;
}

export function createLogger(level: string, destination?: DestinationStream, format: LogFormat = "json"): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*.${f}`), "headers.cookie", "headers.authorization"],
        censor: "[redacted]",
      },
    },
    destination ?? (format === "pretty" ? prettyStream() : undefined),
  );
}

/** A request line's fields, shown as "GET /books 200 12.5 ms" rather than as data. */
const REQUEST_FIELDS = ["method", "path", "status", "durationMs"] as const;

/**
 * pino-pretty, loaded only for a terminal (a server under systemd never pays for it). Synchronous,
 * in this process: a person reading along wants the line when it happens.
 */
function prettyStream(): DestinationStream {
  const require = createRequire(import.meta.url);
  const pretty = require("pino-pretty") as typeof PinoPretty;
  return pretty({
    colorize: true,
    singleLine: true,
    translateTime: "SYS:HH:MM:ss",
    ignore: REQUEST_FIELDS.join(","),
    messageFormat: (log: Record<string, unknown>, messageKey: string) =>
      log[messageKey] === "request"
        ? `${String(log.method)} ${String(log.path)} ${String(log.status)} ${String(log.durationMs)} ms`
        : String(log[messageKey] ?? ""),
  });
}
