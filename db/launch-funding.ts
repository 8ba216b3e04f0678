/**
 * The USDC and native coin that funded tokens' early buyers, as read from the chain (db/migrations/031 and 033): the
 * rows and which lookups were made. api/services/launch-funding.ts decides what to look up and reads the chain.
 */
import type pg from "pg";
import type { Funding, FundingAsset } from "../core/launch-report.js";
import { inTransaction } from "./transaction.js";

type Queryable = Pick<pg.Pool, "query">;

export type FundingKind = "in" | "hop" | "out";
/** A kept transfer: a USDC Transfer log (`logIndex`, `trace` "") or a call that sent the native coin (`logIndex` -1, `trace` its trace address). */
export type FundingRow = Funding & { logIndex: number; trace: string };

/** The wallets of `kind` already looked up in `asset` for `token` on `chainId`, with the block each was looked up to. */
export async function readCheckedFunding(
  db: Queryable,
  app: string,
  p: { chainId: number; token: string; kind: FundingKind; asset: FundingAsset },
): Promise<Map<string, bigint>> {
  const { rows } = await db.query<{ wallet: string; to_block: string }>(
    `SELECT wallet, to_block::text FROM "${app}".launch_funding_checked
      WHERE chain_id = $1 AND token = $2 AND kind = $3 AND asset = $4`,
    [p.chainId, p.token, p.kind, p.asset],
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
    asset: FundingAsset;
    checked: { wallet: string; fromBlock: bigint; toBlock: bigint }[];
    rows: FundingRow[];
  },
): Promise<void> {
  await inTransaction(db, async (client) => {
    if (p.rows.length > 0) {
      await client.query(
        `INSERT INTO "${app}".launch_funding
           (chain_id, tx_hash, log_index, "from", "to", value, block_number, "timestamp", asset, trace)
         SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::numeric[], $7::bigint[], $8::bigint[],
                                  $9::text[], $10::text[])
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
          p.rows.map((r) => r.asset),
          p.rows.map((r) => r.trace),
        ],
      );
    }
    await client.query(
      `INSERT INTO "${app}".launch_funding_checked (chain_id, token, wallet, kind, asset, from_block, to_block)
       SELECT $1, $2, w, $3, $7, f, t FROM unnest($4::text[], $5::bigint[], $6::bigint[]) AS x(w, f, t)
       ON CONFLICT (chain_id, token, wallet, kind, asset)
         DO UPDATE SET from_block = EXCLUDED.from_block, to_block = EXCLUDED.to_block, checked_at = now()`,
      [
        p.chainId,
        p.token,
        p.kind,
        p.checked.map((c) => c.wallet),
        p.checked.map((c) => c.fromBlock.toString()),
        p.checked.map((c) => c.toBlock.toString()),
        p.asset,
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
  const { rows } = await db.query<{
    from: string;
    to: string;
    value: string;
    block: string;
    at: string;
    tx: string;
    asset: FundingAsset;
  }>(
    `SELECT "from", "to", value::text, block_number::text AS block, "timestamp"::text AS at, tx_hash AS tx, asset
       FROM "${app}".launch_funding WHERE chain_id = $1 AND ("to" = ANY($2) OR "from" = $3)
      ORDER BY block_number, tx_hash, asset, log_index, trace`,
    [p.chainId, p.to, p.from],
  );
  return rows.map((f) => ({
    from: f.from,
    to: f.to,
    value: BigInt(f.value),
    block: BigInt(f.block),
    timestamp: BigInt(f.at),
    txHash: f.tx,
    asset: f.asset,
  }));
}
