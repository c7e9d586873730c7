import { expect, it } from "vitest";
import { HashQueue } from "./hash-queue.ts";

const later = () => {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
};

it("runs one task at a time and refuses at once when the waiting line is full", async () => {
  const queue = new HashQueue({ concurrency: 1, maxWaiting: 1 });
  const gate = later();
  let running = 0;
  let most = 0;
  const task = async () => {
    running += 1;
    most = Math.max(most, running);
    await gate.done;
    running -= 1;
  };
  const first = queue.run(task);
  const second = queue.run(task);
  await Promise.resolve();
  expect(() => queue.run(task)).toThrow(expect.objectContaining({ code: "UNAVAILABLE", status: 503 }));
  gate.release();
  await Promise.all([first, second]);
  expect(most).toBe(1);
});

it("lets an admitted use case hash even when the line fills after it was admitted", async () => {
  const queue = new HashQueue({ concurrency: 1, maxWaiting: 1 });
  const gate = later();
  const spentTheLink = later();
  const inLine = later();
  const admitted = queue.admit(async () => {
    await spentTheLink.done;
    try {
      return queue.run(async () => "hashed");
    } finally {
      inLine.release();
    }
  });
  const blocker = queue.run(() => gate.done);
  const waiting = queue.run(() => gate.done);
  expect(() => queue.run(() => gate.done)).toThrow(expect.objectContaining({ code: "UNAVAILABLE" }));
  spentTheLink.release();
  // The admitted use case asks for its hash while the line is still full.
  await inLine.done;
  gate.release();
  await expect(admitted).resolves.toBe("hashed");
  await Promise.all([blocker, waiting]);
});
