/**
 * The post cache: what every viewer sees of a post alike (./post-view.ts PostRow), kept per process and database
 * pool, and dropped the moment a change of it commits. Postgres says which posts an UPDATE changed
 * (db/migrations/012_post_notify.sql, channel `<schema>_posts`); a deletion, a renamed author or a reconnected
 * listener drops everything. Without change notifications (no versions, or the listener down) every read goes to
 * Postgres.
 *
 * Tips change a post's row too (its tip_count and tip_totals, written when a tip is confirmed), so they drop it the
 * same way.
 *
 * A read that overlaps a change is not kept: each change bumps a generation, and a row read since generation g is
 * stored only if no change to it was heard after g. Rows still read that way are served to that request.
 */
import { type PostRow, readPostRows } from "../../../db/social/posts.js";
import type { Change, Versions } from "../../../db/versions.js";
import { perDatabase } from "../../../db/versions.js";
import type { ApiDeps } from "../../deps.js";

export type { PostMedia, PostRow, PostTipTotal } from "../../../db/social/posts.js";

/** Posts kept per process (about 1 KB each). */
const MAX_POSTS = 20_000;
/** Posts whose last change is remembered for the overlap check; reads older than the oldest one are not kept. */
const MAX_DROPPED = 10_000;

class PostCache {
  private readonly rows = new Map<string, PostRow>();
  private generation = 0;
  /** Generation of each post's last change heard (the newest MAX_DROPPED). */
  private readonly dropped = new Map<string, number>();
  /** Reads that started before this generation are not kept: a change they overlap may be forgotten. */
  private keepFrom = 0;

  constructor(versions: Versions) {
    versions.subscribe((change) => this.heard(change));
  }

  private heard(change: Change) {
    if (change.table !== "posts_rows" && change.table !== "*") return;
    this.generation++;
    if (change.ids === null) {
      this.rows.clear();
      this.dropped.clear();
      this.keepFrom = this.generation;
      return;
    }
    for (const id of change.ids) {
      this.rows.delete(id);
      this.dropped.delete(id);
      this.dropped.set(id, this.generation);
    }
    while (this.dropped.size > MAX_DROPPED) {
      const [oldest, at] = this.dropped.entries().next().value as [string, number];
      this.dropped.delete(oldest);
      this.keepFrom = Math.max(this.keepFrom, at);
    }
  }

  get(id: string): PostRow | undefined {
    return this.rows.get(id);
  }

  /** The generation a read starting now is checked against. */
  now(): number {
    return this.generation;
  }

  /** Keep `row`, read from a snapshot taken after generation `since`, unless a change of it was heard since. */
  keep(row: PostRow, since: number) {
    if (since < this.keepFrom || (this.dropped.get(row.id) ?? 0) > since) return;
    this.rows.set(row.id, row);
    if (this.rows.size > MAX_POSTS) this.rows.delete(this.rows.keys().next().value as string);
  }
}

const caches = perDatabase(() => new WeakMap<Versions, PostCache>());

function cacheOf(deps: ApiDeps): PostCache | undefined {
  const versions = deps.versions;
  // Listening (a key is known): otherwise changes could go unheard.
  if (!versions || versions.key("app") === null) return undefined;
  const byVersions = caches(deps.db);
  let cache = byVersions.get(versions);
  if (!cache) {
    cache = new PostCache(versions);
    byVersions.set(versions, cache);
  }
  return cache;
}

/** The shared parts of posts by id (absent ids: no such post), from the cache or one query for the rest. */
export async function postRows(deps: ApiDeps, ids: string[]): Promise<Map<string, PostRow>> {
  const cache = cacheOf(deps);
  const found = new Map<string, PostRow>();
  const missing: string[] = [];
  for (const id of ids) {
    const row = cache?.get(id);
    if (row) found.set(id, row);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const since = cache?.now() ?? 0;
  for (const row of await readPostRows(deps.db, deps.config.appSchema, missing)) {
    found.set(row.id, row);
    cache?.keep(row, since);
  }
  return found;
}
