/**
 * Token read schemas: requests and responses of the token read routes (./routes.ts). They drive validation, types,
 * the OpenAPI document and the MCP tools' input schemas.
 *
 * Units in responses: `price`/`market_cap` of a token are USD numbers; exact amounts are decimal strings in base
 * units (token wei with 18 decimals, USDC base units with 6 decimals, prices in USD per whole token × 1e18), each
 * next to a display number (`*_tokens` whole tokens, `*_usd` USD). Times are ISO 8601 unless named `timestamp`
 * (unix seconds).
 */
import { z } from "@hono/zod-openapi";
import { candleIntervals } from "../../../core/candles.js";
import { GRADUATING_PROGRESS_BPS, searchTypes, tokenFilters, tokenStages } from "../../../core/catalog.js";
import { LABEL_NAMES } from "../../../core/launch-report.js";
import { chainSlug, hashtag, limit, offset, text, uuid } from "../../../core/schemas.js";
import { SLUG_MAX } from "../../../core/text.js";
import { CursorPagination, cursorParam, Freshness } from "../common-schemas.js";
import { Post, SearchUser } from "../social/schemas.js";

const chainParam = chainSlug
  .optional()
  .describe(
    "Chain of the deployment to read: its home chain or a chain it was deployed to (a peer: holdings and moves, no pool); default: the chain the token was created for, else its first deployment",
  );

/** Present only where a token has no market: a chain it was deployed to, where it trades not (its home chain only). */
const noMarketReason = z
  .string()
  .optional()
  .describe(
    "Only on a chain the token was deployed to (a peer): why it has no pool, trades or candles there, e.g. `No pool on bnb-testnet: the token is deployed there and trades on its home chain, base-sepolia`",
  );

const Creator = z
  .object({ id: uuid, username: z.string(), profile_picture: z.string() })
  .nullable()
  .describe("The user who created the token; null when the creating wallet belongs to no user of the service")
  .openapi("TokenCreator");

export const TokenAddress = z
  .object({
    id: uuid.describe("Stable id of this deployment (uuid v5 of the token id, chain id and address)"),
    token_id: uuid,
    address: z.string().describe("Token contract address, EIP-55 checksummed"),
    address_display: z.string().describe("Shortened address for display, 0x1234…abcd"),
    address_type: z.literal("evm"),
    chain: z.string().describe("ChainSlug"),
    platform_name: z.string().describe("Human name of the chain"),
    is_registered: z.boolean().describe("Always true: the deployment is registered with the launchpad (it is indexed)"),
    dex_name: z
      .enum(["Bonding curve", "Uniswap V3"])
      .nullable()
      .describe(
        "Where it trades on that chain; null on a destination chain (no pool there: move it with transfer-token)",
      ),
    dex_address: z
      .string()
      .nullable()
      .describe("The launchpad (bonding curve) or the Uniswap V3 pool (graduated); null where it has no pool"),
    created_at: z.string().describe("Block time of the token's creation on this chain"),
  })
  .openapi("TokenAddress");

export const Token = z
  .object({
    id: uuid,
    name: z.string(),
    symbol: z.string(),
    slug: z.string(),
    logo: z.string(),
    banner_url: z.string(),
    video_url: z.string(),
    description: z.string(),
    token_layer_id: z.string().describe("bytes32 on-chain id, 0x + 64 lowercase hex"),
    created_at: z.string(),
    launch_post_id: uuid.nullable(),
    total_posts_count: z.number().int().describe("Top-level posts tagged with the token, outside clubs"),
    total_media_count: z.number().int().describe("Those of them with media"),
    groups_count: z.number().int().describe("Clubs of the token"),
    holders_count: z.number().int().describe("Holders on the primary chain"),
    upvotes: z.number().int().describe("Upvotes on the token"),
    downvotes: z.number().int(),
    weighted_upvotes: z.number().int().describe("Sum of the upvoters' weights in whole tokens, floored"),
    weighted_downvotes: z.number().int(),
    weighted_upvotes_wei: z.string().describe("The exact weighted upvotes, token base units"),
    weighted_downvotes_wei: z.string(),
    user_vote: z.enum(["upvote", "downvote"]).nullable().describe("The caller's vote on the token, if any"),
    is_live: z.boolean().describe("A livestream about the token is live"),
    hashtags: z.array(z.string()),
    creator: Creator,
    creator_address: z.string().describe("Address that created the token on chain"),
    price: z.number().describe("USD per whole token, primary chain; 0 without a deployment"),
    market_cap: z.number().describe("USD, primary chain; 0 without a deployment"),
    total_holder_count: z.number().int().describe("Holders summed over every chain"),
    is_graduated: z.boolean(),
    verified: z.boolean(),
    launch_labels: z
      .array(z.enum(LABEL_NAMES))
      .describe(
        "Launch labels standing on the home chain, sorted: sniped, bundled, creator_sold, concentrated (get-token-launch-report has their wallets and figures)",
      ),
    token_addresses: z.array(TokenAddress).describe("One per indexed chain, the primary chain first"),
  })
  .openapi("Token");

export const TokenListItem = z
  .object({
    id: uuid,
    name: z.string(),
    symbol: z.string(),
    slug: z.string(),
    logo: z.string(),
    contract_address: z.string().nullable().describe("Address on the primary chain, EIP-55"),
    chain: z.string(),
    holders_count: z.number().int(),
    upvote_count: z.number().int().describe("0 until voting exists"),
    downvote_count: z.number().int().describe("0 until voting exists"),
    creator: Creator,
    price: z.number().describe("USD per whole token"),
    market_cap: z.number().describe("USD"),
    is_graduated: z.boolean(),
    verified: z.boolean(),
    launch_labels: z
      .array(z.enum(LABEL_NAMES))
      .describe(
        "Launch labels standing on the home chain, sorted: sniped, bundled, creator_sold, concentrated (get-token-launch-report has their wallets and figures)",
      ),
    hashtags: z.array(z.string()),
    created_at: z.string(),
  })
  .openapi("TokenListItem");

/**
 * get-hashtag-token's response (its route is in ../social/routes.ts). It sits here, beside TokenListItem, because
 * this module imports ../social/schemas.ts (Post, SearchUser), which therefore cannot import TokenListItem back.
 */
export const GetHashtagTokenResponse = z
  .object({ success: z.literal(true), token: TokenListItem.extend({ hashtag: z.string() }) })
  .openapi("GetHashtagTokenResponse");

const Pagination = z
  .object({ limit: z.number().int(), offset: z.number().int(), has_more: z.boolean() })
  .openapi("Pagination");

// search-token

/** The longest search-token input, in characters: a token_layer_id is 66, a name 64. */
const SEARCH_TOKEN_INPUT_MAX = 128;
export const SearchTokenRequest = z
  .object({
    input: text(SEARCH_TOKEN_INPUT_MAX)
      .min(1)
      .describe(
        "Token uuid, token_layer_id (0x + 64 hex), contract address (0x + 40 hex, any indexed chain; a Solana base58 address matches nothing), upper-case symbol, slug, or part of the name",
      ),
  })
  .openapi("SearchTokenRequest");
export const SearchTokenResponse = z
  .object({ success: z.literal(true), token: Token, freshness: Freshness })
  .openapi("SearchTokenResponse");

// get-pool-data

export const PoolData = z
  .object({
    chain: z.string(),
    token_address: z.string(),
    pool_type: z.object({ id: z.number().int(), name: z.string().describe("meme (7) or startup-preseed (8)") }),
    venue: z.enum(["bonding_curve", "uniswap_v3"]),
    supply: z.string().describe("Curve supply before graduation, total supply after; token wei"),
    supply_tokens: z.number().describe("supply in whole tokens"),
    reserve: z.string().describe("Curve USDC reserve, USDC base units (0 once graduated)"),
    reserve_usd: z.number(),
    weight_ppm: z.number().int().describe("Reserve weight, parts per million"),
    weight: z.number().describe("Reserve weight as a fraction"),
    virtual_supply: z.string().describe("S0, token wei"),
    virtual_reserve: z.string().describe("R0, USDC base units"),
    migration_supply: z.string().describe("Curve supply at which the token graduates, token wei"),
    migration_supply_tokens: z.number(),
    remaining_to_graduation: z.string().describe("Token wei still to be bought before graduation"),
    price: z.string().describe("USD per whole token × 1e18"),
    price_usd: z.number(),
    market_cap: z.string().describe("USDC base units"),
    market_cap_usd: z.number(),
    progress_bps: z.number().int().describe("Graduation progress, 0 to 10000"),
    progress_percent: z.number().describe("Graduation progress, 0 to 100"),
    is_graduated: z.boolean(),
    referral: z
      .string()
      .nullable()
      .describe("The token's referral: an approved referrer its creator named at creation, permanent; null for none"),
    collected_pool_fees: z
      .object({
        usdc: z.string().describe("USDC base units"),
        usd: z.number(),
        tokens: z.string().describe("Token wei"),
        tokens_whole: z.number(),
      })
      .describe(
        "Swap fees of the graduated token's locked V3 position collected so far (collectPoolFees), creator's and protocol's parts together",
      ),
    trade_fee_bps: z.number().int(),
    creator_share_bps: z
      .number()
      .int()
      .describe("Creator's share of each fee, in bps of the whole fee (attribution never reduces it)"),
    dex_fee_tier: z.number().int().describe("Uniswap V3 fee tier at graduation, hundredths of a bip"),
    dex_supply: z.string().describe("Tokens seeded into Uniswap V3 at graduation, token wei"),
    dex_reserve: z.string().describe("USDC seeded into Uniswap V3 at graduation, USDC base units"),
    v3_pool: z
      .object({
        address: z.string().nullable(),
        fee_tier: z.number().int().nullable().describe("hundredths of a bip"),
        sqrt_price_x96: z.string().nullable().describe("Q64.96, as the pool reports it (token0/token1 order)"),
        tick: z.number().int().nullable(),
        liquidity: z.string().nullable(),
        position_id: z.string().nullable().describe("The launchpad's locked position NFT"),
        usdc_is_token0: z.boolean(),
      })
      .nullable()
      .describe("Set once graduated"),
    updated_block: z.number().int(),
  })
  .openapi("PoolData");

export const PoolDataRequest = z.object({ tokenId: uuid, chainSlug: chainParam }).openapi("GetPoolDataRequest");
export const PoolDataResponse = z
  .object({
    success: z.literal(true),
    pool_data: PoolData.nullable().describe(
      "null while the token has no indexed deployment, and on a chain it was deployed to without a pool (see reason)",
    ),
    reason: noMarketReason,
    freshness: Freshness,
  })
  .openapi("GetPoolDataResponse");

// get-tokens

export const GetTokensRequest = z
  .object({
    filter: z
      .enum(tokenFilters)
      .describe(
        "trending: USDC volume of the last 24 h; new: creation time; popular: holders; top_posts: posts (none yet), then all-time volume",
      ),
    limit: limit(100, 20),
    offset,
    hashtag_name: hashtag.optional().describe("Only tokens with this hashtag (with or without #, any case)"),
    verified_only: z.boolean().default(false),
    stage: z
      .enum(tokenStages)
      .optional()
      .describe(
        `new: on the bonding curve below ${GRADUATING_PROGRESS_BPS / 100}% of its migration supply; graduating: on the curve at or above it; graduated: on Uniswap V3. Default: every stage`,
      ),
  })
  .openapi("GetTokensRequest");
export const GetTokensResponse = z
  .object({
    success: z.literal(true),
    tokens: z.array(TokenListItem.extend({ volume_24h: z.number().describe("USD traded in the last 24 h") })),
    total: z.number().int().describe("Tokens matching the filters"),
    freshness: Freshness,
  })
  .openapi("GetTokensResponse");

// search

/** The longest search query, in characters: it bounds the full-text and substring work of one search. */
const SEARCH_QUERY_MAX = 256;

export const SearchRequest = z
  .object({
    query: text(SEARCH_QUERY_MAX).min(1),
    type: z.enum(searchTypes).default("all"),
    limit: limit(100, 20).describe("Per result kind"),
  })
  .openapi("SearchRequest");
export const SearchResponse = z
  .object({
    success: z.literal(true),
    results: z.object({
      tokens: z.array(TokenListItem.nullable()),
      users: z.array(SearchUser.nullable()),
      posts: z.array(Post.nullable()).describe("Posts outside clubs"),
    }),
    freshness: Freshness,
  })
  .openapi("SearchResponse");

// tag-coin

export const TagCoinRequest = z
  .object({
    slug: text(SLUG_MAX).min(1),
    tags: z
      .array(hashtag)
      .max(20)
      .optional()
      .describe("Hashtags to add (creator only); omit to read the token's hashtags"),
  })
  .openapi("TagCoinRequest");
export const TagCoinResponse = z
  .object({
    success: z.literal(true),
    token_id: uuid,
    slug: z.string(),
    hashtags: z.array(z.string()).describe("All of the token's hashtags, lower case without #, sorted"),
  })
  .openapi("TagCoinResponse");

// get-token-candles

const isoTime = z.iso.datetime({ offset: true });

export const CandlesRequest = z
  .object({
    tokenId: uuid,
    interval: z.enum(Object.keys(candleIntervals) as [keyof typeof candleIntervals]).default("1h"),
    from: isoTime.optional().describe("ISO 8601; candles whose bucket starts at or after the bucket of this time"),
    to: isoTime.optional().describe("ISO 8601; candles whose bucket starts at or before this time"),
    limit: limit(1000, 200).describe("The most recent candles within the range"),
    chainSlug: chainParam,
  })
  .openapi("GetTokenCandlesRequest");
export const Candle = z
  .object({
    time: z.string().describe("Bucket start, ISO 8601"),
    timestamp: z.number().int().describe("Bucket start, unix seconds"),
    open: z.number().describe("USD per whole token"),
    high: z.number(),
    low: z.number(),
    close: z.number(),
    volume_usd: z.number(),
    volume_tokens: z.number().describe("whole tokens"),
    volume_usdc: z.string().describe("USDC base units"),
    volume_token: z.string().describe("token wei"),
    trades: z.number().int(),
  })
  .openapi("Candle");
export const CandlesResponse = z
  .object({
    success: z.literal(true),
    interval: z.string(),
    chain: z.string().nullable(),
    candles: z.array(Candle).describe("Oldest first; only buckets with trades (no gap filling)"),
    reason: noMarketReason,
    freshness: Freshness,
  })
  .openapi("GetTokenCandlesResponse");

// get-token-holders

export const PageRequest = z.object({ tokenId: uuid, limit: limit(100, 20), offset, chainSlug: chainParam });
export const HoldersRequest = PageRequest.openapi("GetTokenHoldersRequest");
export const HoldersResponse = z
  .object({
    success: z.literal(true),
    chain: z.string().nullable(),
    holders: z.array(
      z.object({
        rank: z.number().int(),
        address: z.string(),
        balance: z.string().describe("token wei"),
        balance_tokens: z.number(),
        percent_of_supply: z.number().describe("Share of the supply (curve supply before graduation), 0 to 100"),
        is_pool: z.boolean().describe("The token's Uniswap V3 pool"),
        user: z.object({ id: uuid, username: z.string() }).nullable().describe("The user whose wallet it is"),
      }),
    ),
    total: z.number().int().describe("Holders with a balance above zero"),
    pagination: Pagination,
    freshness: Freshness,
  })
  .openapi("GetTokenHoldersResponse");

// get-token-trades

export const TradesRequest = PageRequest.openapi("GetTokenTradesRequest");
export const TradesResponse = z
  .object({
    success: z.literal(true),
    chain: z.string().nullable(),
    trades: z.array(
      z.object({
        id: z.string().describe("<chainId>-<txHash>-<logIndex>"),
        side: z.enum(["buy", "sell"]),
        mode: z.string().describe("buy_exact_in, buy_exact_out, sell_exact_in, sell_exact_out, dex_buy, dex_sell"),
        venue: z.string().describe("bonding_curve or uniswap_v3"),
        trader: z.string(),
        token_amount: z.string().describe("token wei"),
        token_amount_tokens: z.number(),
        usdc_amount: z.string().describe("USDC base units the trader paid (buy, fee included) or received (sell)"),
        amount_usd: z.number(),
        price: z.string().describe("Pool price after the trade, USD per whole token × 1e18"),
        price_usd: z.number(),
        fee_usdc: z.string().describe("Total fee, USDC base units"),
        fee_usd: z.number(),
        tx_hash: z.string(),
        log_index: z.number().int(),
        block_number: z.number().int(),
        timestamp: z.string().describe("Block time, ISO 8601"),
      }),
    ),
    total: z.number().int(),
    pagination: Pagination,
    freshness: Freshness,
    reason: noMarketReason,
  })
  .openapi("GetTokenTradesResponse");

// get-token-stats

export const TokenStatsRequest = z.object({ tokenId: uuid, chainSlug: chainParam }).openapi("GetTokenStatsRequest");

export const TokenStatsWindow = z
  .object({
    window: z.enum(["5m", "1h", "6h", "24h"]),
    price_change_pct: z
      .number()
      .nullable()
      .describe("From the price at the window's start to the price now, percent, rounded toward zero to 0.01"),
    open_price_usd: z.number().nullable().describe("The price at the window's start"),
    volume_usdc: z.string().describe("USDC base units traders paid (buys, fee included) or received (sells)"),
    volume_usd: z.number(),
    trades: z.number().int(),
    buys: z.number().int(),
    sells: z.number().int(),
    unique_traders: z.number().int(),
    unique_buyers: z.number().int(),
    unique_sellers: z.number().int(),
  })
  .openapi("TokenStatsWindow");

export const TokenStats = z
  .object({
    token_id: uuid,
    chain: z.string(),
    price_usd: z.number().nullable().describe("The pool's price now; null while the token has no indexed pool"),
    as_of: z
      .object({ block: z.number().int(), timestamp: z.string() })
      .nullable()
      .describe("The indexed block the windows end at, and its time"),
    windows: z.array(TokenStatsWindow).describe("5m, 1h, 6h and 24h, each ending at as_of"),
    launch_fee: z
      .object({
        start_bps: z.number().int().describe("A curve trade's fee at the token's creation"),
        base_bps: z.number().int().describe("The pool type's trade fee, which the launch fee falls to"),
        bps_now: z.number().int().describe("The fee of a curve trade sent now (the next block's)"),
        starts_at: z.string().describe("ISO 8601: the token's creation"),
        ends_at: z.string().describe("ISO 8601: when the fee has fallen to base_bps"),
        collected_usdc: z
          .string()
          .describe("USDC base units trades paid above the trade fee in the window, all the protocol's"),
        collected_usd: z.number(),
      })
      .nullable()
      .describe("The launch fee's schedule and what its window collected; null for a pool type without one"),
    freshness: Freshness,
    reason: noMarketReason,
  })
  .openapi("TokenStats");

export const TokenStatsResponse = TokenStats.extend({ success: z.literal(true) }).openapi("GetTokenStatsResponse");

// get-token-activity

export const TokenActivityRequest = z
  .object({
    tokenId: uuid,
    chainSlug: chainSlug
      .optional()
      .describe("One chain the token is on (its home chain or one it was deployed to); default: every chain"),
    limit: limit(100, 20),
    cursor: cursorParam,
  })
  .openapi("GetTokenActivityRequest");

const activityPlace = {
  chain: z.string(),
  tx_hash: z.string(),
  block_number: z.number().int(),
  log_index: z.number().int(),
  timestamp: z.string().describe("ISO 8601, the block's time"),
};

export const TokenActivityEntry = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("trade"),
      ...activityPlace,
      trader: z.string().nullable(),
      side: z.enum(["buy", "sell"]),
      venue: z.string(),
      mode: z.string(),
      token_amount: z.string().describe("token wei"),
      token_amount_tokens: z.number(),
      usdc_amount: z.string().describe("USDC base units paid (buy, fee included) or received (sell)"),
      amount_usd: z.number(),
      price_usd: z.number().describe("The pool's price after the trade"),
    }),
    z.object({
      kind: z.literal("transfer"),
      ...activityPlace,
      from: z.string().nullable(),
      to: z.string().nullable(),
      token_amount: z.string().describe("token wei"),
      token_amount_tokens: z.number(),
      price_usd: z.number().describe("The pool's price when it moved"),
    }),
    z.object({
      kind: z.literal("graduation"),
      ...activityPlace,
      v3_pool: z.string().nullable(),
      fee_tier: z.number().int(),
    }),
    z.object({
      kind: z.literal("fee_collection"),
      ...activityPlace,
      creator: z.string().nullable(),
      creator_usdc: z.string(),
      protocol_usdc: z.string(),
      creator_tokens: z.string().describe("token wei"),
      protocol_tokens: z.string().describe("token wei"),
    }),
    z.object({
      kind: z.literal("fee_claim"),
      ...activityPlace,
      recipient: z.string().nullable(),
      token_amount: z.string().describe("token wei"),
      token_amount_tokens: z.number(),
    }),
    z.object({
      kind: z.literal("move_sent"),
      ...activityPlace,
      from: z.string().nullable(),
      to_chain: z.string().nullable().describe("Where it went (null: a LayerZero endpoint the service does not know)"),
      token_amount: z.string().describe("token wei that left this chain (locked at home, burned elsewhere)"),
      token_amount_tokens: z.number(),
      guid: z.string().describe("The LayerZero message: the move_received of the same guid is its other leg"),
    }),
    z.object({
      kind: z.literal("move_received"),
      ...activityPlace,
      to: z.string().nullable(),
      from_chain: z.string().nullable().describe("Where it came from"),
      token_amount: z.string().describe("token wei that arrived (unlocked at home, minted elsewhere)"),
      token_amount_tokens: z.number(),
      guid: z.string(),
    }),
  ])
  .openapi("TokenActivityEntry");

export const TokenActivity = z
  .object({
    token_id: uuid,
    activity: z.array(TokenActivityEntry).describe("Newest first"),
    pagination: CursorPagination,
    freshness: Freshness,
  })
  .openapi("TokenActivity");

export const TokenActivityResponse = TokenActivity.extend({ success: z.literal(true) }).openapi(
  "GetTokenActivityResponse",
);

export const LaunchReportRequest = z
  .object({
    tokenId: uuid,
    chainSlug: chainSlug.optional().describe("The token's home chain, where it launched (default)"),
  })
  .openapi("GetTokenLaunchReportRequest");

const sharePct = z.number().describe("Percent of the supply (every holder's balance summed), two decimals");
const wei = z.string().describe("token wei");

export const LaunchLabel = z
  .object({
    label: z.enum(["sniped", "bundled", "creator_sold", "concentrated"]),
    rule: z.string().describe("The rule that raised it, with its threshold"),
    addresses: z.array(z.string()).describe("The wallets that raised it"),
    figures: z.record(z.string(), z.union([z.string(), z.number()])).describe("The figures behind it"),
  })
  .openapi("LaunchLabel");

export const LaunchReport = z
  .object({
    token_id: uuid,
    chain: z.string(),
    contract_address: z.string(),
    created_block: z.number().int(),
    created_at: z.string(),
    supply: wei,
    rules: z.object({
      window_seconds: z.number().int(),
      snipe_blocks: z.number().int(),
      funding_lookback_seconds: z.number().int(),
      concentrated_pct: z.number(),
    }),
    funding_assets: z
      .array(z.enum(["usdc", "native"]))
      .describe(
        "What funding was read from the chain: USDC Transfer logs always; the native coin when the chain's RPC serves trace_filter",
      ),
    window_ends_at: z.string().describe("The launch window's end: buys up to it are early"),
    early_buyers: z
      .array(
        z.object({
          address: z.string(),
          first_buy_block: z.number().int(),
          first_buy_at: z.string(),
          bought: wei.describe("token wei bought in the window"),
          bought_usd: z.number(),
          bought_pct: sharePct,
          sold: wei.describe("token wei sold since, at any time"),
          held: wei,
          held_pct: sharePct,
          funded_by: z.array(z.string()).describe("Who sent it USDC in the lookback before its first buy"),
        }),
      )
      .describe("The wallets whose first buy was in the launch window, the creator left out; earliest first"),
    bundles: z.array(
      z.object({
        wallets: z.array(z.string()),
        sources: z.array(z.string()).describe("The funders they share (or block:<n>, the creation's block)"),
        bought: wei,
        bought_pct: sharePct,
        held: wei,
        held_pct: sharePct,
      }),
    ),
    creator: z.object({
      address: z.string(),
      held: wei,
      held_pct: sharePct,
      wallets: z
        .array(
          z.object({
            address: z.string(),
            funded_usd: z.number().describe("USDC the creator sent it"),
            funded_native: wei.describe("The native coin the creator sent it, wei"),
            held: wei,
            held_pct: sharePct,
          }),
        )
        .describe("Wallets the creator sent USDC or the native coin before their first trade of the token"),
      sells: z
        .array(
          z.object({
            address: z.string(),
            block: z.number().int(),
            at: z.string(),
            tx_hash: z.string(),
            tokens: wei,
            tokens_amount: z.number(),
            usd: z.number(),
          }),
        )
        .describe("Every sell of the creator and its wallets"),
    }),
    concentration: z.object({
      holders: z.number().int().describe("Addresses holding the token on this chain now, its pool's included"),
      top10_pct: sharePct,
      top10: z
        .array(z.object({ address: z.string(), balance: wei, pct: sharePct }))
        .describe("Not the launchpad, the token's pool or its own contract"),
      fresh_wallets_pct: sharePct.describe("Held by wallets whose first indexed activity was this token"),
      holders_over_time: z
        .array(z.object({ block: z.number().int(), at: z.string(), holders: z.number().int() }))
        .describe(
          "The holder count (as `holders`: every address holding the token on this chain, its pool's included) over time, from 0 at the creation block: at most 200 samples evenly spaced in blocks up to the token's last event, each the count after the last change at or before it, with that change's block",
        ),
    }),
    early_holdings: z
      .array(z.object({ block: z.number().int(), at: z.string(), held: wei, held_pct: sharePct }))
      .describe(
        "What the early buyers held together after each block that changed it (their trades, transfers and moves between chains), from 0 at the creation block; at most 200 points, evenly spaced, the last kept",
      ),
    labels: z.array(LaunchLabel),
    freshness: Freshness,
  })
  .openapi("LaunchReport");

export const LaunchReportResponse = LaunchReport.extend({ success: z.literal(true) }).openapi(
  "GetTokenLaunchReportResponse",
);
