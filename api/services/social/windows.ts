/**
 * Windows of new posts kept per process: the newest posts of a stream (a viewer's following timeline here, a
 * search's candidates in ./search.ts), brought up to date from the posts inserted since instead of read again.
 *
 * A window knows the `posts_inserted` and `follows` versions it was made under (db/versions.ts). While
 * they hold, nothing it covers has changed. When a post was inserted, the window reads the posts after its
 * watermark and merges them in. The watermark is the newest post created more than WATERMARK_LAG ago
 * (db/social/picks.ts), so a post whose transaction commits after a later one (sequence numbers are taken in order,
 * commits are not) is still after it: exact for posts that commit within WATERMARK_LAG of their creation, which
 * every create-post transaction does.
 */
import { perDatabase } from "../../../db/versions.js";
import type { ApiDeps } from "../../deps.js";

/** Per process and database pool, windows by key, the oldest going first past `max`. */
export function windowStore<W>(max: number) {
  const stores = perDatabase(() => new WeakMap<object, Map<string, W>>());
  return (deps: ApiDeps) => {
    if (!deps.versions) return undefined;
    const byVersions = stores(deps.db);
    let store = byVersions.get(deps.versions);
    if (!store) {
      store = new Map();
      byVersions.set(deps.versions, store);
    }
    const map = store;
    return {
      get: (key: string) => map.get(key),
      set(key: string, window: W) {
        map.delete(key);
        map.set(key, window);
        if (map.size > max) map.delete(map.keys().next().value as string);
      },
    };
  };
}

/** Newest first, without repeats, at most `max`. */
export function newest<T extends { id: string; seq: number }>(posts: T[], max: number): T[] {
  const seen = new Set<string>();
  return posts
    .sort((a, b) => b.seq - a.seq)
    .filter((p) => !seen.has(p.id) && seen.add(p.id))
    .slice(0, max);
}
