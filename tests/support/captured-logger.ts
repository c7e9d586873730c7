import { Writable } from "node:stream";
import { createLogger, type Logger } from "#server/logging/logger.ts";

/** A logger that writes nowhere, and the lines it would have written, parsed, for the test to read. */
export function capturedLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { logger: createLogger("info", destination), lines };
}
