import { describe, expect, it } from "vitest";
import { type Mark, markedCache, perDatabase, type Versions, versionedCache } from "./versions.js";

/** Versions with row changes only: `change(key)` is a notified row change, `lose()` changes that went unseen. */
function fakeVersions() {
  let epoch = 0;
  let seq = 0;
  const changedAt = new Map<string, number>();
  const versions = {
    mark: () => ({ epoch, seq }),
    changedSince: (mark: Mark, keys: readonly string[]) =>
      mark.epoch !== epoch || keys.some((k) => (changedAt.get(k) ?? 0) > mark.seq),
  } as unknown as Versions;
  return {
    versions,
    change: (key: string) => changedAt.set(key, ++seq),
    lose: () => {
      epoch++;
      changedAt.clear();
    },
  };
}

describe("markedCache", () => {
  it("keeps a read until a row under one of its keys changes, whatever else changes", async () => {
    const { versions, change, lose } = fakeVersions();
    const cache = markedCache<number>(10);
    let loads = 0;
    const load = (keys: string[]) => async () => ({ value: ++loads, keys });
    expect(await cache(versions, "a", "", load(["A"]))).toBe(1);
    expect(await cache(versions, "b", "", load(["B"]))).toBe(2);
    change("B");
    expect(await cache(versions, "a", "", load(["A"]))).toBe(1);
    expect(await cache(versions, "b", "", load(["B"]))).toBe(3);
    expect(await cache(versions, "b", "", load(["B"]))).toBe(3);
    // Its topics version moved (an app write), or changes went unseen: loaded again.
    expect(await cache(versions, "a", "v2", load(["A"]))).toBe(4);
    lose();
    expect(await cache(versions, "a", "v2", load(["A"]))).toBe(5);
    // No version: uncached.
    expect(await cache(versions, "a", null, load(["A"]))).toBe(6);
    expect(await cache(undefined, "a", "v2", load(["A"]))).toBe(7);
  });

  it("shares a load under way, and loads again for a caller when a key changed before it was done", async () => {
    const { versions, change } = fakeVersions();
    const cache = markedCache<number>(10);
    let loads = 0;
    let release: () => void = () => undefined;
    const slow = async () => {
      const n = ++loads;
      await new Promise<void>((done) => {
        release = done;
      });
      return { value: n, keys: ["A"] };
    };
    const first = cache(versions, "a", "", slow);
    const shared = cache(versions, "a", "", slow);
    expect(loads).toBe(1);
    release();
    expect([await first, await shared]).toEqual([1, 1]);

    change("A");
    const started = cache(versions, "a", "", slow);
    change("A");
    const joined = cache(versions, "a", "", slow);
    release();
    expect(await started).toBe(2);
    await new Promise((done) => setImmediate(done));
    release();
    expect(await joined).toBe(3);
  });
});

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
