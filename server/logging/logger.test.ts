import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { chooseLogFormat, createLogger } from "./logger.ts";

describe("the logger", () => {
  it("writes JSON unless a person reads along at a terminal, or LOG_FORMAT says otherwise", () => {
    expect(chooseLogFormat("auto", true)).toBe("pretty");
    expect(chooseLogFormat("auto", false)).toBe("json");
    expect(chooseLogFormat("json", true)).toBe("json");
    expect(chooseLogFormat("pretty", false)).toBe("pretty");
  });

  it("never writes a secret field, wherever it sits", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger("info", sink);
    logger.info({ password: "hunter2", nested: { token: "t0k3n" }, path: "/login" }, "request");
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ password: "[redacted]", nested: { token: "[redacted]" }, path: "/login" });
  });
});
