/**
 * Checks that the bulk seed (seed.ts) holds exactly what the social services would have written:
 * 1. over every row: posts' counters against their votes and replies, popularity and rank_score against
 *    post_popularity/post_rank, vote_tallies against their votes, member counts, replies' inherited club and coin,
 *    club posts written by members, no vote on a club post;
 * 2. a sample of votes: the stored weight against the services' own balance reads (readTokenBalance for post and
 *    token votes, readSnapshotBalance for poll options);
 * 3. a sample of votes withdrawn and cast again through castVote itself: the service must weigh each exactly as
 *    seeded and leave every counter and the rank where they were.
 * Throws on the first failed check.
 */
import type { ApiDeps } from "../../api/deps.js";
import type { AuthedUser } from "../../api/env.js";
import { castVote } from "../../api/services/social/votes.js";
import { readSnapshotBalance, readTokenBalance } from "../../db/indexed/holdings.js";

export type VerifyReturnType = { lines: string[] };

type Mismatch = { what: string; n: number };

export async function verifySeed(deps: ApiDeps, samples: number): Promise<VerifyReturnType> {
  const s = deps.config.appSchema;
  const db = deps.db;
  const lines: string[] = [];
  const count = async (what: string, sql: string): Promise<Mismatch> => {
    const n = Number((await db.query<{ n: string }>(sql)).rows[0]?.n ?? "NaN");
    return { what, n };
  };

  // 1. Every row.
  const checks = await Promise.all([
    count(
      "posts whose counters differ from their votes and replies",
      `WITH v AS (SELECT content_id, count(*) FILTER (WHERE vote_type = 'upvote') AS up,
                         count(*) FILTER (WHERE vote_type = 'downvote') AS down,
                         COALESCE(sum(weight) FILTER (WHERE vote_type = 'upvote'), 0) AS wup,
                         COALESCE(sum(weight) FILTER (WHERE vote_type = 'downvote'), 0) AS wdown
                    FROM ${s}.votes WHERE content_type = 'post' GROUP BY content_id),
            r AS (SELECT parent_post_id, count(*) AS n FROM ${s}.posts WHERE parent_post_id IS NOT NULL
                   GROUP BY parent_post_id)
       SELECT count(*) AS n FROM ${s}.posts p LEFT JOIN v ON v.content_id = p.id LEFT JOIN r ON r.parent_post_id = p.id
        WHERE p.upvotes <> COALESCE(v.up, 0) OR p.downvotes <> COALESCE(v.down, 0)
           OR p.weighted_upvotes <> COALESCE(v.wup, 0) OR p.weighted_downvotes <> COALESCE(v.wdown, 0)
           OR p.reply_count <> COALESCE(r.n, 0)`,
    ),
    count(
      "posts whose popularity or rank_score differ from post_popularity/post_rank",
      `SELECT count(*) AS n FROM ${s}.posts
        WHERE popularity IS DISTINCT FROM ${s}.post_popularity(upvotes, downvotes, weighted_upvotes, weighted_downvotes,
                                                               reply_count)
           OR rank_score IS DISTINCT FROM ${s}.post_rank(popularity, created_at)`,
    ),
    count(
      "vote_tallies differing from their votes (or missing)",
      `SELECT count(*) AS n FROM (
         SELECT content_type, content_id, count(*) FILTER (WHERE vote_type = 'upvote') AS up,
                count(*) FILTER (WHERE vote_type = 'downvote') AS down,
                COALESCE(sum(weight) FILTER (WHERE vote_type = 'upvote'), 0) AS wup,
                COALESCE(sum(weight) FILTER (WHERE vote_type = 'downvote'), 0) AS wdown
           FROM ${s}.votes WHERE content_type <> 'post' GROUP BY content_type, content_id) v
         FULL JOIN ${s}.vote_tallies t USING (content_type, content_id)
        WHERE t.upvotes IS DISTINCT FROM v.up::int OR t.downvotes IS DISTINCT FROM v.down::int
           OR t.weighted_upvotes IS DISTINCT FROM v.wup OR t.weighted_downvotes IS DISTINCT FROM v.wdown`,
    ),
    count(
      "clubs whose member_count differs from club_members",
      `SELECT count(*) AS n FROM ${s}.clubs c
        WHERE c.member_count <> (SELECT count(*) FROM ${s}.club_members m WHERE m.club_id = c.id)`,
    ),
    count(
      "replies whose club or coin differs from their parent's",
      `SELECT count(*) AS n FROM ${s}.posts r JOIN ${s}.posts p ON p.id = r.parent_post_id
        WHERE r.club_id IS DISTINCT FROM p.club_id OR r.tagged_token_id IS DISTINCT FROM p.tagged_token_id`,
    ),
    count(
      "club posts by non-members",
      `SELECT count(*) AS n FROM ${s}.posts p WHERE p.club_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM ${s}.club_members m WHERE m.club_id = p.club_id AND m.user_id = p.user_id)`,
    ),
    count(
      "votes on club posts",
      `SELECT count(*) AS n FROM ${s}.votes v JOIN ${s}.posts p ON p.id = v.content_id
        WHERE v.content_type = 'post' AND p.club_id IS NOT NULL`,
    ),
    count(
      "poll votes whose voting token is not their poll's",
      `SELECT count(*) AS n FROM ${s}.votes v JOIN ${s}.polls p ON p.post_id = v.poll_post_id
        WHERE v.voting_token_id IS DISTINCT FROM p.token_id`,
    ),
  ]);
  for (const c of checks) {
    lines.push(`${c.n === 0 ? "ok  " : "FAIL"} ${c.what}: ${c.n}`);
    if (c.n !== 0) throw new Error(`seed check failed: ${c.what}: ${c.n}`);
  }

  // 2. Weights against the services' balance reads.
  type VoteSample = {
    id: string;
    user_id: string;
    wallet_address: `0x${string}`;
    wallet_index: number;
    content_type: "post" | "token" | "poll_option";
    content_id: string;
    vote_type: "upvote" | "downvote";
    weight: string;
    voting_token_id: string | null;
    poll_post_id: string | null;
  };
  const { rows: sample } = await db.query<VoteSample>(
    `(SELECT v.id, v.user_id, u.wallet_address, u.wallet_index, v.content_type, v.content_id, v.vote_type,
             v.weight::text, v.voting_token_id, v.poll_post_id
        FROM ${s}.votes v TABLESAMPLE SYSTEM (1) REPEATABLE (1) JOIN ${s}.users u ON u.id = v.user_id
       WHERE v.content_type = 'post' LIMIT $1)
     UNION ALL
     (SELECT v.id, v.user_id, u.wallet_address, u.wallet_index, v.content_type, v.content_id, v.vote_type,
             v.weight::text, v.voting_token_id, v.poll_post_id
        FROM ${s}.votes v JOIN ${s}.users u ON u.id = v.user_id
       WHERE v.content_type <> 'post' ORDER BY md5(v.id::text) LIMIT $1)`,
    [samples],
  );
  let checked = 0;
  let nonZero = 0;
  for (const v of sample) {
    const expected =
      v.content_type === "poll_option" && v.poll_post_id
        ? v.voting_token_id
          ? await readSnapshotBalance(db, deps.config, v.poll_post_id, v.wallet_address)
          : 0n
        : v.voting_token_id
          ? await readTokenBalance(deps.db, deps.config, v.voting_token_id, v.wallet_address)
          : 0n;
    if (expected.toString() !== v.weight) {
      throw new Error(`vote ${v.id} (${v.content_type}) weighs ${v.weight}, the services read ${expected}`);
    }
    checked++;
    if (expected > 0n) nonZero++;
  }
  lines.push(`ok   ${checked} sampled votes weigh exactly the services' balance reads (${nonZero} non-zero)`);

  // 3. Withdraw and cast again through castVote: same weight, and every counter back where it was.
  // Up to 50 of each kind, one per user (the per-user vote limit stays far away).
  const users = new Set<string>();
  const perKind = new Map<string, number>();
  const roundTrips = sample.filter((v) => {
    const n = perKind.get(v.content_type) ?? 0;
    if (users.has(v.user_id) || n >= 50) return false;
    users.add(v.user_id);
    perKind.set(v.content_type, n + 1);
    return true;
  });
  const counters = async (v: VoteSample) => {
    const sql =
      v.content_type === "post"
        ? `SELECT upvotes, downvotes, weighted_upvotes::text AS wup, weighted_downvotes::text AS wdown,
                  popularity, rank_score FROM ${s}.posts WHERE id = $1`
        : `SELECT upvotes, downvotes, weighted_upvotes::text AS wup, weighted_downvotes::text AS wdown
             FROM ${s}.vote_tallies WHERE content_type = '${v.content_type}' AND content_id = $1`;
    return JSON.stringify((await db.query(sql, [v.content_id])).rows[0]);
  };
  for (const v of roundTrips) {
    const user: AuthedUser = {
      id: v.user_id,
      walletAddress: v.wallet_address,
      walletIndex: v.wallet_index,
      tier: "authenticated",
    };
    const input = {
      content_type: v.content_type,
      content_id: v.content_id,
      vote_type: v.vote_type,
      ...(v.poll_post_id ? { post_id: v.poll_post_id } : {}),
    };
    const before = await counters(v);
    const removed = await castVote(deps, user, input);
    if (removed.action !== "removed") throw new Error(`castVote on seeded vote ${v.id}: ${removed.action}`);
    const again = await castVote(deps, user, input);
    if (again.action !== "created" || again.weight_wei !== v.weight) {
      throw new Error(
        `castVote re-created ${v.id} as ${again.action} weighing ${again.weight_wei}, seeded ${v.weight}`,
      );
    }
    const after = await counters(v);
    if (after !== before) throw new Error(`counters of ${v.content_id} moved through castVote: ${before} → ${after}`);
  }
  const kinds = roundTrips.reduce<Record<string, number>>((m, v) => {
    m[v.content_type] = (m[v.content_type] ?? 0) + 1;
    return m;
  }, {});
  lines.push(
    `ok   ${roundTrips.length} seeded votes withdrawn and cast again through castVote (${Object.entries(kinds)
      .map(([k, n]) => `${n} ${k}`)
      .join(", ")}): same weight, counters and rank unchanged`,
  );
  return { lines };
}
