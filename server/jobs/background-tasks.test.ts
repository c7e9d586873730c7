import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "#server/logging/logger.ts";
import { createBackgroundTasks } from "./background-tasks.ts";

describe("background tasks", () => {
  it("settles once every task started so far has, those they started included, and logs failures", async () => {
    const lines: string[] = [];
    const logger = createLogger(
      "info",
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const tasks = createBackgroundTasks(logger);
    const done: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    tasks.start(async () => {
      await gate;
      done.push("first");
      tasks.start(async () => done.push("second"), "second failed");
    }, "first failed");
    tasks.start(async () => {
      throw new Error("mail server down");
    }, "a mail could not be sent");
    const settled = tasks.settled().then(() => done.push("settled"));
    await Promise.resolve();
    expect(done).toEqual([]);
    release();
    await settled;
    expect(done).toEqual(["first", "second", "settled"]);
    expect(lines.join("")).toContain("a mail could not be sent");
  });
});
