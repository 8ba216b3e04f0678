/**
 * The indexed state. Every row is keyed by chain id first, so one indexer can serve several chains.
 *
 * Units: token amounts in token wei, USDC amounts and market caps in USDC base units, prices in USD per whole
 * token with 18 decimals (1e18 = $1), fees in bps, progress in bps (0 to 10_000), times in unix seconds.
 */
import { index, onchainTable, primaryKey, sql } from "ponder";

/** A launched token: its on-chain identity. */
export const token = onchainTable(
  "token",
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    tokenLayerId: t.hex().notNull(),
    creator: t.hex().notNull(),
    poolType: t.integer().notNull(),
    name: t.text().notNull(),
    symbol: t.text().notNull(),
    tokenUri: t.text().notNull(),
    /** Builder of the creation call (effective: as paid, zero for none). */
    builder: t.hex().notNull(),
    /** The token's referral: an approved referrer, fixed by the first call that names one and permanent. */
    referral: t.hex().notNull(),
    createdBlock: t.bigint().notNull(),
    createdAt: t.bigint().notNull(),
    createdTx: t.hex().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.address] }),
    layerIdx: index().on(table.tokenLayerId),
    creatorIdx: index().on(table.creator),
    /** search-token by contract address, on any chain. */
    addressIdx: index().on(table.address),
    /** search-token by exact symbol (upper case). */
    symbolIdx: index().on(sql`upper(${table.symbol})`),
  }),
);

/** The pool of a token: curve state until graduation, then the Uniswap V3 pool's. */
export const pool = onchainTable(
  "pool",
  (t) => ({
    chainId: t.integer().notNull(),
    token: t.hex().notNull(),
    creator: t.hex().notNull(),
    poolType: t.integer().notNull(),
    weightPpm: t.integer().notNull(),
    virtualSupply: t.bigint().notNull(),
    virtualReserve: t.bigint().notNull(),
    migrationSupply: t.bigint().notNull(),
    dexSupply: t.bigint().notNull(),
    dexReserve: t.bigint().notNull(),
    tradeFeeBps: t.integer().notNull(),
    creatorShareBps: t.integer().notNull(),
    dexFeeTier: t.integer().notNull(),
    /** The launch fee: a curve trade's fee at creation, falling to tradeFeeBps over launchFeeSeconds (0 and 0: none). */
    launchFeeBps: t.integer().notNull(),
    launchFeeSeconds: t.integer().notNull(),
    /** The block timestamp of the token's creation: the launch fee's window starts then. */
    createdAt: t.bigint().notNull(),
    /** What trades paid above the trade fee in the launch window (trade.feeLaunch summed), the protocol's. */
    launchFeesUsdc: t.bigint().notNull(),
    /** Curve supply before graduation; total supply after. */
    supply: t.bigint().notNull(),
    /** Curve reserve (zero once graduated). */
    reserve: t.bigint().notNull(),
    price: t.bigint().notNull(),
    marketCap: t.bigint().notNull(),
    progressBps: t.integer().notNull(),
    graduated: t.boolean().notNull(),
    /** The token's referral (zero address for none); see token.referral. */
    referral: t.hex().notNull(),
    /** The launchpad's protocol fee recipient now (launchpad.protocolFeeRecipient): whom a trade's protocol share pays. */
    protocolRecipient: t.hex().notNull(),
    /** Swap fees of the locked V3 position collected so far (collectPoolFees), creator's and protocol's together. */
    collectedFeesUsdc: t.bigint().notNull(),
    collectedFeesTokens: t.bigint().notNull(),
    graduatedAt: t.bigint(),
    graduatedBlock: t.bigint(),
    /** Where the Graduated event is: its transaction and log index (the token's activity feed lists it). */
    graduatedTx: t.hex(),
    graduatedLogIndex: t.integer(),
    v3Pool: t.hex(),
    feeTier: t.integer(),
    positionId: t.bigint(),
    usdcIsToken0: t.boolean().notNull(),
    sqrtPriceX96: t.bigint(),
    tick: t.integer(),
    liquidity: t.bigint(),
    /**
     * Addresses holding the token on this chain (the V3 pool included once graduated). This and the two counters
     * below are the token's, kept on its pool row because every trade writes that row anyway: a trade writes no token
     * row.
     */
    holdersCount: t.integer().notNull(),
    /** Trades on both venues. */
    tradeCount: t.integer().notNull(),
    /** Sum of trade USDC amounts on both venues. */
    volumeUsdc: t.bigint().notNull(),
    updatedBlock: t.bigint().notNull(),
    /** Hash of updatedBlock: a quote of this row is valid for it (a reorg that replaces the block changes it). */
    updatedBlockHash: t.hex().notNull(),
    updatedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.token] }),
    v3Idx: index().on(table.v3Pool),
  }),
);

/** Every buy and sell, on the curve or on Uniswap V3 (through the launchpad or directly). */
export const trade = onchainTable(
  "trade",
  (t) => ({
    /** `<chainId>-<txHash>-<logIndex>` */
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    token: t.hex().notNull(),
    trader: t.hex().notNull(),
    /** buy_exact_in, buy_exact_out, sell_exact_in, sell_exact_out; dex_buy / dex_sell for swaps made directly on V3. */
    mode: t.text().notNull(),
    isBuy: t.boolean().notNull(),
    /** bonding_curve or uniswap_v3 */
    venue: t.text().notNull(),
    tokenAmount: t.bigint().notNull(),
    /** What the trader paid (buy, fee included) or received (sell, fee deducted). */
    usdcAmount: t.bigint().notNull(),
    /** Pool price after the trade. */
    price: t.bigint().notNull(),
    feeProtocol: t.bigint().notNull(),
    feeCreator: t.bigint().notNull(),
    feeReferral: t.bigint().notNull(),
    feeBuilder: t.bigint().notNull(),
    /** The part of the fee above the trade fee, paid in the launch window; the protocol's with feeProtocol. */
    feeLaunch: t.bigint().notNull(),
    builder: t.hex().notNull(),
    builderFeeBps: t.integer().notNull(),
    referral: t.hex().notNull(),
    /** Who the creator and protocol shares went to: the token's creator and the launchpad's recipient then. */
    creator: t.hex().notNull(),
    protocolRecipient: t.hex().notNull(),
    supplyAfter: t.bigint().notNull(),
    reserveAfter: t.bigint().notNull(),
    /** Sells: what the trader received less the average cost of what was sold (see holder.costBasis); buys: 0. */
    realisedPnl: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({
    tokenTimeIdx: index().on(table.chainId, table.token, table.timestamp),
    /** The token's activity feed, newest first. */
    tokenBlockIdx: index().on(table.chainId, table.token, table.blockNumber, table.logIndex),
    traderIdx: index().on(table.trader),
    /** Leaderboards over 24 hours or 7 days. */
    timeIdx: index().on(table.timestamp),
    /** Fee history of a builder or a referrer. */
    builderIdx: index().on(table.builder),
    referralIdx: index().on(table.referral),
  }),
);

/**
 * Balance per token and holder, with its average cost. Rows at zero stay, so a holder's history of holding is kept.
 *
 * Average cost, in USDC base units: a buy adds what was paid (fee included); a token received by transfer adds its
 * value at the pool's price then (balance × price / 1e30, rounded down). A sell or a transfer out removes the share
 * of the cost it takes (cost × amount / balance before, rounded down); a sell realises what it received less that.
 * Curve mints and burns and transfers to or from the token's V3 pool are trade legs, booked from the trade instead.
 */
export const holder = onchainTable(
  "holder",
  (t) => ({
    chainId: t.integer().notNull(),
    token: t.hex().notNull(),
    address: t.hex().notNull(),
    balance: t.bigint().notNull(),
    /** Cost of the balance held, USDC base units. */
    costBasis: t.bigint().notNull(),
    /** Sum of the realisedPnl of this holder's sells of the token, USDC base units (negative for a loss). */
    realisedPnl: t.bigint().notNull(),
    updatedBlock: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.token, table.address] }),
    balanceIdx: index().on(table.chainId, table.token, table.balance),
    addressIdx: index().on(table.address),
  }),
);

/**
 * Transfers of launched tokens between holders, on their home chain and on the chains they were deployed to: not the
 * trade legs (curve mints and burns, transfers to or from the token's V3 pool), which the trade rows record, nor the
 * legs of moves between chains (oft_send, oft_receive). A peer's are valued at its home pool's price.
 */
export const transfer = onchainTable(
  "transfer",
  (t) => ({
    /** `<chainId>-<txHash>-<logIndex>` */
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    token: t.hex().notNull(),
    from: t.hex().notNull(),
    to: t.hex().notNull(),
    value: t.bigint().notNull(),
    /** The pool's price when it moved (18 decimals): what the recipient's cost basis counts it at. */
    price: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({
    tokenBlockIdx: index().on(table.chainId, table.token, table.blockNumber, table.logIndex),
    fromIdx: index().on(table.from),
    toIdx: index().on(table.to),
  }),
);

/**
 * USDC fees per recipient that are not trade fee shares: what graduations and pool fee collections credited
 * (`accrued`) and what the recipient claimed (`claimed`, every claim). Trade fee shares are not written per trade:
 * they are the trade rows' fee columns (creator, protocolRecipient, referral, builder), summed when read
 * (db/indexed/fees.ts), so a recipient's accrued = this row's + its trades'; claimable = accrued − claimed.
 */
export const fees = onchainTable(
  "fees",
  (t) => ({
    chainId: t.integer().notNull(),
    recipient: t.hex().notNull(),
    accrued: t.bigint().notNull(),
    claimed: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.recipient] }),
  }),
);

/** Launch tokens credited from a token's pool fees, per token and recipient, in token wei. */
export const tokenFees = onchainTable(
  "token_fees",
  (t) => ({
    chainId: t.integer().notNull(),
    token: t.hex().notNull(),
    recipient: t.hex().notNull(),
    claimable: t.bigint().notNull(),
    accrued: t.bigint().notNull(),
    claimed: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.token, table.recipient] }),
    recipientIdx: index().on(table.recipient),
  }),
);

/**
 * Fee claims: the USDC a recipient withdrew (claimFees, token null) or the launch tokens of one token's pool fees
 * (claimTokenFees).
 */
export const feeClaim = onchainTable(
  "fee_claim",
  (t) => ({
    /** `<chainId>-<txHash>-<logIndex>` */
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    recipient: t.hex().notNull(),
    token: t.hex(),
    amount: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({
    recipientIdx: index().on(table.recipient),
    tokenIdx: index().on(table.chainId, table.token),
  }),
);

/** Each collection of a graduated token's pool fees (collectPoolFees): what it credited the creator and the protocol. */
export const poolFeeCollection = onchainTable(
  "pool_fee_collection",
  (t) => ({
    /** `<chainId>-<txHash>-<logIndex>` */
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    token: t.hex().notNull(),
    creator: t.hex().notNull(),
    protocolRecipient: t.hex().notNull(),
    creatorUsdc: t.bigint().notNull(),
    protocolUsdc: t.bigint().notNull(),
    creatorTokens: t.bigint().notNull(),
    protocolTokens: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    blockNumber: t.bigint().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({
    tokenIdx: index().on(table.chainId, table.token),
    creatorIdx: index().on(table.creator),
    protocolIdx: index().on(table.protocolRecipient),
  }),
);

/** Builders the owner has approved (setBuilder), with their maximum fee in bps; revoked ones stay at 0. */
export const builder = onchainTable(
  "builder",
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    maxFeeBps: t.integer().notNull(),
    updatedBlock: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.address] }),
  }),
);

/** Referrers the owner has approved or revoked (setReferrer): the only addresses a token's referral may be. */
export const referrer = onchainTable(
  "referrer",
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    approved: t.boolean().notNull(),
    updatedBlock: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.address] }),
  }),
);

/**
 * A launched token's peer on one of its destination chains (PeerToken, a LayerZero OFT that mints what arrives and
 * burns what leaves). Its holders are holder rows under (chainId, address), like the home token's.
 */
export const peerToken = onchainTable(
  "peer_token",
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    /** The token's home chain, where its curve lives, and its LaunchToken there. */
    homeChainId: t.integer().notNull(),
    homeToken: t.hex().notNull(),
    name: t.text().notNull(),
    symbol: t.text().notNull(),
    createdBlock: t.bigint().notNull(),
    createdAt: t.bigint().notNull(),
    createdTx: t.hex().notNull(),
    /** Addresses with a non-zero balance on this chain. */
    holdersCount: t.integer().notNull(),
    /** Minted on arrival less burned on departure: the peer's totalSupply. */
    supply: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.address] }),
    homeIdx: index().on(table.homeChainId, table.homeToken),
  }),
);

/**
 * Moves of launched tokens between chains (OFT sends), by LayerZero guid, one table per leg, each written by one chain
 * only (so that each chain's rows are its own: Ponder indexes the chains side by side and rolls a reorg back per
 * chain). The source chain's OFTSent: what left (locked on the home chain, burned elsewhere).
 */
export const oftSend = onchainTable(
  "oft_send",
  (t) => ({
    guid: t.hex().primaryKey(),
    /** The launched token, by its home chain and LaunchToken address. */
    homeChainId: t.integer().notNull(),
    homeToken: t.hex().notNull(),
    srcChainId: t.integer().notNull(),
    dstEid: t.integer().notNull(),
    dstChainId: t.integer(),
    from: t.hex().notNull(),
    amountSent: t.bigint().notNull(),
    amountReceived: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({
    tokenIdx: index().on(table.homeChainId, table.homeToken),
    txIdx: index().on(table.txHash),
    fromIdx: index().on(table.from),
  }),
);

/** The destination endpoint's PacketVerified of a move to a launched token or a peer: verified, not yet delivered. */
export const oftVerify = onchainTable("oft_verify", (t) => ({
  guid: t.hex().primaryKey(),
  dstChainId: t.integer().notNull(),
  srcEid: t.integer().notNull(),
  blockNumber: t.bigint().notNull(),
  txHash: t.hex().notNull(),
}));

/** The destination chain's OFTReceived: what arrived (unlocked on the home chain, minted elsewhere), and to whom. */
export const oftReceive = onchainTable(
  "oft_receive",
  (t) => ({
    guid: t.hex().primaryKey(),
    homeChainId: t.integer().notNull(),
    homeToken: t.hex().notNull(),
    dstChainId: t.integer().notNull(),
    srcEid: t.integer().notNull(),
    srcChainId: t.integer(),
    to: t.hex().notNull(),
    amountReceived: t.bigint().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({
    tokenIdx: index().on(table.homeChainId, table.homeToken),
    toIdx: index().on(table.to),
  }),
);

/** Per chain: the launchpad and who receives the protocol's fees. */
export const launchpad = onchainTable("launchpad", (t) => ({
  chainId: t.integer().primaryKey(),
  address: t.hex().notNull(),
  protocolFeeRecipient: t.hex().notNull(),
}));

/** Which token a graduated token's Uniswap V3 pool belongs to (the V3 events name only the pool). */
export const v3Pool = onchainTable(
  "v3_pool",
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    token: t.hex().notNull(),
    usdcIsToken0: t.boolean().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.address] }),
  }),
);

/**
 * What the event log (db/events.ts) publishes of each log that changed something a client watches: one row per log,
 * written with the state it made, so the log is derived from the indexed blocks alone. Kinds: token_created, trade,
 * graduation (data.status graduated), transfer, fees_claimed, pool_fees. Amounts in `data` are decimal
 * strings. A reorg deletes the rows of the blocks it undoes with everything else, which is how the sequencer sees it.
 */
export const streamEvent = onchainTable(
  "stream_event",
  (t) => ({
    /** `<chainId>-<blockHash>-<logIndex>`: a log re-included in another block is another row. */
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    blockNumber: t.bigint().notNull(),
    blockHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    txHash: t.hex().notNull(),
    timestamp: t.bigint().notNull(),
    kind: t.text().notNull(),
    token: t.hex(),
    /**
     * JSON, kept as text: Ponder's json column serialises and parses a row again each time it copies it, which cost
     * more than the rest of the row (readers cast it, db/indexed/events.ts).
     */
    data: t.text().notNull(),
  }),
  (table) => ({
    blockIdx: index().on(table.chainId, table.blockNumber, table.logIndex),
    /** A token's events in order: its holder count over time (db/indexed/launch.ts readHolderCounts). */
    tokenIdx: index().on(table.chainId, table.token, table.blockNumber),
  }),
);
