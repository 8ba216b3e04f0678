import { describe, expect, it } from "vitest";
import { perDatabase, versionedCache } from "./versions.js";

describe("versionedCache", () => {
  it("serves an entry only under the version it was loaded at, and shares one load between concurrent misses", async () => {
    const cache = versionedCache<number>(10);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache("k", "1", load), cache("k", "1", load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache("k", "1", load)).toBe(1);
    expect(await cache("k", "2", load)).toBe(2);
    expect(await cache("k", "2", load)).toBe(2);
    expect(loads).toBe(2);
  });

  it("bypasses the cache without a version", async () => {
    const cache = versionedCache<number>(10);
    let loads = 0;
    const load = async () => ++loads;
    await cache("k", null, load);
    await cache("k", null, load);
    expect(loads).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const cache = versionedCache<number>(10);
    await expect(cache("k", "1", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await new Promise((done) => setImmediate(done));
    expect(await cache("k", "1", async () => 7)).toBe(7);
  });

  it("drops the oldest entries past its bound", async () => {
    const cache = versionedCache<string>(2);
    let loads = 0;
    const load = (v: string) => async () => {
      loads++;
      return v;
    };
    await cache("a", "1", load("a"));
    await cache("b", "1", load("b"));
    await cache("c", "1", load("c"));
    expect(loads).toBe(3);
    await cache("c", "1", load("c"));
    await cache("b", "1", load("b"));
    expect(loads).toBe(3);
    await cache("a", "1", load("a"));
    expect(loads).toBe(4);
  });
});

describe("perDatabase", () => {
  it("makes one value per pool and never shares it with another", () => {
    const caches = perDatabase(() => new Map<string, number>());
    const [a, b] = [{}, {}];
    caches(a).set("k", 1);
    expect(caches(a).get("k")).toBe(1);
    expect(caches(b).get("k")).toBeUndefined();
    expect(caches(a)).toBe(caches(a));
  });
});
