/** Token read routes: the OpenAPI route definitions (schemas in ./schemas.ts, handlers in ./handlers.ts). */
import { postRoute } from "../common.js";
import {
  CandlesRequest,
  CandlesResponse,
  GetTokensRequest,
  GetTokensResponse,
  HoldersRequest,
  HoldersResponse,
  LaunchReportRequest,
  LaunchReportResponse,
  PoolDataRequest,
  PoolDataResponse,
  SearchRequest,
  SearchResponse,
  SearchTokenRequest,
  SearchTokenResponse,
  TagCoinRequest,
  TagCoinResponse,
  TokenActivityRequest,
  TokenActivityResponse,
  TokenStatsRequest,
  TokenStatsResponse,
  TradesRequest,
  TradesResponse,
} from "./schemas.js";

export const searchTokenRoute = postRoute({
  name: "search-token",
  tag: "Tokens",
  summary: "Find one token",
  description:
    "Tried in order: uuid, token_layer_id, contract address, Solana address, exact symbol (upper-case input), slug, the slug of an on-chain name, then a case-insensitive partial name; several matches: most holders, then oldest. A token created directly on chain gets its uuid and slug here, the first time it is found. Unknown: 404 Token not found.",
  request: SearchTokenRequest,
  response: SearchTokenResponse,
});

export const poolDataRoute = postRoute({
  name: "get-pool-data",
  tag: "Tokens",
  summary: "Liquidity pool data of a token",
  description:
    "Supply, reserves, weight, graduation status and progress, price and market cap; the Uniswap V3 pool once graduated.",
  request: PoolDataRequest,
  response: PoolDataResponse,
});

export const getTokensRoute = postRoute({
  name: "get-tokens",
  tag: "Tokens",
  summary: "List deployed tokens by a ranking",
  description: "Ties are broken by newest first, so pages are stable.",
  request: GetTokensRequest,
  response: GetTokensResponse,
});

export const searchRoute = postRoute({
  name: "search",
  tag: "Tokens",
  summary: "Search tokens, users and posts",
  description:
    "Tokens: case-insensitive substring of name, symbol or slug (exact symbol, exact name and name prefix rank first). Users: substring of the username (exact, then prefix, then most followers). Posts outside clubs: English full-text (websearch syntax) plus substring (trigram) matches, ranked by ts_rank_cd + 0.5 when the title contains the query + 0.25 when the content does, then newest; candidates are the 200 newest full-text and 200 newest substring matches. `limit` applies per kind. Authentication optional.",
  request: SearchRequest,
  response: SearchResponse,
  auth: "optional",
});

export const tagCoinRoute = postRoute({
  name: "tag-coin",
  tag: "Tokens",
  summary: "Add hashtags to a token",
  description:
    "Adds `tags` to the token with `slug` (kept lower case, without #; existing tags stay) and returns all its hashtags. Only the token's creator may add tags (403 otherwise); without tags anyone may read them.",
  request: TagCoinRequest,
  response: TagCoinResponse,
});

export const candlesRoute = postRoute({
  name: "get-token-candles",
  tag: "Tokens",
  summary: "OHLCV candles of a token",
  description: "Post-trade prices of both venues, bucketed by 1m, 5m, 1h or 1d.",
  request: CandlesRequest,
  response: CandlesResponse,
});

export const holdersRoute = postRoute({
  name: "get-token-holders",
  tag: "Tokens",
  summary: "Holders of a token",
  description: "Balances above zero, largest first.",
  request: HoldersRequest,
  response: HoldersResponse,
});

export const tradesRoute = postRoute({
  name: "get-token-trades",
  tag: "Tokens",
  summary: "Trades of a token",
  description: "Both venues, newest first.",
  request: TradesRequest,
  response: TradesResponse,
});

export const tokenStatsRoute = postRoute({
  name: "get-token-stats",
  tag: "Tokens",
  summary: "Price change, volume, trades and unique traders over 5m, 1h, 6h and 24h",
  description:
    "From the indexed trades of both venues. The windows end at the time of the last indexed block (`as_of`), not the server's clock. price_change_pct runs from the price after the last trade at or before a window's start (or the curve's starting price) to the pool's price now.",
  request: TokenStatsRequest,
  response: TokenStatsResponse,
});

export const tokenLaunchReportRoute = postRoute({
  name: "get-token-launch-report",
  tag: "Tokens",
  summary: "Is the launch fair: snipers, bundles, the creator's wallets and sells, concentration, with labels",
  description:
    "From the indexed chain data of the token's home chain, where it launched (a chain it was deployed to later: 400). early_buyers: the wallets whose first buy came at most rules.window_seconds after the creation block, with what they bought, sold and hold, and who funded them. bundles: early buyers funded by one source (directly or through one wallet between) at most rules.funding_lookback_seconds before their first buy, in USDC or the native coin (funding_assets says which were read: the native coin needs an RPC that serves trace_filter), or buying in the creation's own block. creator: its holdings, the wallets it funded and every sell. concentration: the ten largest holders' share (not the launchpad, the pool or the token's own contract), fresh wallets' share, and the holder count over time. labels: sniped, bundled, creator_sold, concentrated, each with its rule, addresses and figures.",
  request: LaunchReportRequest,
  response: LaunchReportResponse,
});

export const tokenActivityRoute = postRoute({
  name: "get-token-activity",
  tag: "Tokens",
  summary: "One feed of a token's trades, transfers, graduation and fee claims",
  description:
    "On every chain the token is indexed on (its home chain and the chains it was deployed to; chainSlug: one of them, another is 400 `Token not available on chain <slug>`), newest first with a keyset cursor (entries indexed meanwhile neither repeat nor push one out of reach): trades on both venues, transfers between holders (not the token legs of trades), its graduation to Uniswap V3, collections of its pool's fees, claims of the launch tokens they credited, and moves between chains (move_sent where it left, move_received where it arrived, the same guid). Each entry has a kind and that kind's fields. A cursor of another feed, or not one at all: 400 `Invalid cursor`; unknown token: 404.",
  request: TokenActivityRequest,
  response: TokenActivityResponse,
});
