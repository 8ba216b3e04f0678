/**
 * Launched tokens on their destination chains: the deployments the worker has to make (app.token_deployments joined
 * to the token as indexed on its home chain), and the peers as indexed (Ponder's peer_token).
 */
import type pg from "pg";
import type { Queryable, Schemas } from "./types.js";

/** A pending deployment whose token is indexed on its home chain: what the worker needs to deploy its peer. */
export type PendingDeployment = {
  tokenId: string;
  chainSlug: string;
  /** The peer's predicted address, recorded at creation. */
  address: string;
  homeSlug: string;
  homeChainId: number;
  homeToken: `0x${string}`;
  name: string;
  symbol: string;
  tokenUri: string;
  attempts: number;
};

/**
 * Claims up to `limit` pending deployments whose token is indexed on its home chain (FOR UPDATE SKIP LOCKED: a
 * second worker takes other rows), inside the transaction `client` has open. `homeChainIds` maps the home chain
 * slugs this worker serves to their chain ids.
 */
export async function claimPendingDeployments(
  client: pg.PoolClient,
  schemas: Schemas,
  homeChainIds: Map<string, number>,
  limit: number,
): Promise<PendingDeployment[]> {
  const { appSchema: app, indexerSchema: ix } = schemas;
  const slugs = [...homeChainIds.keys()];
  const ids = slugs.map((s) => homeChainIds.get(s) as number);
  const { rows } = await client.query(
    `SELECT d.token_id, d.chain_slug, d.address, d.attempts, t.chain_slug AS home_slug, it.chain_id AS home_chain_id,
            it.address AS home_token, it.name, it.symbol, it.token_uri
       FROM "${app}".token_deployments d
       JOIN "${app}".tokens t ON t.id = d.token_id
       JOIN unnest($1::text[], $2::int[]) AS h(slug, chain_id) ON h.slug = t.chain_slug
       JOIN "${ix}".token it ON it.chain_id = h.chain_id AND lower(it.token_layer_id) = lower(t.token_layer_id)
      WHERE d.status = 'pending'
      ORDER BY d.updated_at
      LIMIT $3
        FOR UPDATE OF d SKIP LOCKED`,
    [slugs, ids, limit],
  );
  return rows.map((r) => ({
    tokenId: r.token_id,
    chainSlug: r.chain_slug,
    address: r.address,
    homeSlug: r.home_slug,
    homeChainId: r.home_chain_id,
    homeToken: r.home_token,
    name: r.name,
    symbol: r.symbol,
    tokenUri: r.token_uri,
    attempts: r.attempts,
  }));
}

/** Records the outcome of one attempt: deployed with its transactions, or still pending with what failed. */
export async function recordDeploymentAttempt(
  client: Queryable,
  appSchema: string,
  d: { tokenId: string; chainSlug: string },
  outcome: { deployed: true; connectTx: string | null; deployTx: string | null } | { deployed: false; error: string },
): Promise<void> {
  if (outcome.deployed) {
    await client.query(
      `UPDATE "${appSchema}".token_deployments
          SET status = 'deployed', reason = NULL, attempts = attempts + 1, updated_at = now(),
              connect_tx = coalesce($3, connect_tx), deploy_tx = coalesce($4, deploy_tx)
        WHERE token_id = $1 AND chain_slug = $2`,
      [d.tokenId, d.chainSlug, outcome.connectTx, outcome.deployTx],
    );
  } else {
    await client.query(
      `UPDATE "${appSchema}".token_deployments SET reason = $3, attempts = attempts + 1, updated_at = now()
        WHERE token_id = $1 AND chain_slug = $2`,
      [d.tokenId, d.chainSlug, outcome.error],
    );
  }
}

/** A launched token's peers as indexed, by home chain id and home token address. */
export type IndexedPeer = {
  chainId: number;
  address: `0x${string}`;
  homeChainId: number;
  homeToken: `0x${string}`;
  holdersCount: number;
  supply: bigint;
  createdAt: bigint;
};

/** The indexed peers of the given home tokens. */
export async function readIndexedPeers(
  db: Queryable,
  schemas: Schemas,
  homes: readonly { chainId: number; address: string }[],
): Promise<IndexedPeer[]> {
  if (homes.length === 0) return [];
  const { rows } = await db.query(
    `SELECT p.chain_id, p.address, p.home_chain_id, p.home_token, p.holders_count, p.supply::text, p.created_at::text
       FROM "${schemas.indexerSchema}".peer_token p
       JOIN unnest($1::int[], $2::text[]) AS h(chain_id, token)
         ON p.home_chain_id = h.chain_id AND p.home_token = lower(h.token)
      ORDER BY p.created_at, p.chain_id`,
    [homes.map((h) => h.chainId), homes.map((h) => h.address)],
  );
  return rows.map((r) => ({
    chainId: r.chain_id,
    address: r.address,
    homeChainId: r.home_chain_id,
    homeToken: r.home_token,
    holdersCount: r.holders_count,
    supply: BigInt(r.supply),
    createdAt: BigInt(r.created_at),
  }));
}

/** A move between chains as indexed (oft_transfer). */
export type IndexedOftTransfer = {
  guid: string;
  status: "sent" | "verified" | "delivered";
  homeChainId: number;
  homeToken: string;
  srcChainId: number | null;
  dstChainId: number | null;
  from: string | null;
  to: string | null;
  amountSent: bigint | null;
  amountReceived: bigint | null;
  sentTx: string | null;
  verifiedTx: string | null;
  deliveredTx: string | null;
  sentAt: bigint | null;
  deliveredAt: bigint | null;
};

/** The moves sent by transaction `txHash`, or the one with LayerZero guid `guid`. */
export async function readOftTransfers(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  by: { txHash: string } | { guid: string },
): Promise<IndexedOftTransfer[]> {
  const [column, value] = "txHash" in by ? ["sent_tx", by.txHash] : ["guid", by.guid];
  const { rows } = await db.query(
    `SELECT guid, status, home_chain_id, home_token, src_chain_id, dst_chain_id, "from", "to",
            amount_sent::text, amount_received::text, sent_tx, verified_tx, delivered_tx,
            sent_at::text, delivered_at::text
       FROM "${schemas.indexerSchema}".oft_transfer WHERE ${column} = lower($1) ORDER BY guid`,
    [value],
  );
  const big = (v: string | null) => (v === null ? null : BigInt(v));
  return rows.map((r) => ({
    guid: r.guid,
    status: r.status,
    homeChainId: r.home_chain_id,
    homeToken: r.home_token,
    srcChainId: r.src_chain_id,
    dstChainId: r.dst_chain_id,
    from: r.from,
    to: r.to,
    amountSent: big(r.amount_sent),
    amountReceived: big(r.amount_received),
    sentTx: r.sent_tx,
    verifiedTx: r.verified_tx,
    deliveredTx: r.delivered_tx,
    sentAt: big(r.sent_at),
    deliveredAt: big(r.delivered_at),
  }));
}
