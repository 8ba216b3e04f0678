import { describe, expect, it } from "vitest";
import { singleFlight } from "./single-flight.js";

describe("singleFlight", () => {
  it("test_singleFlight_callsWhileAReadIsInFlight_shareIt", async () => {
    let reads = 0;
    let finish: (n: number) => void = () => {};
    const read = singleFlight(() => {
      reads++;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    });
    const calls = Array.from({ length: 100 }, () => read());
    finish(7);
    expect(await Promise.all(calls)).toEqual(Array(100).fill(7));
    expect(reads).toBe(1);
  });

  it("test_singleFlight_aCallAfterTheReadSettled_readsAgain_evenAfterAFailure", async () => {
    let reads = 0;
    const read = singleFlight(async () => {
      reads++;
      if (reads === 1) throw new Error("down");
      return reads;
    });
    await expect(read()).rejects.toThrow("down");
    expect(await read()).toBe(2);
    expect(await read()).toBe(3);
  });
});
