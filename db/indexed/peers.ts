/**
 * Launched tokens on their destination chains: the deployments the worker has to make (app.token_deployments joined
 * to the token as indexed on its home chain, claimed here since the claim reads the indexed token), and the peers as
 * indexed (Ponder's peer_token). What an attempt records is in db/peer-deployments.ts.
 */
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
  /** The intents of the current attempt (worker/peers.ts), once made: connectPeer on the home chain, deploy here. */
  connectIntentId: string | null;
  deployIntentId: string | null;
  /** Until when this worker holds it (Postgres's text of claimed_until): outcomes are recorded only under it. */
  claim: string;
};

/**
 * Claims up to `limit` pending deployments to chains of `destinations` whose token is indexed on its home chain, for
 * `leaseMs`: one statement, committed at once (no transaction stays open while the caller works). Rows claimed by
 * another worker are skipped until their claim runs out. `homeChainIds` maps the home chain slugs this worker serves
 * to their chain ids.
 */
export async function claimPendingDeployments(
  db: Queryable,
  schemas: Schemas,
  p: { homeChainIds: Map<string, number>; destinations: string[]; limit: number; leaseMs: number },
): Promise<PendingDeployment[]> {
  const { appSchema: app, indexerSchema: ix } = schemas;
  const slugs = [...p.homeChainIds.keys()];
  const ids = slugs.map((s) => p.homeChainIds.get(s) as number);
  const { rows } = await db.query(
    `WITH c AS (
       SELECT d.token_id, d.chain_slug, d.address, d.attempts, d.connect_intent_id, d.deploy_intent_id,
              t.chain_slug AS home_slug,
              it.chain_id AS home_chain_id, it.address AS home_token, it.name, it.symbol, it.token_uri
         FROM "${app}".token_deployments d
         JOIN "${app}".tokens t ON t.id = d.token_id
         JOIN unnest($1::text[], $2::int[]) AS h(slug, chain_id) ON h.slug = t.chain_slug
         JOIN "${ix}".token it ON it.chain_id = h.chain_id AND lower(it.token_layer_id) = lower(t.token_layer_id)
        WHERE d.status = 'pending' AND d.chain_slug = ANY($3::text[])
          AND (d.claimed_until IS NULL OR d.claimed_until <= now())
        ORDER BY d.updated_at
        LIMIT $4
          FOR UPDATE OF d SKIP LOCKED)
     UPDATE "${app}".token_deployments d SET claimed_until = now() + make_interval(secs => $5::float8 / 1000)
       FROM c WHERE d.token_id = c.token_id AND d.chain_slug = c.chain_slug
     RETURNING c.*, d.claimed_until::text AS claim`,
    [slugs, ids, p.destinations, p.limit, p.leaseMs],
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
    connectIntentId: r.connect_intent_id,
    deployIntentId: r.deploy_intent_id,
    claim: r.claim,
  }));
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

/** A move between chains as indexed: its legs (oft_send, oft_verify, oft_receive) joined by guid. */
export type IndexedOftTransfer = {
  guid: string;
  status: "sent" | "verified" | "delivered";
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

/**
 * The moves sent by transaction `txHash`, or the one with LayerZero guid `guid`. Each leg is indexed from its own
 * chain, so a later leg can be indexed before an earlier one: the status is the furthest leg indexed.
 */
export async function readOftTransfers(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  by: { txHash: string } | { guid: string },
): Promise<IndexedOftTransfer[]> {
  const ix = `"${schemas.indexerSchema}"`;
  const guids =
    "txHash" in by
      ? `SELECT guid FROM ${ix}.oft_send WHERE tx_hash = lower($1)`
      : `SELECT guid FROM (SELECT lower($1) AS guid) g
          WHERE EXISTS (SELECT 1 FROM ${ix}.oft_send WHERE guid = g.guid)
             OR EXISTS (SELECT 1 FROM ${ix}.oft_verify WHERE guid = g.guid)
             OR EXISTS (SELECT 1 FROM ${ix}.oft_receive WHERE guid = g.guid)`;
  const { rows } = await db.query(
    `SELECT g.guid,
            CASE WHEN r.guid IS NOT NULL THEN 'delivered' WHEN v.guid IS NOT NULL THEN 'verified' ELSE 'sent' END AS status,
            coalesce(s.src_chain_id, r.src_chain_id) AS src_chain_id, coalesce(r.dst_chain_id, v.dst_chain_id, s.dst_chain_id) AS dst_chain_id,
            s."from", r."to", s.amount_sent::text, coalesce(r.amount_received, s.amount_received)::text AS amount_received,
            s.tx_hash AS sent_tx, v.tx_hash AS verified_tx, r.tx_hash AS delivered_tx,
            s.timestamp::text AS sent_at, r.timestamp::text AS delivered_at
       FROM (${guids}) g
       LEFT JOIN ${ix}.oft_send s ON s.guid = g.guid
       LEFT JOIN ${ix}.oft_verify v ON v.guid = g.guid
       LEFT JOIN ${ix}.oft_receive r ON r.guid = g.guid
      ORDER BY g.guid`,
    ["txHash" in by ? by.txHash : by.guid],
  );
  const big = (v: string | null) => (v === null ? null : BigInt(v));
  return rows.map((r) => ({
    guid: r.guid,
    status: r.status,
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

/**
 * Which of `addresses` (lower-case) are launched tokens on `chainId` as indexed: a home token or a peer. Anyone can
 * emit an event named OFTSent; only these contracts' count as a move of a launched token.
 */
export async function readLaunchedTokenAddresses(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  chainId: number,
  addresses: readonly string[],
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const ix = `"${schemas.indexerSchema}"`;
  const { rows } = await db.query<{ address: string }>(
    `SELECT address FROM ${ix}.token WHERE chain_id = $1 AND address = ANY($2::text[])
     UNION SELECT address FROM ${ix}.peer_token WHERE chain_id = $1 AND address = ANY($2::text[])`,
    [chainId, addresses.map((a) => a.toLowerCase())],
  );
  return new Set(rows.map((r) => r.address));
}
