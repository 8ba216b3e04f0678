import { describe, expect, it } from "vitest";
import { allEnded } from "./all-ended.js";

const later = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((done, reject) => setTimeout(() => (fail ? reject(new Error(String(value))) : done(value)), ms));

describe("allEnded", () => {
  it("resolves to the values in order, like Promise.all", async () => {
    expect(await allEnded([later(20, "a"), later(5, 2), 3])).toEqual(["a", 2, 3]);
  });

  it("rejects only once every promise has settled, with the first rejection in order", async () => {
    let slowEnded = false;
    const slow = later(60, "slow").then((v) => {
      slowEnded = true;
      return v;
    });
    await expect(allEnded([later(5, "first", true), slow, later(10, "second", true)])).rejects.toThrow("first");
    expect(slowEnded).toBe(true);
  });
});
