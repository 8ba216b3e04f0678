import { describe, expect, it } from "vitest";
import { startWakeLoop } from "./wake-loop.js";

const tick = (ms = 5) => new Promise((done) => setTimeout(done, ms));

describe("startWakeLoop", () => {
  it("runs one step at a time, and one more for any number of wakes during a step", async () => {
    let steps = 0;
    let inside = 0;
    let most = 0;
    let release: () => void = () => undefined;
    const loop = startWakeLoop({
      step: async () => {
        steps++;
        inside++;
        most = Math.max(most, inside);
        await new Promise<void>((done) => {
          release = done;
        });
        inside--;
      },
      pollMs: 60_000,
      failed: () => undefined,
    });
    await tick();
    for (let i = 0; i < 5; i++) loop.wake();
    release();
    await tick();
    release();
    await tick();
    expect([steps, most]).toEqual([2, 1]);
    const stopping = loop.stop();
    release();
    await stopping;
    loop.wake();
    await tick();
    expect(steps).toBe(2);
  });

  it("tells a failed step, and tries again on the next wake", async () => {
    const failures: unknown[] = [];
    let steps = 0;
    const loop = startWakeLoop({
      step: async () => {
        steps++;
        if (steps === 1) throw new Error("down");
      },
      pollMs: 60_000,
      failed: (error) => failures.push(error),
    });
    await tick();
    loop.wake();
    await tick();
    await loop.stop();
    expect(failures.map((e) => (e as Error).message)).toEqual(["down"]);
    expect(steps).toBe(2);
  });
});
