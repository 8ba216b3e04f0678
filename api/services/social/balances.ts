/**
 * Holdings that weigh votes and open holders-only clubs, read from the indexer's holder table (balances per
 * chain, token and address, in token base units). A token's balance is summed over every chain it is deployed
 * on, for the user's wallet on record.
 */
import type pg from "pg";
import type { ApiDeps } from "../../deps.js";

type Queryable = Pick<pg.Pool, "query">;

/** Current indexed balance of `tokenId` (app uuid) held by `address`, in token base units (0 when none). */
export async function indexedBalance(deps: ApiDeps, tokenId: string, address: string): Promise<bigint> {
  const { rows } = await deps.db.query<{ balance: string }>(
    `SELECT COALESCE(sum(h.balance), 0)::text AS balance
       FROM ${deps.config.appSchema}.tokens a
       JOIN ${deps.config.indexerSchema}.token t ON t.token_layer_id = lower(a.token_layer_id)
       JOIN ${deps.config.indexerSchema}.holder h ON h.chain_id = t.chain_id AND h.token = t.address
      WHERE a.id = $1 AND h.address = lower($2)`,
    [tokenId, address],
  );
  return BigInt(rows[0]?.balance ?? "0");
}

/**
 * Copy every non-zero balance of `tokenId` into poll_snapshot_balances for `postId`, and return the indexed block
 * of the token's primary chain. Must run inside a REPEATABLE READ transaction (see createPost), so that the
 * balances and the checkpoint are read from one consistent snapshot of the indexer's tables. Returns null when the
 * token has no indexed deployment yet (every voter then weighs 0).
 */
export async function snapshotBalances(
  deps: ApiDeps,
  client: Queryable,
  postId: string,
  tokenId: string,
): Promise<number | null> {
  const s = deps.config.appSchema;
  const ix = deps.config.indexerSchema;
  const block = await client.query<{ block: string | null }>(
    `SELECT (SELECT substring(c.latest_checkpoint from 27 for 16)::bigint FROM ${ix}._ponder_checkpoint c
              WHERE c.chain_name = a.chain_slug)::text AS block
       FROM ${s}.tokens a WHERE a.id = $1`,
    [tokenId],
  );
  await client.query(
    `INSERT INTO ${s}.poll_snapshot_balances (post_id, address, chain_id, balance)
     SELECT $1, h.address, h.chain_id, h.balance
       FROM ${s}.tokens a
       JOIN ${ix}.token t ON t.token_layer_id = lower(a.token_layer_id)
       JOIN ${ix}.holder h ON h.chain_id = t.chain_id AND h.token = t.address
      WHERE a.id = $2 AND h.balance > 0`,
    [postId, tokenId],
  );
  const value = block.rows[0]?.block;
  return value === null || value === undefined ? null : Number(value);
}

/** A voter's balance in a poll's snapshot, in token base units (0 when not a holder at the snapshot block). */
export async function snapshotBalance(client: Queryable, schema: string, postId: string, address: string) {
  const { rows } = await client.query<{ balance: string }>(
    `SELECT COALESCE(sum(balance), 0)::text AS balance FROM ${schema}.poll_snapshot_balances
      WHERE post_id = $1 AND address = lower($2)`,
    [postId, address],
  );
  return BigInt(rows[0]?.balance ?? "0");
}
