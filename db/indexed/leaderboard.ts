/**
 * Leaderboards from the indexed trades: traders by realised PnL (each sale's, at average cost) or by volume, and
 * creators by the fees they earned (their share of their tokens' trade fees, and the USDC of their graduated pools'
 * collected fees). A window ends at the block each chain's indexer last committed: (that time − seconds, that time].
 */
import { checkpointTimestampSql } from "./checkpoint.js";
import type { Queryable, Schemas } from "./types.js";

export type LeaderboardBoard = "pnl" | "volume" | "creator_fees";

/** One ranked address: its figure (USDC base units) and how many trades (or fee events) made it. */
export type LeaderboardRow = {
  address: string;
  value: bigint;
  events: number;
  userId: string | null;
  username: string | null;
  picture: string | null;
};

/**
 * The top `limit` addresses of `board` over the last `seconds` (null: all time) on the chains given (id and
 * checkpoint name), largest first, then by address.
 */
export async function readLeaderboard(
  db: Queryable,
  schemas: Schemas,
  p: { board: LeaderboardBoard; seconds: number | null; limit: number; chains: { chainId: number; slug: string }[] },
): Promise<LeaderboardRow[]> {
  const ix = schemas.indexerSchema;
  const events = {
    pnl: `SELECT t.trader AS address, t.realised_pnl AS value, t.chain_id, t.timestamp FROM ${ix}.trade t`,
    volume: `SELECT t.trader AS address, t.usdc_amount AS value, t.chain_id, t.timestamp FROM ${ix}.trade t`,
    creator_fees: `SELECT k.creator AS address, t.fee_creator AS value, t.chain_id, t.timestamp
                     FROM ${ix}.trade t JOIN ${ix}.token k ON k.chain_id = t.chain_id AND k.address = t.token
                   UNION ALL
                   SELECT f.creator, f.creator_usdc, f.chain_id, f.timestamp FROM ${ix}.pool_fee_collection f`,
  }[p.board];
  const { rows } = await db.query<{
    address: string;
    value: string;
    events: number;
    user_id: string | null;
    username: string | null;
    profile_picture: string | null;
  }>(
    `WITH head AS (SELECT k.chain_id, ${checkpointTimestampSql(ix, "k.slug")} AS now
                     FROM unnest($1::int[], $2::text[]) AS k(chain_id, slug)),
          ranked AS (SELECT e.address, sum(e.value) AS value, count(*)::int AS events
                       FROM (${events}) e JOIN head h ON h.chain_id = e.chain_id
                      WHERE $3::int IS NULL OR (e.timestamp > h.now - $3 AND e.timestamp <= h.now)
                      GROUP BY e.address
                      ORDER BY value DESC, e.address LIMIT $4)
     SELECT r.address, r.value::text AS value, r.events, u.id AS user_id, u.username, u.profile_picture
       FROM ranked r
       LEFT JOIN LATERAL (SELECT id, username, profile_picture FROM ${schemas.appSchema}.users
                           WHERE lower(wallet_address) = r.address ORDER BY created_at LIMIT 1) u ON true
      ORDER BY r.value DESC, r.address`,
    [p.chains.map((c) => c.chainId), p.chains.map((c) => c.slug), p.seconds, p.limit],
  );
  return rows.map((r) => ({
    address: r.address,
    value: BigInt(r.value),
    events: r.events,
    userId: r.user_id,
    username: r.username,
    picture: r.profile_picture,
  }));
}
