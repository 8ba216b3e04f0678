/**
 * What addresses hold, as indexed (Ponder's holder, fees and token_fees tables): portfolios, the balances that weigh
 * votes and open holders-only clubs, poll snapshots, and graduated holdings. Balances are token base units per
 * chain, token and address; a token's balance is summed over every chain it is deployed on.
 */
import { allEnded } from "../../core/all-ended.js";
import { checkpointBlockSql } from "./checkpoint.js";
import { FEE_TABLE, keptOrDerivedSql } from "./ranking.js";
import type { Queryable, Schemas } from "./types.js";

/**
 * One holding of a portfolio: a deployment with its pool's price (0 when it has no pool) and app uuid, and its
 * average cost (ponder.schema.ts, holder): the cost of the balance and what the holder's sales realised, USDC base
 * units.
 */
export type PortfolioHolding = {
  chainId: number;
  token: string;
  balance: bigint;
  costBasis: bigint;
  realisedPnl: bigint;
  price: bigint;
  graduated: boolean;
  name: string;
  symbol: string;
  tokenId: string | null;
};

/** USDC base units of a balance in token wei at an 18-decimal USD price: balance × price / 1e30, rounded down. */
const VALUE_SCALE = "1e30";

/** USDC fees of a recipient on one chain, base units. */
export type ChainFees = { chainId: number; claimable: bigint; accrued: bigint; claimed: bigint };

/** Launch-token fees of a recipient of one token, base units. */
export type TokenFees = ChainFees & { token: string; symbol: string | null; tokenId: string | null };

/** A portfolio's sums over every token and chain, USDC base units (value: each holding's, rounded down, summed). */
export type PortfolioTotals = { value: bigint; costBasis: bigint; realisedPnl: bigint };

/**
 * Every launched token contract by chain and address, with the token it is: itself on its home chain, its home token
 * for a peer on another chain (valued at the home pool's price).
 */
const launched = (ix: string) =>
  `(SELECT chain_id, address, chain_id AS home_chain_id, address AS home_token FROM ${ix}.token
    UNION ALL
    SELECT chain_id, address, home_chain_id, home_token FROM ${ix}.peer_token)`;

/**
 * A page of `address`'s holdings with a balance above zero, largest value first (then balance, then token
 * address), their count and totals (realised PnL also of the tokens sold out), and its USDC and launch-token fees,
 * read concurrently.
 */
export async function readPortfolio(
  db: Queryable,
  schemas: Schemas,
  address: string,
  page: { limit: number; offset: number },
  /** The maintained fee totals are installed (db/versions.ts ranked()). */
  maintained = false,
): Promise<{
  holdings: PortfolioHolding[];
  total: number;
  totals: PortfolioTotals;
  fees: ChainFees[];
  tokenFees: TokenFees[];
}> {
  const ix = schemas.indexerSchema;
  const s = schemas.appSchema;
  const who = address.toLowerCase();
  const [held, count, { fees, tokenFees }] = await allEnded([
    db.query<{
      chain_id: number;
      token: string;
      balance: string;
      cost_basis: string;
      realised_pnl: string;
      price: string | null;
      graduated: boolean | null;
      name: string;
      symbol: string;
      token_id: string | null;
    }>(
      `SELECT h.chain_id, h.token, h.balance, h.cost_basis, h.realised_pnl, p.price, p.graduated, t.name, t.symbol, a.id AS token_id
         FROM ${ix}.holder h
         JOIN ${launched(ix)} k ON k.chain_id = h.chain_id AND k.address = h.token
         JOIN ${ix}.token t ON t.chain_id = k.home_chain_id AND t.address = k.home_token
         LEFT JOIN ${ix}.pool p ON p.chain_id = k.home_chain_id AND p.token = k.home_token
         LEFT JOIN ${s}.tokens a ON lower(a.token_layer_id) = t.token_layer_id
        WHERE h.address = $1 AND h.balance > 0
        ORDER BY h.balance * coalesce(p.price, 0) DESC, h.balance DESC, h.token LIMIT $2 OFFSET $3`,
      [who, page.limit, page.offset],
    ),
    db.query<{ n: number; value: string; cost_basis: string; realised_pnl: string }>(
      `SELECT count(*) FILTER (WHERE h.balance > 0)::int AS n,
              coalesce(sum(div(h.balance * coalesce(p.price, 0), ${VALUE_SCALE})), 0)::text AS value,
              coalesce(sum(h.cost_basis), 0)::text AS cost_basis,
              coalesce(sum(h.realised_pnl), 0)::text AS realised_pnl
         FROM ${ix}.holder h
         JOIN ${launched(ix)} k ON k.chain_id = h.chain_id AND k.address = h.token
         LEFT JOIN ${ix}.pool p ON p.chain_id = k.home_chain_id AND p.token = k.home_token
        WHERE h.address = $1`,
      [who],
    ),
    readFees(db, schemas, who, maintained),
  ]);
  return {
    holdings: held.rows.map((r) => ({
      chainId: r.chain_id,
      token: r.token,
      balance: BigInt(r.balance),
      costBasis: BigInt(r.cost_basis),
      realisedPnl: BigInt(r.realised_pnl),
      price: BigInt(r.price ?? 0),
      graduated: r.graduated ?? false,
      name: r.name,
      symbol: r.symbol,
      tokenId: r.token_id,
    })),
    total: count.rows[0]?.n ?? 0,
    totals: {
      value: BigInt(count.rows[0]?.value ?? 0),
      costBasis: BigInt(count.rows[0]?.cost_basis ?? 0),
      realisedPnl: BigInt(count.rows[0]?.realised_pnl ?? 0),
    },
    fees,
    tokenFees,
  };
}

/** Current indexed balance of `tokenId` (app uuid) held by `address`, summed over its chains (0 when none). */
export async function readTokenBalance(
  db: Queryable,
  schemas: Schemas,
  tokenId: string,
  address: string,
): Promise<bigint> {
  const { rows } = await db.query<{ balance: string }>(
    `SELECT COALESCE(sum(h.balance), 0)::text AS balance
       FROM ${schemas.appSchema}.tokens a
       JOIN ${schemas.indexerSchema}.token t ON t.token_layer_id = lower(a.token_layer_id)
       JOIN ${schemas.indexerSchema}.holder h ON h.chain_id = t.chain_id AND h.token = t.address
      WHERE a.id = $1 AND h.address = lower($2)`,
    [tokenId, address],
  );
  return BigInt(rows[0]?.balance ?? "0");
}

/**
 * Copy every non-zero balance of `tokenId` into poll_snapshot_balances for `postId`, and return the indexed block
 * of the token's primary chain. Must run inside a REPEATABLE READ transaction (`client`), so that the balances and
 * the checkpoint are read from one consistent snapshot of the indexer's tables. Returns null when the token has no
 * indexed deployment yet (every voter then weighs 0).
 */
export async function snapshotBalances(
  client: Queryable,
  schemas: Schemas,
  postId: string,
  tokenId: string,
): Promise<number | null> {
  const s = schemas.appSchema;
  const ix = schemas.indexerSchema;
  const block = await client.query<{ block: string | null }>(
    `SELECT ${checkpointBlockSql(ix, "a.chain_slug")}::text AS block FROM ${s}.tokens a WHERE a.id = $1`,
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
export async function readSnapshotBalance(
  client: Queryable,
  schemas: Pick<Schemas, "appSchema">,
  postId: string,
  address: string,
): Promise<bigint> {
  const { rows } = await client.query<{ balance: string }>(
    `SELECT COALESCE(sum(balance), 0)::text AS balance FROM ${schemas.appSchema}.poll_snapshot_balances
      WHERE post_id = $1 AND address = lower($2)`,
    [postId, address],
  );
  return BigInt(rows[0]?.balance ?? "0");
}

/** A graduated token `address` holds whose graduation `userId` has not been notified of. */
export type UnnotifiedGraduation = { tokenLayerId: string; graduatedAt: string | null; hasAppRow: boolean };

/**
 * The graduated tokens `address` holds for which `userId` has no 'graduation:<token_layer_id>' notification yet,
 * with the first graduation time over their chains (unix seconds as text) and whether the app has a row for them.
 */
export async function readUnnotifiedGraduations(
  db: Queryable,
  schemas: Schemas,
  userId: string,
  address: string,
): Promise<UnnotifiedGraduation[]> {
  const s = schemas.appSchema;
  const ix = schemas.indexerSchema;
  const { rows } = await db.query<{ token_layer_id: string; graduated_at: string | null; has_app: boolean }>(
    `SELECT t.token_layer_id, min(p.graduated_at)::text AS graduated_at,
            EXISTS (SELECT 1 FROM ${s}.tokens a WHERE lower(a.token_layer_id) = t.token_layer_id) AS has_app
       FROM ${ix}.holder h
       JOIN ${ix}.pool p ON p.chain_id = h.chain_id AND p.token = h.token AND p.graduated
       JOIN ${ix}.token t ON t.chain_id = h.chain_id AND t.address = h.token
      WHERE h.address = lower($1) AND h.balance > 0
        AND NOT EXISTS (SELECT 1 FROM ${s}.notifications n
                         WHERE n.user_id = $2 AND n.dedupe_key = 'graduation:' || t.token_layer_id)
      GROUP BY t.token_layer_id`,
    [address, userId],
  );
  return rows.map((r) => ({ tokenLayerId: r.token_layer_id, graduatedAt: r.graduated_at, hasAppRow: r.has_app }));
}

/**
 * The indexed balance of `holder` in the token `token` on chain `chainId` (named `chainSlug` in the checkpoint), and
 * the block the indexer had committed when it was read: one statement, so both come from the same snapshot. The
 * block is null before the indexer's first commit on that chain.
 */
export async function readBalanceAtBlock(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  d: { chainId: number; chainSlug: string; token: string },
  holder: string,
): Promise<{ balance: bigint; block: number | null }> {
  const ix = schemas.indexerSchema;
  const { rows } = await db.query<{ balance: string; block: string | null }>(
    `SELECT COALESCE((SELECT h.balance FROM ${ix}.holder h
                       WHERE h.chain_id = $1 AND h.token = lower($2) AND h.address = lower($3)), 0)::text AS balance,
            ${checkpointBlockSql(ix, "$4")}::text AS block`,
    [d.chainId, d.token, holder, d.chainSlug],
  );
  const row = rows[0];
  return { balance: BigInt(row?.balance ?? "0"), block: row?.block == null ? null : Number(row.block) };
}

/**
 * The balance of `holder` of the token `tokenLayerId` (lower case) on every chain it is on: its home chain first,
 * then the chains it was deployed to, zero where it holds none.
 */
export async function readBalancesOnEveryChain(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  tokenLayerId: string,
  holder: string,
): Promise<{ chainId: number; address: string; balance: bigint }[]> {
  const ix = schemas.indexerSchema;
  const { rows } = await db.query<{ chain_id: number; address: string; balance: string }>(
    `SELECT d.chain_id, d.address, COALESCE(h.balance, 0)::text AS balance
       FROM (SELECT chain_id, address, 0 AS peer FROM ${ix}.token WHERE token_layer_id = $1
             UNION ALL
             SELECT p.chain_id, p.address, 1 FROM ${ix}.peer_token p
               JOIN ${ix}.token t ON t.chain_id = p.home_chain_id AND t.address = p.home_token
              WHERE t.token_layer_id = $1) d
       LEFT JOIN ${ix}.holder h ON h.chain_id = d.chain_id AND h.token = d.address AND h.address = lower($2)
      ORDER BY d.peer, d.chain_id`,
    [tokenLayerId, holder],
  );
  return rows.map((r) => ({ chainId: r.chain_id, address: r.address, balance: BigInt(r.balance) }));
}

/**
 * USDC fees of `who` (lower case) per chain: claimable, accrued, claimed. Its accrued is its trade fee shares (the
 * maintained totals of db/indexed/ranking.ts when `maintained` and their triggers are in place, else summed from the
 * trade rows) plus its fees row's other credits; claimed is its fees row's; claimable the difference.
 */
export async function readUsdcFees(
  db: Queryable,
  indexerSchema: string,
  who: string,
  maintained = false,
): Promise<ChainFees[]> {
  const ix = indexerSchema;
  const summed = `SELECT chain_id, sum(amount) AS accrued, 0 AS claimed FROM (
         SELECT chain_id, fee_protocol + fee_launch AS amount FROM ${ix}.trade WHERE protocol_recipient = $1
         UNION ALL SELECT chain_id, fee_creator FROM ${ix}.trade WHERE creator = $1
         UNION ALL SELECT chain_id, fee_referral FROM ${ix}.trade WHERE referral = $1
         UNION ALL SELECT chain_id, fee_builder FROM ${ix}.trade WHERE builder = $1) x GROUP BY chain_id`;
  // Once installed, the totals table exists (keptOrDerivedSql reads the trade rows while its triggers are missing).
  const shares = maintained
    ? keptOrDerivedSql(ix, `SELECT chain_id, accrued, 0 FROM "${ix}".${FEE_TABLE} WHERE recipient = $1`, summed)
    : summed;
  const { rows } = await db.query<{ chain_id: number; claimable: string; accrued: string; claimed: string }>(
    `SELECT chain_id, (sum(accrued) - sum(claimed))::text AS claimable, sum(accrued)::text AS accrued,
            sum(claimed)::text AS claimed
       FROM (SELECT chain_id, accrued, claimed FROM ${ix}.fees WHERE recipient = $1 UNION ALL ${shares}) f
      GROUP BY chain_id HAVING sum(accrued) > 0 OR sum(claimed) > 0 ORDER BY chain_id`,
    [who],
  );
  return rows.map(amounts);
}

const amounts = (f: { chain_id: number; claimable: string; accrued: string; claimed: string }): ChainFees => ({
  chainId: f.chain_id,
  claimable: BigInt(f.claimable),
  accrued: BigInt(f.accrued),
  claimed: BigInt(f.claimed),
});

/** USDC fees per chain (readUsdcFees) and launch-token fees per token of `who` (lower case). */
export async function readFees(
  db: Queryable,
  schemas: Schemas,
  who: string,
  maintained = false,
): Promise<{ fees: ChainFees[]; tokenFees: TokenFees[] }> {
  const ix = schemas.indexerSchema;
  const s = schemas.appSchema;
  const [fees, tokenFees] = await allEnded([
    readUsdcFees(db, ix, who, maintained),
    db.query<{
      chain_id: number;
      token: string;
      claimable: string;
      accrued: string;
      claimed: string;
      symbol: string | null;
      token_id: string | null;
    }>(
      `SELECT f.chain_id, f.token, f.claimable, f.accrued, f.claimed, t.symbol, a.id AS token_id
         FROM ${ix}.token_fees f
         LEFT JOIN ${ix}.token t ON t.chain_id = f.chain_id AND t.address = f.token
         LEFT JOIN ${s}.tokens a ON lower(a.token_layer_id) = t.token_layer_id
        WHERE f.recipient = $1 ORDER BY f.chain_id, f.token`,
      [who],
    ),
  ]);
  return {
    fees,
    tokenFees: tokenFees.rows.map((f) => ({ ...amounts(f), token: f.token, symbol: f.symbol, tokenId: f.token_id })),
  };
}

/** USDC base units of trade fees `address` earned per chain, by the role it had in the trade. */
export type FeesByType = { chainId: number; creator: bigint; builder: bigint; referral: bigint };

/**
 * Trade fees `address` (lower case) earned on each chain: as the traded token's creator, as the trade's builder and
 * as its referral, summed over the indexed trades.
 */
export async function readTradeFeesByType(db: Queryable, schemas: Schemas, who: string): Promise<FeesByType[]> {
  const ix = schemas.indexerSchema;
  const { rows } = await db.query<{ chain_id: number; creator: string; builder: string; referral: string }>(
    `SELECT chain_id, sum(creator)::text AS creator, sum(builder)::text AS builder, sum(referral)::text AS referral
       FROM (SELECT chain_id, fee_creator AS creator, 0 AS builder, 0 AS referral FROM ${ix}.trade WHERE creator = $1
             UNION ALL
             SELECT chain_id, 0, fee_builder, 0 FROM ${ix}.trade WHERE builder = $1
             UNION ALL
             SELECT chain_id, 0, 0, fee_referral FROM ${ix}.trade WHERE referral = $1) x
      GROUP BY chain_id ORDER BY chain_id`,
    [who],
  );
  return rows.map((r) => ({
    chainId: r.chain_id,
    creator: BigInt(r.creator),
    builder: BigInt(r.builder),
    referral: BigInt(r.referral),
  }));
}
