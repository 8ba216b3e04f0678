/**
 * Read-only token tools (anonymous callers allowed): get_tokens, search_token, get_pool_data, get_token_candles,
 * get_token_holders, get_portfolio. Inputs are the REST schemas of api/routes/tokens/schemas.ts; each run is
 * the REST handler's service call.
 */
import { z } from "zod";
import { AppError } from "../../../core/errors.js";
import { uuid } from "../../../core/schemas.js";
import type { ApiDeps } from "../../deps.js";
import {
  CandlesRequest,
  CandlesResponse,
  GetTokensRequest,
  GetTokensResponse,
  HoldersResponse,
  LaunchReport,
  LaunchReportRequest,
  PageRequest,
  PoolDataRequest,
  PoolDataResponse,
  SearchTokenRequest,
  Token,
  TokenActivity,
  TokenActivityRequest,
  TokenStats,
  TokenStatsRequest,
} from "../../routes/tokens/schemas.js";
import { GetPortfolioRequest, GetPortfolioResponse } from "../../routes/wallet/schemas.js";
import { getTokenActivity } from "../../services/activity.js";
import { freshness } from "../../services/indexed.js";
import { getTokenLaunchReport } from "../../services/launch-report.js";
import { getPortfolio, portfolioAddress } from "../../services/portfolio.js";
import { listTokens, searchTokenRecord } from "../../services/tokens/catalog.js";
import { getCandles, getHolders, getPoolData } from "../../services/tokens/market.js";
import { getTokenStats } from "../../services/tokens/stats.js";
import { defineTool } from "../tool.js";

const withoutSuccess = <T extends z.ZodObject>(schema: T) => schema.omit({ success: true });

export const getTokensTool = defineTool({
  name: "get_tokens",
  title: "List tokens",
  description:
    "List launched tokens ranked by `filter`: trending (USD volume of the last 24 h), new (newest first), popular (most holders) or top_posts. Paginate with limit (1-100, default 20) and offset; narrow with hashtag_name (without #) or verified_only. Each token has its id (use it as tokenId in other tools), contract_address, holder and vote counts, creator, price and market cap in USD.",
  input: GetTokensRequest,
  output: withoutSuccess(GetTokensResponse),
  access: "public",
  readOnly: true,
  run: async (ctx, body) => {
    const list = await listTokens(ctx.deps, {
      filter: body.filter,
      limit: body.limit,
      offset: body.offset,
      hashtag: body.hashtag_name,
      verifiedOnly: body.verified_only,
      stage: body.stage,
    });
    return { ...list, freshness: await defaultFreshness(ctx.deps) };
  },
});

export const searchTokenTool = defineTool({
  name: "search_token",
  title: "Find one token",
  description:
    "Find one token by its id (uuid), token_layer_id, contract address, upper-case symbol, slug, or part of its name, and get its price (USD per whole token), market cap (USD), holder count and description. Unknown input: TOKEN_NOT_FOUND.",
  input: SearchTokenRequest,
  output: z.object({
    id: uuid,
    name: z.string(),
    symbol: z.string(),
    contract_address: z
      .string()
      .nullable()
      .describe("Token contract on its primary chain, EIP-55; null if not deployed"),
    price_usd: z.number().describe("USD per whole token"),
    market_cap: z.number().describe("USD"),
    description: z.string(),
    image_url: z.string(),
    holders_count: z.number().int(),
    slug: z.string(),
    chain: z.string().nullable().describe("Primary chain (ChainSlug)"),
    is_graduated: z.boolean(),
    token: Token.describe("The full token record, as REST search-token returns it"),
  }),
  access: "public",
  readOnly: true,
  run: async (ctx, { input }) => {
    const { token } = await searchTokenRecord(ctx.deps, input, ctx.user?.id ?? null);
    const primary = token.token_addresses[0];
    return {
      id: token.id,
      name: token.name,
      symbol: token.symbol,
      contract_address: primary?.address ?? null,
      price_usd: token.price,
      market_cap: token.market_cap,
      description: token.description,
      image_url: token.logo,
      holders_count: token.holders_count,
      slug: token.slug,
      chain: primary?.chain ?? null,
      is_graduated: token.is_graduated,
      token,
    };
  },
});

export const getPoolDataTool = defineTool({
  name: "get_pool_data",
  title: "Pool data of a token",
  description:
    "Liquidity pool of a token (tokenId from get_tokens or search_token): bonding-curve supply, USDC reserve, reserve weight, price, market cap, graduation progress (progress_percent) and whether it has graduated to Uniswap V3 (then v3_pool is set). Exact amounts are base-unit strings beside USD/whole-token numbers. pool_data is null while the token is not deployed yet.",
  input: PoolDataRequest,
  output: withoutSuccess(PoolDataResponse),
  access: "public",
  readOnly: true,
  run: async (ctx, { tokenId, chainSlug }) => getPoolData(ctx.deps, tokenId, chainSlug),
});

export const getTokenCandlesTool = defineTool({
  name: "get_token_candles",
  title: "Price candles of a token",
  description:
    "OHLCV candles of a token across both venues (curve and Uniswap V3): interval 1m, 5m, 1h (default) or 1d, optionally between from and to (ISO 8601), the most recent `limit` (default 200). Prices are USD per whole token; only buckets with trades are returned.",
  input: CandlesRequest,
  output: withoutSuccess(CandlesResponse),
  access: "public",
  readOnly: true,
  run: async (ctx, body) => {
    const from = body.from === undefined ? undefined : Math.floor(Date.parse(body.from) / 1000);
    const to = body.to === undefined ? undefined : Math.floor(Date.parse(body.to) / 1000);
    if (from !== undefined && to !== undefined && from > to) {
      throw new AppError("INVALID_PARAMETERS", "Invalid from: must not be after to");
    }
    return getCandles(ctx.deps, { ...body, from, to });
  },
});

export const getTokenHoldersTool = defineTool({
  name: "get_token_holders",
  title: "Holders of a token",
  description:
    "Addresses holding a token, largest balance first, with their share of the supply and the service user behind each wallet when known. Paginate with limit (1-100, default 20) and offset.",
  input: PageRequest,
  output: withoutSuccess(HoldersResponse),
  access: "public",
  readOnly: true,
  run: async (ctx, body) => getHolders(ctx.deps, body),
});

export const getPortfolioTool = defineTool({
  name: "get_portfolio",
  title: "Portfolio of a wallet",
  description:
    "What a wallet holds of the launchpad's tokens on every chain, valued at each pool's current price (largest value first), with cost basis and realised and unrealised PnL at average cost, its USDC on each chain, and the fees it can claim: USDC (trade fee shares and collected pool fees; claim them with claim_fees) and launch tokens from collected pool fees, per token. address defaults to your wallet on record; anonymous callers must give one.",
  input: GetPortfolioRequest,
  output: withoutSuccess(GetPortfolioResponse),
  access: "public",
  readOnly: true,
  run: async (ctx, body) => getPortfolio(ctx.deps, { ...body, address: portfolioAddress(ctx.user, body), usdc: true }),
});

/** Freshness of reads that span tokens: the service's default chain, as REST get-tokens reports it. */
const defaultFreshness = (deps: ApiDeps) => freshness(deps, deps.deployments.keys().next().value ?? "base-sepolia");

export const getTokenStatsTool = defineTool({
  name: "get_token_stats",
  title: "Token trading stats",
  description:
    "A token's price change, volume (USDC), trade count, buys, sells and unique traders, buyers and sellers over the last 5 minutes, hour, 6 hours and 24 hours (tokenId; chainSlug defaults to its home chain), from the indexed trades. The windows end at the last indexed block (as_of).",
  input: TokenStatsRequest,
  output: TokenStats,
  access: "public",
  readOnly: true,
  run: async (ctx, body) => getTokenStats(ctx.deps, body),
});

export const getTokenLaunchReportTool = defineTool({
  name: "get_token_launch_report",
  title: "Token launch report",
  description:
    "Is this launch fair? From the chain: who bought in the token's first minute (snipers in its first blocks), which of them one wallet funded (bundles, directly or through one hop), what the creator and the wallets it funded hold and every sell, the top-10 holders' share, fresh wallets' share and the holder count over time, and labels (sniped, bundled, creator_sold, concentrated) with the addresses and figures behind each.",
  input: LaunchReportRequest,
  output: LaunchReport,
  access: "public",
  readOnly: true,
  run: async (ctx, body) => getTokenLaunchReport(ctx.deps, body),
});

export const getTokenActivityTool = defineTool({
  name: "get_token_activity",
  title: "Token activity",
  description:
    "One feed of a token's trades, transfers between holders, graduation, pool fee collections and fee claims on every chain, newest first. Page with pagination.next_cursor as cursor.",
  input: TokenActivityRequest,
  output: TokenActivity,
  access: "public",
  readOnly: true,
  run: async (ctx, body) => getTokenActivity(ctx.deps, body),
});
