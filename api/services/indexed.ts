/**
 * Reads of the indexer's tables (Ponder's schema) shared by the services: freshness, chain ids and slugs.
 */
import { chainBySlug } from "../../core/chains.js";
import type { ApiDeps } from "../deps.js";

/** ChainSlug of an EVM chain id, or undefined. */
export function slugOfChainId(chainId: number): string | undefined {
  return Object.values(chainBySlug).find((c) => c.kind === "evm" && c.chainId === chainId)?.slug;
}

export type Freshness = {
  /** Last block the indexer has processed, per chain slug. */
  indexed_block: number | null;
  /** Latest block of the chain as last polled. */
  chain_head: number | null;
  chain: string;
};

/** How long a read of the indexer's checkpoint is reused, ms: freshness is a hint, not a per-request query. */
const CHECKPOINT_TTL_MS = 250;
const checkpoints = new Map<string, { at: number; block: Promise<number | null> }>();

/**
 * How fresh the indexed state is on `chainSlug`: the block the indexer last committed, as notified
 * (db/versions.ts), or else Ponder's checkpoint (its block number sits at characters 27–42) read at most
 * every 250 ms per process; against the chain head the API polls in the background.
 */
export async function freshness(deps: ApiDeps, chainSlug: string): Promise<Freshness> {
  const notified = deps.versions?.indexedBlock(chainSlug) ?? null;
  if (notified !== null) {
    const head = deps.chainHead.get(chainSlug);
    return { indexed_block: notified, chain_head: head === null ? null : Number(head), chain: chainSlug };
  }
  const key = `${deps.config.indexerSchema}:${chainSlug}`;
  let cached = checkpoints.get(key);
  if (!cached || Date.now() - cached.at > CHECKPOINT_TTL_MS) {
    const block = deps.db
      .query<{ block: string }>(
        `SELECT substring(latest_checkpoint from 27 for 16)::bigint AS block FROM ${deps.config.indexerSchema}._ponder_checkpoint WHERE chain_name = $1`,
        [chainSlug],
      )
      .then((r) => (r.rows[0] ? Number(r.rows[0].block) : null));
    cached = { at: Date.now(), block };
    checkpoints.set(key, cached);
    block.catch(() => checkpoints.delete(key));
  }
  const head = deps.chainHead.get(chainSlug);
  return {
    indexed_block: await cached.block,
    chain_head: head === null ? null : Number(head),
    chain: chainSlug,
  };
}

/** What the indexer knows of an attribution's parties on `chainId` (BuilderSet, ReferrerSet). */
export type AttributionApprovals = {
  /** The builder's approved maximum fee in bps; 0 when never approved or revoked. */
  builderMaxFeeBps: number;
  /** Whether the referral is an approved referrer. */
  referralApproved: boolean;
};

/** The indexed approvals of `builder` and `referral` on `chainId`, in one statement. */
export async function attributionApprovals(
  deps: ApiDeps,
  chainId: number,
  builder: string,
  referral: string,
): Promise<AttributionApprovals> {
  const ix = deps.config.indexerSchema;
  const { rows } = await deps.db.query<{ max_fee_bps: number | null; approved: boolean | null }>({
    name: `attribution-approvals:${ix}`,
    text: `SELECT (SELECT max_fee_bps FROM ${ix}.builder WHERE chain_id = $1 AND address = $2) AS max_fee_bps,
                  (SELECT approved FROM ${ix}.referrer WHERE chain_id = $1 AND address = $3) AS approved`,
    values: [chainId, builder.toLowerCase(), referral.toLowerCase()],
  });
  return { builderMaxFeeBps: rows[0]?.max_fee_bps ?? 0, referralApproved: rows[0]?.approved ?? false };
}
