import pino, { type DestinationStream, type Logger } from "pino";

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

export function createLogger(level: string, destination?: DestinationStream): Logger {
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
    destination,
  );
}
