/**
 * Bulk seed of the social benchmark: users, tokens with holders, follows, clubs with members, topics, posts (with
 * replies, polls, media, club, topic and coin-tagged posts) and votes on posts, poll options and tokens, written
 * with set-based SQL (generate_series) into a migrated app schema.
 *
 * Every derived value is what the services would have written for the same actions:
 * - a vote's weight is the voter's balance of its voting token in the indexer's holder table (the poll's snapshot
 *   for a weighted poll), and voting_token_id is the post's tagged coin, the poll's token or the voted token;
 * - posts' counters (upvotes, downvotes, weighted_*, reply_count) and vote_tallies are the sums over those votes and
 *   replies; popularity and rank_score come from the posts_rank trigger of 006_social.sql, as for the service;
 * - a reply inherits its parent's club and tagged coin; club posts are written by members only; holders-only clubs'
 *   members hold the club's token; no vote lands on a club post (the voter would need access);
 * - weighted polls copy every non-zero holder balance of their token into poll_snapshot_balances;
 * - clubs.member_count counts club_members; the search tsvector is the table's generated column.
 * verify.ts checks all of this, partly through the services themselves.
 *
 * Not seeded: notifications (no benchmarked endpoint reads them), livestreams, club invites.
 *
 * The indexer's tables are a stand-in (bench_ix.token and bench_ix.holder with only the columns the social
 * services read, same names and types as Ponder writes them): no chain is run, since the social reads never touch
 * the chain and the benchmark is about the app tables. The feed and search indexes are dropped during the load and
 * created again afterwards from their own definitions (pg_get_indexdef), which is much faster than maintaining them
 * row by row and yields the same indexes.
 */
import type pg from "pg";
import { walletAddress } from "../../core/wallets.js";
import { mulberry32 } from "../indexer/generateChain.js";
import { pickWord, sentences } from "./words.js";

export type SeedSizes = {
  posts: number;
  votes: number;
  users: number;
  tokens: number;
  clubs: number;
  topics: number;
};

export type SeedParameters = SeedSizes & {
  client: pg.Client;
  appSchema: string;
  indexerSchema: string;
  walletSecret: string;
  seed: number;
  log: (line: string) => void;
};

export type SeedReturnType = {
  /** Seconds per step, in order. */
  steps: [string, number][];
  counts: Record<string, number>;
};

/** Chain of the stand-in deployments (base-sepolia, the local chain's id). */
export const BENCH_CHAIN_ID = 84532;
/** Share of votes on poll options and on tokens; the rest are on posts. */
/** The stand-in indexer's block; weighted polls' snapshots were taken before it. */
const BENCH_INDEXED_BLOCK = 1_000_000;
const POLL_VOTE_SHARE = 0.03;
const TOKEN_VOTE_SHARE = 0.02;
const SENTENCES = 20_000;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** A stride near `n`·0.618 coprime with `n`, so (start + k·stride) mod n visits n distinct values. */
function coprimeStride(n: number): number {
  let s = Math.max(1, Math.floor(n * 0.618));
  while (gcd(s, n) !== 1) s++;
  return s;
}

export async function seedSocial(p: SeedParameters): Promise<SeedReturnType> {
  const { client: db, appSchema: s, indexerSchema: ix } = p;
  const steps: [string, number][] = [];
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const started = performance.now();
    p.log(`[seed] ${name} …`);
    await fn();
    const secs = (performance.now() - started) / 1000;
    steps.push([name, secs]);
    p.log(`[seed] ${name}: ${secs.toFixed(1)} s`);
  };
  const U = p.users;
  const P = p.posts;
  const T = p.tokens;
  const C = p.clubs;
  const stepU = coprimeStride(U);
  const stepP = coprimeStride(P);
  const votesPoll = Math.round(p.votes * POLL_VOTE_SHARE);
  const votesToken = Math.round(p.votes * TOKEN_VOTE_SHARE);
  const votesPost = p.votes - votesPoll - votesToken;
  // Posts span the last 180 days up to a minute ago, in insertion order.
  const end = Date.now() - 60_000;
  const start = end - 180 * 86_400_000;

  await db.query("SET maintenance_work_mem = '512MB'");
  await db.query("SET work_mem = '256MB'");
  await db.query("SET synchronous_commit = off");
  await db.query("DROP SCHEMA IF EXISTS bench_seed CASCADE");
  await db.query("CREATE SCHEMA bench_seed");
  // id(kind, i): a version-4-shaped uuid, the same in every run with the same seed.
  // u(i, salt): a uniform number in [0, 1) from (seed, salt, i), the same in every run with the same seed.
  await db.query(`CREATE FUNCTION bench_seed.u(i bigint, salt text) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT ('x' || substr(md5('${p.seed}:' || salt || ':' || i), 1, 12))::bit(48)::bigint / 281474976710656.0 $$`);
  await db.query(`CREATE FUNCTION bench_seed.id(kind text, i bigint) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid
         FROM md5('${p.seed}:' || kind || ':' || i) h $$`);

  await step(`users (${U})`, async () => {
    const random = mulberry32(p.seed * 7 + 1);
    for (let from = 0; from < U; from += 5000) {
      const n = Math.min(5000, U - from);
      const names: string[] = [];
      const indexes: number[] = [];
      const addresses: string[] = [];
      for (let k = 0; k < n; k++) {
        const i = from + k;
        names.push(`${pickWord(random)}_${pickWord(random)}${i}`.replace(/-/g, "_"));
        indexes.push(i + 1);
        addresses.push(walletAddress(p.walletSecret, i + 1));
      }
      await db.query(
        `INSERT INTO ${s}.users (username, wallet_index, wallet_address, created_at)
         SELECT n, w, a, now() - interval '400 days' + w * interval '1 minute'
           FROM unnest($1::text[], $2::int[], $3::text[]) AS x(n, w, a)`,
        [names, indexes, addresses],
      );
    }
    await db.query(`SELECT setval('${s}.wallet_index_seq', $1)`, [U]);
    await db.query(`CREATE UNLOGGED TABLE bench_seed.us AS
      SELECT wallet_index - 1 AS idx, id, lower(wallet_address) AS wallet, username FROM ${s}.users`);
    await db.query("ALTER TABLE bench_seed.us ADD PRIMARY KEY (idx)");
  });

  await step(`tokens (${T}) and their holders`, async () => {
    const random = mulberry32(p.seed * 7 + 2);
    const symbols = new Set<string>();
    const rows = Array.from({ length: T }, (_, t) => {
      const a = pickWord(random).replace(/[^a-z]/g, "");
      const b = pickWord(random).replace(/[^a-z]/g, "");
      let symbol = (a.slice(0, 2) + b.slice(0, 3)).toUpperCase();
      while (symbols.has(symbol)) symbol = `${symbol.slice(0, 4)}${Math.floor(random() * 100)}`.slice(0, 10);
      symbols.add(symbol);
      const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
      return { t, name: `${cap(a)} ${cap(b)}`, symbol, tag: pickWord(random).replace(/[^a-z]/g, "") };
    });
    await db.query(
      `CREATE UNLOGGED TABLE bench_seed.tk AS
       SELECT t, bench_seed.id('token', t) AS id, name, symbol, tag,
              '0x' || md5('${p.seed}:layer:' || t) || md5('${p.seed}:layer2:' || t) AS layer,
              '0x' || substr(md5('${p.seed}:address:' || t) || md5('${p.seed}:address2:' || t), 1, 40) AS address,
              floor(bench_seed.u(t, 'creator') * ${U})::int AS creator
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS x(t, name, symbol, tag)`,
      [rows.map((r) => r.t), rows.map((r) => r.name), rows.map((r) => r.symbol), rows.map((r) => r.tag)],
    );
    await db.query(`INSERT INTO ${s}.tokens (id, token_layer_id, name, symbol, slug, description, pool_type, chain_slug,
                                             creator_user_id, creator_address, salt, created_at)
      SELECT tk.id, tk.layer, tk.name, tk.symbol, lower(replace(tk.name, ' ', '-')) || '-' || tk.t,
             'The ' || tk.name || ' community token', 7, 'base-sepolia', us.id, us.wallet,
             '0x' || md5('${p.seed}:salt:' || tk.t) || md5('${p.seed}:salt2:' || tk.t),
             now() - interval '200 days' + tk.t * interval '1 hour'
        FROM bench_seed.tk tk JOIN bench_seed.us us ON us.idx = tk.creator`);
    await db.query(`INSERT INTO ${s}.token_hashtags (token_id, hashtag)
      SELECT id, tag FROM bench_seed.tk UNION SELECT id, 'memecoin' FROM bench_seed.tk WHERE t % 3 = 0`);
    // The indexer's tables, as far as the social services read them (Ponder: hex as lower-case text, bigint as
    // numeric(78,0)).
    await db.query(`CREATE SCHEMA ${ix}`);
    await db.query(`CREATE TABLE ${ix}.token (chain_id integer NOT NULL, address text NOT NULL,
      token_layer_id text NOT NULL, PRIMARY KEY (chain_id, address))`);
    await db.query(`CREATE TABLE ${ix}.holder (chain_id integer NOT NULL, token text NOT NULL, address text NOT NULL,
      balance numeric(78, 0) NOT NULL, PRIMARY KEY (chain_id, token, address))`);
    await db.query(`CREATE INDEX ON ${ix}.holder (address)`);
    // Ponder's checkpoint: freshness and poll snapshots read the indexed block at characters 27–42.
    // (finalized_checkpoint too: the event log's sequencer reads it.)
    await db.query(`CREATE TABLE ${ix}._ponder_checkpoint (chain_name text PRIMARY KEY, chain_id bigint NOT NULL,
      latest_checkpoint varchar(75) NOT NULL, finalized_checkpoint varchar(75) NOT NULL)`);
    const checkpoint = `${"0".repeat(26)}${String(BENCH_INDEXED_BLOCK).padStart(16, "0")}${"0".repeat(33)}`;
    await db.query(`INSERT INTO ${ix}._ponder_checkpoint VALUES ('base-sepolia', ${BENCH_CHAIN_ID}, $1, $1)`, [
      checkpoint,
    ]);
    await db.query(
      `INSERT INTO ${ix}.token SELECT ${BENCH_CHAIN_ID}, address, lower(layer) FROM bench_seed.tk ORDER BY t`,
    );
    // Holders per token: 3 to 303 (at most every user), most tokens few, some many; balances log-uniform from 1 to 1,000,000 tokens.
    await db.query(`CREATE UNLOGGED TABLE bench_seed.hs AS
      SELECT tk.t, k, ((floor(bench_seed.u(tk.t, 'holder') * ${U})::bigint + k * ${stepU}) % ${U})::int AS idx,
             (round(power(10, 6 * bench_seed.u(tk.t * 100000 + k, 'balance')) * 1e6)::numeric * 1e12)::numeric(78, 0)
               AS balance
        FROM bench_seed.tk tk,
             generate_series(0, least(${U} - 1, 2 + floor(300 * bench_seed.u(tk.t, 'holders') ^ 3)::int)) k`);
    await db.query("ALTER TABLE bench_seed.hs ADD PRIMARY KEY (t, idx)");
    await db.query(`INSERT INTO ${ix}.holder SELECT ${BENCH_CHAIN_ID}, tk.address, us.wallet, hs.balance
      FROM bench_seed.hs hs JOIN bench_seed.tk tk USING (t) JOIN bench_seed.us us ON us.idx = hs.idx`);
  });

  await step("follows", async () => {
    // Each user follows 0 to 599 accounts, log-uniformly (median about 24), preferring prolific authors.
    await db.query(`INSERT INTO ${s}.follows (follower_id, followee_id, created_at)
      SELECT a.id, b.id, min(now() - bench_seed.u(f.idx * 1000 + f.k, 'followed') * interval '90 days')
        FROM (SELECT us.idx, k, floor(${U} * bench_seed.u(us.idx * 1000 + k, 'followee') ^ 2)::int AS followee
                FROM bench_seed.us us,
                     generate_series(0, floor(exp(bench_seed.u(us.idx, 'follows') * ln(600)))::int - 2) k) f
        JOIN bench_seed.us a ON a.idx = f.idx JOIN bench_seed.us b ON b.idx = f.followee
       WHERE f.followee <> f.idx
       GROUP BY a.id, b.id`);
  });

  await step(`clubs (${C}) and topics (${p.topics})`, async () => {
    // Visibility cycles public, holders, invite. Members: 5 to 205 (at most every user), the owner first; a holders-only club's members
    // are holders of its token.
    await db.query(`CREATE UNLOGGED TABLE bench_seed.cl AS
      SELECT c, bench_seed.id('club', c) AS id, (ARRAY['public', 'holders', 'invite'])[c % 3 + 1] AS visibility,
             c % ${T} AS t, least(${U}, 5 + floor(200 * bench_seed.u(c, 'members') ^ 2)::int) AS m
        FROM generate_series(0, ${C - 1}) c`);
    await db.query(`CREATE UNLOGGED TABLE bench_seed.cm AS
      SELECT cl.c, k, ((floor(bench_seed.u(cl.c, 'owner') * ${U})::bigint + k * ${stepU}) % ${U})::int AS idx
        FROM bench_seed.cl cl, generate_series(0, cl.m - 1) k WHERE cl.visibility <> 'holders'
      UNION ALL
      SELECT cl.c, hs.k, hs.idx FROM bench_seed.cl cl JOIN bench_seed.hs hs ON hs.t = cl.t AND hs.k < cl.m
       WHERE cl.visibility = 'holders'`);
    await db.query("ALTER TABLE bench_seed.cm ADD PRIMARY KEY (c, k)");
    await db.query(`UPDATE bench_seed.cl SET m = (SELECT count(*) FROM bench_seed.cm WHERE cm.c = cl.c)`);
    await db.query(`INSERT INTO ${s}.clubs (id, name, description, visibility, token_id, owner_id, member_count,
                                            created_at)
      SELECT cl.id, tk.name || ' ' || cl.visibility || ' club ' || cl.c, 'Talk about ' || tk.name, cl.visibility,
             CASE WHEN cl.visibility = 'holders' OR cl.c % 2 = 0 THEN tk.id END, us.id, cl.m,
             now() - interval '190 days'
        FROM bench_seed.cl cl JOIN bench_seed.tk tk USING (t)
        JOIN bench_seed.cm cm ON cm.c = cl.c AND cm.k = 0 JOIN bench_seed.us us ON us.idx = cm.idx`);
    await db.query(`INSERT INTO ${s}.club_members (club_id, user_id, role, joined_at)
      SELECT cl.id, us.id, CASE WHEN cm.k = 0 THEN 'owner' ELSE 'member' END,
             now() - interval '190 days' + cm.k * interval '1 hour'
        FROM bench_seed.cm cm JOIN bench_seed.cl cl USING (c) JOIN bench_seed.us us ON us.idx = cm.idx`);
    await db.query(
      `INSERT INTO ${s}.topics (id, name, description, created_by)
       SELECT bench_seed.id('topic', k), w || ' talk ' || k, 'Everything about ' || w, us.id
         FROM unnest($1::text[]) WITH ORDINALITY AS x(w, k) JOIN bench_seed.us us ON us.idx = k`,
      [Array.from({ length: p.topics }, (_, k) => pickWord(mulberry32(p.seed * 1000 + k)))],
    );
  });

  await step(`posts (${P}: replies, polls, media, club, topic and coin-tagged posts)`, async () => {
    const text = sentences(SENTENCES, p.seed);
    await db.query(
      `CREATE UNLOGGED TABLE bench_seed.fr AS SELECT k::int - 1 AS k, t FROM unnest($1::text[]) WITH ORDINALITY x(t, k)`,
      [text],
    );
    await db.query("ALTER TABLE bench_seed.fr ADD PRIMARY KEY (k)");
    // Every fourth post (from the 8th) is a reply to a recent top-level post; the others are top-level: 3% in a
    // club, 60% tagged with a coin (popular coins more often), 8% in a topic, 2% polls (outside clubs), 10% media.
    await db.query(`CREATE UNLOGGED TABLE bench_seed.g1 AS
      SELECT i, i % 4 = 0 AND i >= 8 AS is_reply,
             CASE WHEN i % 4 = 0 AND i >= 8 THEN
               (SELECT CASE WHEN j % 4 = 0 THEN j - 1 ELSE j END
                  FROM (SELECT i - 1 - floor(bench_seed.u(i, 'parent') ^ 2 * least(i - 2, 50000))::bigint AS j) x)
             END AS parent_i,
             CASE WHEN bench_seed.u(i, 'club') < 0.03 THEN floor(bench_seed.u(i, 'club#') * ${C})::int END AS c,
             CASE WHEN bench_seed.u(i, 'tag') < 0.6 THEN floor(${T} * bench_seed.u(i, 'tag#') ^ 2)::int END AS t,
             CASE WHEN bench_seed.u(i, 'topic') < 0.08 THEN floor(bench_seed.u(i, 'topic#') * ${p.topics})::int END
               AS topic,
             bench_seed.u(i, 'poll') < 0.02 AS poll, bench_seed.u(i, 'media') < 0.1 AS media
        FROM generate_series(1, ${P}) i`);
    await db.query("ALTER TABLE bench_seed.g1 ADD PRIMARY KEY (i)");
    await db.query(`CREATE UNLOGGED TABLE bench_seed.g AS
      SELECT a.i, bench_seed.id('post', a.i) AS id, a.is_reply, a.parent_i,
             CASE WHEN a.is_reply THEN par.c ELSE a.c END AS c,
             CASE WHEN a.is_reply THEN par.t ELSE a.t END AS t,
             CASE WHEN a.is_reply THEN NULL ELSE a.topic END AS topic,
             NOT a.is_reply AND a.c IS NULL AND a.poll AS poll,
             a.media,
             to_timestamp(${start / 1000} + (a.i - 1) * ${(end - start) / 1000 / P}) AS created_at
        FROM bench_seed.g1 a LEFT JOIN bench_seed.g1 par ON par.i = a.parent_i`);
    await db.query("ALTER TABLE bench_seed.g ADD PRIMARY KEY (i)");
    // Authors: prolific users (low indexes) write more; a club post's author is one of its members.
    await db.query("ALTER TABLE bench_seed.g ADD COLUMN author int");
    await db.query(`UPDATE bench_seed.g g SET author = CASE WHEN g.c IS NULL
        THEN floor(${U} * bench_seed.u(g.i, 'author') ^ 2)::int
        ELSE (SELECT cm.idx FROM bench_seed.cm cm JOIN bench_seed.cl cl USING (c)
               WHERE cm.c = g.c AND cm.k = floor(bench_seed.u(g.i, 'member') * cl.m)::int) END`);
    await db.query("CREATE INDEX ON bench_seed.g (parent_i)");
    await db.query("ANALYZE bench_seed.g");
  });

  await step(
    `votes staged (${p.votes}: ${votesPost} on posts, ${votesPoll} on poll options, ${votesToken} on tokens)`,
    async () => {
      // Candidates pick targets with a skew (popular posts get many votes); a target's r-th voter is user
      // (offset + r·stride) mod users, so nobody votes twice on one target.
      await db.query(`CREATE UNLOGGED TABLE bench_seed.pl AS
      SELECT row_number() OVER (ORDER BY i) - 1 AS n, g.i, g.id, g.t,
             2 + floor(bench_seed.u(g.i, 'options') * 3)::int AS options,
             g.t IS NOT NULL AND bench_seed.u(g.i, 'weighted') < 0.25 AS weighted
        FROM bench_seed.g g WHERE g.poll`);
      // The r-th voter of a target about token t walks the same sequence as t's holders (see hs), from a random
      // point in its first half: early voters hold the coin, as on a real token's posts, and later ones do not.
      const voter = (target: string, t: string, r: string) =>
        `((CASE WHEN ${t} IS NULL THEN floor(bench_seed.u(${target}, 'voters') * ${U})::bigint
              ELSE floor(bench_seed.u(${t}, 'holder') * ${U})::bigint
                   + floor(bench_seed.u(${target}, 'shift') * (3 + floor(300 * bench_seed.u(${t}, 'holders') ^ 3)) / 2)::bigint * ${stepU}
         END + ${r} * ${stepU}) % ${U})::int`;
      const polls = Number((await db.query("SELECT count(*) AS n FROM bench_seed.pl")).rows[0].n);
      const stepPoll = coprimeStride(Math.max(1, polls));
      await db.query(`CREATE UNLOGGED TABLE bench_seed.vs0 AS
      WITH post_candidates AS (
        SELECT v, g.i AS target, g.id, g.t, g.created_at
          FROM generate_series(1, ${Math.ceil(votesPost * 1.1)}) v
          JOIN bench_seed.g g ON g.i = 1 + (floor(${P} * bench_seed.u(v, 'vpost') ^ 2)::bigint * ${stepP} + 13) % ${P}
         WHERE g.c IS NULL
         ORDER BY v LIMIT ${votesPost}
      ), post_votes AS (
        SELECT v, target, id, t, created_at, row_number() OVER (PARTITION BY target ORDER BY v) - 1 AS r
          FROM post_candidates
      ), poll_votes AS (
        SELECT v, pl.i AS target, pl.id, pl.t, pl.options, pl.weighted,
               row_number() OVER (PARTITION BY pl.i ORDER BY v) - 1 AS r
          FROM generate_series(1, ${votesPoll}) v
          JOIN bench_seed.pl pl ON pl.n = (floor(${polls} * bench_seed.u(v, 'vpoll') ^ 2)::bigint * ${stepPoll} + 7) % ${polls}
      ), token_votes AS (
        SELECT v, floor(${T} * bench_seed.u(v, 'vtoken') ^ 2)::int AS t,
               row_number() OVER (PARTITION BY floor(${T} * bench_seed.u(v, 'vtoken') ^ 2)::int ORDER BY v) - 1 AS r
          FROM generate_series(1, ${votesToken}) v
      )
      SELECT 'post'::text AS content_type, pv.id AS content_id, NULL::uuid AS poll_post_id, pv.target, pv.t,
             ${voter("pv.target", "pv.t", "pv.r")} AS voter,
             bench_seed.u(pv.v, 'type') < 0.82 AS up, pv.t AS voting_t,
             pv.created_at + bench_seed.u(pv.v, 'when') * least(now() - pv.created_at, interval '3 days') AS at
        FROM post_votes pv WHERE pv.r < ${U}
      UNION ALL
      SELECT 'poll_option', bench_seed.id('option', pv.target * 10 + floor(bench_seed.u(pv.v, 'option') * pv.options)::int),
             pv.id, pv.target, pv.t,
             ${voter("-pv.target", "pv.t", "pv.r")},
             bench_seed.u(pv.v, 'type') < 0.9, CASE WHEN pv.weighted THEN pv.t END,
             g.created_at + bench_seed.u(pv.v, 'when') * least(now() - g.created_at, interval '3 days')
        FROM poll_votes pv JOIN bench_seed.g g ON g.i = pv.target WHERE pv.r < ${U}
      UNION ALL
      SELECT 'token', tk.id, NULL, NULL, tv.t,
             ${voter("-1000000000 - tv.t", "tv.t", "tv.r")},
             bench_seed.u(tv.v, 'type') < 0.85, tv.t, now() - bench_seed.u(tv.v, 'when') * interval '90 days'
        FROM token_votes tv JOIN bench_seed.tk tk ON tk.t = tv.t WHERE tv.r < ${U}`);
      // The weight: the voter's balance of the voting token (a weighted poll's snapshot holds the same balances).
      await db.query(`CREATE UNLOGGED TABLE bench_seed.vs AS
      SELECT vs0.*, COALESCE(hs.balance, 0)::numeric(78, 0) AS weight
        FROM bench_seed.vs0 vs0 LEFT JOIN bench_seed.hs hs ON hs.t = vs0.voting_t AND hs.idx = vs0.voter`);
      await db.query("DROP TABLE bench_seed.vs0");
    },
  );

  await step("posts written (counters from the staged votes and replies; rank by the trigger)", async () => {
    await db.query(`CREATE UNLOGGED TABLE bench_seed.agg AS
      SELECT target AS i, count(*) FILTER (WHERE up)::int AS up, count(*) FILTER (WHERE NOT up)::int AS down,
             COALESCE(sum(weight) FILTER (WHERE up), 0) AS wup, COALESCE(sum(weight) FILTER (WHERE NOT up), 0) AS wdown
        FROM bench_seed.vs WHERE content_type = 'post' GROUP BY target`);
    await db.query("ALTER TABLE bench_seed.agg ADD PRIMARY KEY (i)");
    await db.query(`CREATE UNLOGGED TABLE bench_seed.rc AS
      SELECT parent_i AS i, count(*)::int AS n FROM bench_seed.g WHERE parent_i IS NOT NULL GROUP BY parent_i`);
    await db.query("ALTER TABLE bench_seed.rc ADD PRIMARY KEY (i)");
    const dropped = await dropIndexes(db, s, ["posts", "votes"]);
    await db.query(`INSERT INTO ${s}.posts (id, seq, user_id, title, content, parent_post_id, club_id, topic_id,
                                            tagged_token_id, media, has_media, has_poll, upvotes, downvotes,
                                            weighted_upvotes, weighted_downvotes, reply_count, created_at)
      SELECT g.id, g.i, us.id,
             CASE WHEN bench_seed.u(g.i, 'title') < 0.15 AND NOT g.is_reply
                  THEN left(ft.t, 60) ELSE '' END,
             f1.t || CASE WHEN bench_seed.u(g.i, 'long') < 0.5 THEN ' ' || f2.t ELSE '' END
                  || CASE WHEN tk.symbol IS NOT NULL AND bench_seed.u(g.i, 'symbol') < 0.4 THEN ' $' || tk.symbol ELSE '' END
                  || CASE WHEN tk.tag IS NOT NULL AND bench_seed.u(g.i, 'hashtag') < 0.3 THEN ' #' || tk.tag ELSE '' END,
             par.id, cl.id, CASE WHEN g.topic IS NOT NULL THEN bench_seed.id('topic', g.topic + 1) END, tk.id,
             CASE WHEN g.media THEN jsonb_build_array(jsonb_build_object(
               'media', 'https://media.example/' || g.i || '.png', 'media_type', 'image', 'order_index', 0))
               ELSE '[]'::jsonb END,
             g.media, g.poll, COALESCE(a.up, 0), COALESCE(a.down, 0), COALESCE(a.wup, 0), COALESCE(a.wdown, 0),
             COALESCE(rc.n, 0), g.created_at
        FROM bench_seed.g g
        JOIN bench_seed.us us ON us.idx = g.author
        JOIN bench_seed.fr f1 ON f1.k = floor(bench_seed.u(g.i, 'text1') * ${SENTENCES})::int
        JOIN bench_seed.fr f2 ON f2.k = floor(bench_seed.u(g.i, 'text2') * ${SENTENCES})::int
        JOIN bench_seed.fr ft ON ft.k = floor(bench_seed.u(g.i, 'title#') * ${SENTENCES})::int
        LEFT JOIN bench_seed.g par ON par.i = g.parent_i
        LEFT JOIN bench_seed.cl cl ON cl.c = g.c
        LEFT JOIN bench_seed.tk tk ON tk.t = g.t
        LEFT JOIN bench_seed.agg a ON a.i = g.i
        LEFT JOIN bench_seed.rc rc ON rc.i = g.i
       ORDER BY g.i`);
    await db.query(`SELECT setval(pg_get_serial_sequence('${s}.posts', 'seq'), $1)`, [P]);
    // Polls, their options and the weighted ones' balance snapshots (every non-zero holder balance).
    await db.query(`INSERT INTO ${s}.polls (post_id, question, is_weighted, token_id, snapshot_block, created_at)
      SELECT pl.id, 'Which way for ' || COALESCE(tk.name, 'this') || '?', pl.weighted,
             CASE WHEN pl.weighted THEN tk.id END, CASE WHEN pl.weighted THEN ${BENCH_INDEXED_BLOCK / 2} + pl.n END, g.created_at
        FROM bench_seed.pl pl JOIN bench_seed.g g USING (i) LEFT JOIN bench_seed.tk tk ON tk.t = pl.t`);
    await db.query(`INSERT INTO ${s}.poll_options (id, post_id, position, key, text, emoji)
      SELECT bench_seed.id('option', pl.i * 10 + o.k), pl.id, o.k, 'opt' || (o.k + 1),
             left(fr.t, 80), (ARRAY['', '🚀', '🐻', '💎'])[o.k + 1]
        FROM bench_seed.pl pl CROSS JOIN LATERAL generate_series(0, pl.options - 1) o(k)
        JOIN bench_seed.fr fr ON fr.k = (pl.i * 10 + o.k) % ${SENTENCES}`);
    await db.query(`INSERT INTO ${s}.poll_snapshot_balances (post_id, address, chain_id, balance)
      SELECT pl.id, us.wallet, ${BENCH_CHAIN_ID}, hs.balance
        FROM bench_seed.pl pl JOIN bench_seed.hs hs ON hs.t = pl.t JOIN bench_seed.us us ON us.idx = hs.idx
       WHERE pl.weighted AND hs.balance > 0`);
    await db.query(`INSERT INTO ${s}.vote_tallies (content_type, content_id, upvotes, downvotes, weighted_upvotes,
                                                   weighted_downvotes)
      SELECT content_type, content_id, count(*) FILTER (WHERE up), count(*) FILTER (WHERE NOT up),
             COALESCE(sum(weight) FILTER (WHERE up), 0), COALESCE(sum(weight) FILTER (WHERE NOT up), 0)
        FROM bench_seed.vs WHERE content_type <> 'post' GROUP BY content_type, content_id`);
    await db.query(`INSERT INTO ${s}.votes (user_id, content_type, content_id, vote_type, weight, voting_token_id,
                                            poll_post_id, created_at, updated_at)
      SELECT us.id, vs.content_type, vs.content_id, CASE WHEN vs.up THEN 'upvote' ELSE 'downvote' END, vs.weight,
             tk.id, vs.poll_post_id, vs.at, vs.at
        FROM bench_seed.vs vs JOIN bench_seed.us us ON us.idx = vs.voter
        LEFT JOIN bench_seed.tk tk ON tk.t = vs.voting_t`);
    await step2("indexes rebuilt", async () => {
      for (const def of dropped) await db.query(def);
    });
  });

  /** A sub-step timed inside another. */
  async function step2(name: string, fn: () => Promise<void>) {
    const started = performance.now();
    await fn();
    const secs = (performance.now() - started) / 1000;
    steps.push([`  of which ${name}`, secs]);
    p.log(`[seed]   ${name}: ${secs.toFixed(1)} s`);
  }

  await step("ANALYZE", () =>
    db.query(`ANALYZE ${s}.posts, ${s}.votes, ${s}.follows, ${s}.users, ${s}.vote_tallies, ${s}.post_terms`),
  );
  // post_terms is read by index-only scans, which want its visibility map: autovacuum sets it on a live server
  // shortly after a bulk insert (its insert threshold), which a benchmark starting at once would not wait for.
  await step("VACUUM post_terms", () => db.query(`VACUUM ${s}.post_terms`));
  const counts: Record<string, number> = {};
  for (const table of [
    "users",
    "tokens",
    "follows",
    "clubs",
    "club_members",
    "topics",
    "posts",
    "polls",
    "poll_options",
    "poll_snapshot_balances",
    "votes",
    "vote_tallies",
  ]) {
    counts[table] = Number((await db.query(`SELECT count(*) AS n FROM ${s}.${table}`)).rows[0].n);
  }
  counts.replies = Number(
    (await db.query(`SELECT count(*) AS n FROM ${s}.posts WHERE parent_post_id IS NOT NULL`)).rows[0].n,
  );
  counts.holders = Number((await db.query(`SELECT count(*) AS n FROM ${ix}.holder`)).rows[0].n);
  await db.query("DROP SCHEMA bench_seed CASCADE");
  return { steps, counts };
}

/** Drop the plain (non-constraint) indexes of `tables`; returns the statements that create them again. */
async function dropIndexes(db: pg.Client, schema: string, tables: string[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = ANY($2::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [schema, tables],
  );
  for (const r of rows) await db.query(`DROP INDEX ${r.name}`);
  return rows.map((r) => r.def);
}
