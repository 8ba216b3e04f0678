/**
 * The USDC that funded tokens' early buyers, as read from the chain (db/migrations/031_launch_funding.sql): the rows
 * and which lookups were made. api/services/launch-funding.ts decides what to look up and reads the chain.
 */
import type pg from "pg";
import type { Funding } from "../core/launch-report.js";
import { inTransaction } from "./transaction.js";

type Queryable = Pick<pg.Pool, "query">;

export type FundingKind = "in" | "hop" | "out";
export type FundingRow = Funding & { logIndex: number };

/** The wallets of `kind` already looked up for `token` on `chainId`, with the block each was looked up to. */
export async function readCheckedFunding(
  db: Queryable,
  app: string,
  p: { chainId: number; token: string; kind: FundingKind },
): Promise<Map<string, bigint>> {
  const { rows } = await db.query<{ wallet: string; to_block: string }>(
    `SELECT wallet, to_block::text FROM "${app}".launch_funding_checked WHERE chain_id = $1 AND token = $2 AND kind = $3`,
    [p.chainId, p.token, p.kind],
  );
  return new Map(rows.map((r) => [r.wallet, BigInt(r.to_block)]));
}

/**
 * Keeps what a lookup found and that it was made, in one transaction: the transfers (one insert statement for all;
 * one already kept by another token's lookup is left), and each wallet looked up, with its block range.
 */
export async function storeFunding(
  db: pg.Pool,
  app: string,
  p: {
    chainId: number;
    token: string;
    kind: FundingKind;
    checked: { wallet: string; fromBlock: bigint; toBlock: bigint }[];
    rows: FundingRow[];
  },
): Promise<void> {
  await inTransaction(db, async (client) => {
    if (p.rows.length > 0) {
      await client.query(
        `INSERT INTO "${app}".launch_funding (chain_id, tx_hash, log_index, "from", "to", value, block_number, "timestamp")
         SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::numeric[], $7::bigint[], $8::bigint[])
         ON CONFLICT DO NOTHING`,
        [
          p.chainId,
          p.rows.map((r) => r.txHash),
          p.rows.map((r) => r.logIndex),
          p.rows.map((r) => r.from),
          p.rows.map((r) => r.to),
          p.rows.map((r) => r.value.toString()),
          p.rows.map((r) => r.block.toString()),
          p.rows.map((r) => r.timestamp.toString()),
        ],
      );
    }
    await client.query(
      `INSERT INTO "${app}".launch_funding_checked (chain_id, token, wallet, kind, from_block, to_block)
       SELECT $1, $2, w, $3, f, t FROM unnest($4::text[], $5::bigint[], $6::bigint[]) AS x(w, f, t)
       ON CONFLICT (chain_id, token, wallet, kind)
         DO UPDATE SET from_block = EXCLUDED.from_block, to_block = EXCLUDED.to_block, checked_at = now()`,
      [
        p.chainId,
        p.token,
        p.kind,
        p.checked.map((c) => c.wallet),
        p.checked.map((c) => c.fromBlock.toString()),
        p.checked.map((c) => c.toBlock.toString()),
      ],
    );
  });
}

/** The kept transfers to any of `to`, or from `from`, on `chainId`. */
export async function readFunding(
  db: Queryable,
  app: string,
  p: { chainId: number; to: string[]; from: string },
): Promise<Funding[]> {
  const { rows } = await db.query<{ from: string; to: string; value: string; block: string; at: string; tx: string }>(
    `SELECT "from", "to", value::text, block_number::text AS block, "timestamp"::text AS at, tx_hash AS tx
       FROM "${app}".launch_funding WHERE chain_id = $1 AND ("to" = ANY($2) OR "from" = $3)
      ORDER BY block_number, log_index`,
    [p.chainId, p.to, p.from],
  );
  return rows.map((f) => ({
    from: f.from,
    to: f.to,
    value: BigInt(f.value),
    block: BigInt(f.block),
    timestamp: BigInt(f.at),
    txHash: f.tx,
  }));
}
