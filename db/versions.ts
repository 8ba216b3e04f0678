/**
 * Change versions pushed by Postgres, so that each API process can cache reads of indexed and app state and drop
 * them the moment that state changes, without a query per request to find out.
 *
 * One dedicated connection LISTENs on two channels:
 * - `<indexerSchema>_checkpoint`: Ponder writes a block's rows and its `_ponder_checkpoint` row in one transaction.
 *   A row trigger on that table (installed here, in the indexer's schema, and installed again whenever the indexer
 *   recreates its schema) notifies `<chain>:<block>` at that commit, so a notification means the block's rows are
 *   visible.
 * - `<appSchema>_changes`: statement triggers (db/migrations/011_change_notify.sql) notify the name of the app table
 *   written: users and api_keys are topic "auth"; tokens, token_hashtags, posts, votes, vote_tallies, livestreams and
 *   clubs are topic "app" (what token records show); tokens is also topic "tokens" (the app row alone, what pool and
 *   market reads show); launch_labels is topic "labels" (token records show them; post views do not, so a label
 *   raised drops no post cache). 012_post_notify.sql adds `posts_inserted` (topic
 *   "posts_inserted": a post was created) and `follows` (topic "follows").
 * - `<appSchema>_posts` (012_post_notify.sql): the ids of the posts an UPDATE changed, or `*`. These go to the
 *   subscribers (`subscribe`), which drop exactly what they cached of those posts.
 *
 * - `<indexerSchema>_rows`: row triggers (installed here like the checkpoint trigger) on the indexer's token, pool and
 *   peer_token tables notify the keys of the rows a block writes or a reorg reverts: `<chain id>:<token address>` for a
 *   deployment (a peer also names its home token's), `L:<token_layer_id>` for a token row and for a pool row whose
 *   holders count changed (the token's counters are its pool row's), `holders` with the latter too, and `catalog` when
 *   a token row is added or removed. Notified at the commit of the block's transaction, with its checkpoint.
 *   Reads of one token are cached under the keys they read (`markedCache`), so a block drops what it touched and
 *   nothing else.
 *
 * `key(topics)` is a string that changes whenever any of those topics may have changed, or null while a change
 * could go unseen: before the listener is up, after it drops (until it is back), and while the checkpoint trigger
 * is missing. Callers then read uncached. A poll every `pollMs` (default 250) checks the trigger, installs it when
 * missing, and catches checkpoint moves a lost notification would hide. The one window left: between the indexer
 * dropping its schema and the next poll (at most `pollMs`), cached indexed reads can still be served.
 */
import pg from "pg";
import { checkpointBlockOf } from "./indexed/checkpoint.js";
import { installRanking, rankingArmedSql, rollRankingWindow, windowStartAt } from "./indexed/ranking.js";

export type Topic = "indexed" | "app" | "auth" | "tokens" | "labels" | "posts_inserted" | "follows";

/**
 * A change subscribers hear of: the rows of `table` with these ids changed, or any row (`ids` null). `posts_rows`
 * carries the ids of `<appSchema>_posts`; every other table comes from `<appSchema>_changes`, without ids.
 */
export type Change = { table: string; ids: string[] | null };

export type Versions = {
  /** A version of `topics` together, or null when changes to them might go unseen (read uncached then). */
  key(...topics: Topic[]): string | null;
  /**
   * Calls `listener` with each change notified; also with `{ table: "*" }` whenever changes may have gone unseen
   * (the listener reconnected), when whatever was cached from notifications must go. Returns the unsubscribe.
   */
  subscribe(listener: (change: Change) => void): () => void;
  /**
   * Where the stream of row changes stands now, or null while a row change could go unseen (read uncached then).
   * A read loaded after taking a mark is current until `changedSince(mark, keys)` says one of its keys changed.
   */
  mark(): Mark | null;
  /** True when a row with one of `keys` changed after `mark` was taken, or changes may have gone unseen since. */
  changedSince(mark: Mark, keys: readonly string[]): boolean;
  /**
   * True while the maintained ranking of get-tokens (db/indexed/ranking.ts) is installed and so exact; false while it
   * may be missing or stale (read the catalog instead).
   */
  ranked(): boolean;
  /** The last indexed block notified for `chainSlug`, or null when not known this way. */
  indexedBlock(chainSlug: string): number | null;
  /** Resolves once every notification committed before the call has been applied (one round trip). */
  settled(): Promise<void>;
  stop(): Promise<void>;
};

/** A point in the stream of row changes (see Versions.mark). */
export type Mark = { readonly epoch: number; readonly seq: number };

/** The change key of a token's deployment (its token and pool rows, and its peers' rows) on one chain. */
export const indexedTokenKey = (chainId: number, address: string) => `${chainId}:${address.toLowerCase()}`;
/**
 * The change key of the token rows of a token_layer_id (a deployment of it added, changed or removed) and of its
 * holders counts (a pool row's holders_count changed).
 */
export const layerKey = (tokenLayerId: string) => `L:${tokenLayerId.toLowerCase()}`;
/** The change key of the set of indexed tokens: a token row added or removed. */
export const CATALOG_KEY = "catalog";
/** The change key notified whenever a token's holder count changes. */
export const HOLDERS_KEY = "holders";

export type StartVersionsParameters = {
  databaseUrl: string;
  appSchema: string;
  indexerSchema: string;
  pollMs?: number;
  log?: (line: string) => void;
  /**
   * False to follow changes without serving cached reads: key() and mark() are always null, so every read goes to
   * Postgres, while the triggers and the maintained ranking are kept as usual (benchmarks "without caches").
   */
  caching?: boolean;
  /** Called when a chain's indexed block moves (notified, or seen by the poll). */
  onIndexed?: (chainSlug: string, block: number) => void;
};

const TRIGGER = "svc_checkpoint_notify";
const ROWS_TRIGGER = "svc_rows_notify";
/** Polls between two checks of the trending window (db/indexed/ranking.ts) within one hour of this clock. */
const ROLL_CHECK_POLLS = 40;
/** The indexer tables whose row changes are notified by key. */
const ROW_TABLES = ["token", "pool", "peer_token"] as const;
/** Past this many keys remembered, the memory of changes starts over (a new epoch: every cached read reloads once). */
const MAX_CHANGED_KEYS = 500_000;
const TOPIC_OF_TABLE: Record<string, Topic[]> = {
  users: ["auth", "app"],
  posts_inserted: ["posts_inserted"],
  follows: ["follows"],
  api_keys: ["auth"],
  tokens: ["app", "tokens"],
  token_hashtags: ["app"],
  posts: ["app"],
  votes: ["app"],
  vote_tallies: ["app"],
  livestreams: ["app"],
  clubs: ["app"],
  launch_labels: ["labels"],
};
const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

export async function startVersions(p: StartVersionsParameters): Promise<Versions> {
  for (const s of [p.appSchema, p.indexerSchema]) {
    if (!SCHEMA_NAME.test(s)) throw new Error(`Invalid schema name ${s}`);
  }
  const pollMs = p.pollMs ?? 250;
  const ix = p.indexerSchema;
  const checkpointChannel = `${ix}_checkpoint`;
  const appChannel = `${p.appSchema}_changes`;
  const postsChannel = `${p.appSchema}_posts`;
  const rowsChannel = `${ix}_rows`;
  // Row changes: every notified key with the sequence number of its last change. The epoch moves whenever changes may
  // have gone unseen (listener (re)connected, triggers (re)installed, memory started over).
  let epoch = 0;
  let seq = 0;
  const changedAt = new Map<string, number>();
  const newEpoch = () => {
    epoch++;
    changedAt.clear();
  };
  const counters: Record<Topic, number> = {
    indexed: 0,
    app: 0,
    auth: 0,
    tokens: 0,
    labels: 0,
    posts_inserted: 0,
    follows: 0,
  };
  const listeners = new Set<(change: Change) => void>();
  const emit = (change: Change) => {
    for (const listener of listeners) listener(change);
  };
  const blocks = new Map<string, number>();
  let listening = false;
  let triggerInstalled = false;
  let rowsInstalled = false;
  let rankInstalled = false;
  // The trending window last found current (by this process's clock), and polls since: checked again when the hour
  // turns, and every ROLL_CHECK_POLLS polls in case Postgres's clock disagrees.
  let windowChecked: number | null = null;
  let pollsSinceRollCheck = 0;
  let rankRetries = 0;
  let notified = 0;
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  // One query at a time on the listener connection (pg deprecates overlapping ones).
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  const bumpAll = () => {
    for (const t of Object.keys(counters) as Topic[]) counters[t]++;
    newEpoch();
    emit({ table: "*", ids: null });
  };
  const onNotification = (msg: pg.Notification) => {
    notified++;
    if (msg.channel === rowsChannel) {
      if (changedAt.size >= MAX_CHANGED_KEYS) newEpoch();
      changedAt.set(msg.payload ?? "", ++seq);
      return;
    }
    if (msg.channel === checkpointChannel) {
      const [chain, block] = (msg.payload ?? "").split(":");
      if (chain && block) {
        blocks.set(chain, Number(block));
        p.onIndexed?.(chain, Number(block));
      }
      counters.indexed++;
      return;
    }
    if (msg.channel === postsChannel) {
      const payload = msg.payload ?? "*";
      emit({ table: "posts_rows", ids: payload === "*" ? null : payload.split(",") });
      return;
    }
    for (const t of TOPIC_OF_TABLE[msg.payload ?? ""] ?? ["app", "auth"]) counters[t]++;
    emit({ table: msg.payload ?? "*", ids: null });
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: p.databaseUrl, application_name: "api-versions" });
    c.on("notification", onNotification);
    const lost = (why: string) => {
      if (client !== c) return;
      if (!stopped) p.log?.(`versions: listener connection lost (${why}); reads are uncached until it is back`);
      listening = false;
      triggerInstalled = false;
      rowsInstalled = false;
      rankInstalled = false;
      client = null;
      c.end().catch(() => undefined);
    };
    c.on("error", (error) => lost(error.message));
    c.on("end", () => lost("ended"));
    await c.connect();
    await c.query(`LISTEN "${checkpointChannel}"`);
    await c.query(`LISTEN "${appChannel}"`);
    await c.query(`LISTEN "${postsChannel}"`);
    await c.query(`LISTEN "${rowsChannel}"`);
    client = c;
    listening = true;
    bumpAll();
  };

  /** Installs the checkpoint trigger when the indexer's table exists without it; reads the checkpoints. */
  const poll = () => serial(pollOnce);
  const pollOnce = async () => {
    if (stopped) return;
    try {
      if (!client) await connect();
      const c = client as pg.Client;
      const { rows } = await c.query<{
        present: boolean;
        armed: boolean;
        rows_present: boolean;
        rows_armed: boolean;
        trade_present: boolean;
        ranked: boolean;
      }>(
        `SELECT to_regclass($1) IS NOT NULL AS present,
                EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass($1) AND tgname = $2) AS armed,
                ${ROW_TABLES.map((_, i) => `to_regclass($${i + 4}) IS NOT NULL`).join(" AND ")} AS rows_present,
                (SELECT count(*) FROM pg_trigger WHERE tgname = $3
                    AND tgrelid IN (${ROW_TABLES.map((_, i) => `to_regclass($${i + 4})`).join(", ")}))
                  = ${ROW_TABLES.length} AS rows_armed,
                to_regclass('"${ix}".trade') IS NOT NULL AS trade_present,
                ${rankingArmedSql(ix)} AS ranked`,
        [`${ix}._ponder_checkpoint`, TRIGGER, ROWS_TRIGGER, ...ROW_TABLES.map((t) => `${ix}.${t}`)],
      );
      const state = rows[0];
      if (!state?.present) {
        triggerInstalled = false;
        rowsInstalled = false;
        rankInstalled = false;
        return;
      }
      if (!state.armed) {
        triggerInstalled = false;
        await c.query(`
          CREATE OR REPLACE FUNCTION "${ix}".${TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            PERFORM pg_notify('${checkpointChannel}',
              NEW.chain_name || ':' || ${checkpointBlockOf("NEW.latest_checkpoint")});
            RETURN NULL;
          END $$;
          CREATE OR REPLACE TRIGGER ${TRIGGER} AFTER INSERT OR UPDATE ON "${ix}"._ponder_checkpoint
            FOR EACH ROW EXECUTE FUNCTION "${ix}".${TRIGGER}();`);
        p.log?.(`versions: checkpoint trigger installed on ${ix}._ponder_checkpoint`);
      }
      if (!state.rows_present) {
        rowsInstalled = false;
      } else if (!state.rows_armed) {
        rowsInstalled = false;
        await c.query(`
          CREATE OR REPLACE FUNCTION "${ix}".${ROWS_TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $$
          DECLARE r record;
          BEGIN
            IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
            IF TG_TABLE_NAME = 'token' THEN
              PERFORM pg_notify('${rowsChannel}', r.chain_id || ':' || r.address);
              PERFORM pg_notify('${rowsChannel}', 'L:' || r.token_layer_id);
              IF TG_OP <> 'UPDATE' THEN PERFORM pg_notify('${rowsChannel}', '${CATALOG_KEY}'); END IF;
            ELSIF TG_TABLE_NAME = 'pool' THEN
              PERFORM pg_notify('${rowsChannel}', r.chain_id || ':' || r.token);
              -- A token's holders count is its pool row's (indexer/ponder.schema.ts): lookups that weigh holders
              -- watch the token_layer_id of each candidate, or all holders counts.
              IF TG_OP <> 'UPDATE' OR OLD.holders_count <> NEW.holders_count THEN
                PERFORM pg_notify('${rowsChannel}', 'L:' || t.token_layer_id)
                   FROM "${ix}".token t WHERE t.chain_id = r.chain_id AND t.address = r.token;
                PERFORM pg_notify('${rowsChannel}', '${HOLDERS_KEY}');
              END IF;
            ELSE
              PERFORM pg_notify('${rowsChannel}', r.chain_id || ':' || r.address);
              PERFORM pg_notify('${rowsChannel}', r.home_chain_id || ':' || r.home_token);
            END IF;
            RETURN NULL;
          END $$;
          ${ROW_TABLES.map(
            (t) => `CREATE OR REPLACE TRIGGER ${ROWS_TRIGGER} AFTER INSERT OR UPDATE OR DELETE ON "${ix}".${t}
            FOR EACH ROW EXECUTE FUNCTION "${ix}".${ROWS_TRIGGER}();`,
          ).join("\n          ")}`);
        p.log?.(`versions: row change triggers installed on ${ROW_TABLES.map((t) => `${ix}.${t}`).join(", ")}`);
      }
      if (state.ranked) {
        rankInstalled = true;
        const start = windowStartAt(Date.now());
        if (windowChecked !== start || ++pollsSinceRollCheck >= ROLL_CHECK_POLLS) {
          pollsSinceRollCheck = 0;
          try {
            if (await rollRankingWindow(c, ix)) p.log?.(`versions: trending window of ${ix} turned to ${start}`);
            windowChecked = start;
          } catch (error) {
            p.log?.(`versions: trending window not turned yet (${error instanceof Error ? error.message : error})`);
          }
        }
      } else {
        rankInstalled = false;
        if (state.rows_present && state.trade_present) {
          try {
            await installRanking(c, ix);
            rankInstalled = true;
            p.log?.(`versions: token ranking installed and rebuilt in ${ix}`);
            rankRetries = 0;
          } catch (error) {
            // Most likely the indexer's writes held the tables past the lock timeout (a backfill's long batches):
            // the next poll tries again, and the log says so once in ROLL_CHECK_POLLS tries.
            if (rankRetries++ % ROLL_CHECK_POLLS === 0) {
              p.log?.(
                `versions: token ranking not installed yet, try ${rankRetries} (${error instanceof Error ? error.message : error})`,
              );
            }
          }
        }
      }
      const before = notified;
      const checkpoints = await c.query<{ chain_name: string; block: string }>(
        `SELECT chain_name, ${checkpointBlockOf("latest_checkpoint")} AS block FROM "${ix}"._ponder_checkpoint`,
      );
      // A notification that arrived meanwhile is newer than this read: keep it.
      if (notified === before) {
        for (const r of checkpoints.rows) {
          const block = Number(r.block);
          if (blocks.get(r.chain_name) !== block) {
            blocks.set(r.chain_name, block);
            counters.indexed++;
            p.onIndexed?.(r.chain_name, block);
          }
        }
      }
      if (!triggerInstalled) {
        counters.indexed++;
        triggerInstalled = true;
      }
      if (state.rows_present && !rowsInstalled) {
        newEpoch();
        rowsInstalled = true;
      }
    } catch (error) {
      // The indexer may be recreating its schema, or Postgres restarting: uncached until the next good poll.
      triggerInstalled = false;
      rowsInstalled = false;
      rankInstalled = false;
      p.log?.(`versions: poll failed (${error instanceof Error ? error.message : String(error)})`);
    } finally {
      if (!stopped) {
        timer = setTimeout(() => void poll(), pollMs);
        timer.unref();
      }
    }
  };

  await poll();
  return {
    key(...topics) {
      if (!listening || p.caching === false) return null;
      if (topics.includes("indexed") && !triggerInstalled) return null;
      return topics.map((t) => counters[t]).join(":");
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    mark: () => (listening && rowsInstalled && p.caching !== false ? { epoch, seq } : null),
    changedSince(mark, keys) {
      if (mark.epoch !== epoch || !listening || !rowsInstalled) return true;
      if (seq === mark.seq) return false;
      for (const k of keys) if ((changedAt.get(k) ?? 0) > mark.seq) return true;
      return false;
    },
    ranked: () => listening && rankInstalled,
    indexedBlock: (chainSlug) => (listening && triggerInstalled ? (blocks.get(chainSlug) ?? null) : null),
    async settled() {
      // Postgres delivers a listener's pending notifications before the answer to its next query.
      await serial(async () => {
        await client?.query("SELECT 1");
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      listening = false;
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}

/**
 * One value per database pool, made on first use. Caches of reads are kept per pool: a read cached from one
 * database never answers for another (a test's second app, say, on a database that is down).
 */
export function perDatabase<C>(make: () => C): (db: object) => C {
  const byDb = new WeakMap<object, C>();
  return (db) => {
    let value = byDb.get(db);
    if (value === undefined) {
      value = make();
      byDb.set(db, value);
    }
    return value;
  };
}

/**
 * A bounded map of values cached under a version: an entry is served only while `version` (taken before the load
 * started) is unchanged, and a null version bypasses the cache. Concurrent misses of one key share one load; a
 * failed load is not kept. The oldest entries go first past `max`.
 */
export function versionedCache<V>(max: number) {
  const entries = new Map<string, { version: string; value: Promise<V> }>();
  return (key: string, version: string | null, load: () => Promise<V>): Promise<V> => {
    if (version === null) return load();
    const hit = entries.get(key);
    if (hit && hit.version === version) return hit.value;
    const value = load();
    entries.delete(key);
    entries.set(key, { version, value });
    if (entries.size > max) entries.delete(entries.keys().next().value as string);
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}

/** What a read kept by `markedCache` loads: its value and the change keys of the rows it read. */
export type Keyed<V> = { value: V; keys: readonly string[] };

/**
 * A bounded map of reads kept under the row change keys they read (Versions.mark): an entry is served while
 * `version` (a topics version, or "" for none) is unchanged and no row under its keys changed since its load
 * started. A null mark or version bypasses the cache. A caller that finds a load of its key under way shares it,
 * and loads again when a key changed meanwhile. A failed load is not kept; the oldest entries go first past `max`.
 */
export function markedCache<V>(max: number) {
  type Entry = { mark: Mark; version: string; loaded: Promise<Keyed<V>>; keys: readonly string[] | undefined };
  const entries = new Map<string, Entry>();
  const start = (key: string, mark: Mark, version: string, load: () => Promise<Keyed<V>>) => {
    const loaded = load();
    const entry: Entry = { mark, version, loaded, keys: undefined };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > max) entries.delete(entries.keys().next().value as string);
    loaded.then(
      (r) => {
        entry.keys = r.keys;
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return loaded.then((r) => r.value);
  };
  const get = (
    versions: Versions | undefined,
    key: string,
    version: string | null,
    load: () => Promise<Keyed<V>>,
  ): Promise<V> => {
    const mark = versions?.mark() ?? null;
    if (!versions || mark === null || version === null) return load().then((r) => r.value);
    const hit = entries.get(key);
    if (hit && hit.version === version && hit.mark.epoch === mark.epoch) {
      if (!hit.keys) {
        // Under way: share it, unless a row it read changed before it was done.
        return hit.loaded.then((r) =>
          versions.changedSince(hit.mark, r.keys) ? get(versions, key, version, load) : r.value,
        );
      }
      if (!versions.changedSince(hit.mark, hit.keys)) return hit.loaded.then((r) => r.value);
    }
    return start(key, mark, version, load);
  };
  return get;
}
