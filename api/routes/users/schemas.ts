/**
 * zod schemas of the user endpoints (get-me, update-profile, get-user): requests, records and responses, shared
 * with the MCP tools. The service (api/services/profiles.ts) declares its own types; the handlers check they fit.
 */
import { z } from "@hono/zod-openapi";
import { limit, text, username, uuid } from "../../../core/schemas.js";
import { mediaText, mediaUri, UsdcAmount } from "../common-schemas.js";
import { Post } from "../social/schemas.js";

/** Longest bio, characters. */
export const MAX_BIO_LENGTH = 500;

// Requests

export const GetMeRequest = z.object({}).openapi("GetMeRequest");

export const UpdateProfileRequest = z
  .object({
    username: username.optional().describe("3 to 30 letters, digits or _; unique without regard to case (taken: 409)"),
    profile_picture: z
      .union([z.literal(""), mediaUri("image")])
      .optional()
      .describe(`${mediaText("image")}; "" removes the picture`),
    bio: text(MAX_BIO_LENGTH).optional().describe(`At most ${MAX_BIO_LENGTH} characters`),
    show_holdings: z.boolean().optional().describe("Whether get-user shows your holdings to others (default false)"),
  })
  .openapi("UpdateProfileRequest");

export const GetUserRequest = z
  .object({
    user_id: uuid.optional(),
    username: text(64).min(1).optional().describe("Case-insensitive"),
  })
  .openapi("GetUserRequest");

// Records

const profileFields = {
  id: uuid,
  username: z.string(),
  profile_picture: z.string().describe("A URL, or empty"),
  bio: z.string(),
  wallet_address: z.string().describe("The custodial wallet on record"),
  created_at: z.string(),
  follower_count: z.number().int(),
  following_count: z.number().int(),
};

export const Profile = z
  .object({
    ...profileFields,
    show_holdings: z.boolean().describe("Whether get-user shows your holdings to others"),
  })
  .openapi("Profile");

export const PortfolioHolding = z
  .object({
    token_id: uuid
      .nullable()
      .describe("The token's id (tokenId in other endpoints); null if the service has no record"),
    name: z.string(),
    symbol: z.string(),
    chain: z.string(),
    contract_address: z.string(),
    balance: z.string().describe("token wei"),
    balance_tokens: z.number(),
    price_usd: z.number(),
    value_usdc: z.string().describe("USDC base units, rounded down"),
    value_usd: z.number(),
    is_graduated: z.boolean(),
    average_cost_usd: z.number().describe("Cost basis per whole token, USD"),
    cost_basis: UsdcAmount.describe("What the balance cost, at average cost"),
    realised_pnl: UsdcAmount.describe("What this token's sales received less the average cost of what they sold"),
    unrealised_pnl: UsdcAmount.describe("value less cost_basis"),
  })
  .openapi("PortfolioHolding");

export const PublicProfile = z
  .object({
    ...profileFields,
    holdings_public: z.boolean(),
    tokens: z
      .array(
        z.object({
          id: uuid,
          name: z.string(),
          symbol: z.string(),
          slug: z.string(),
          logo: z.string(),
          created_at: z.string(),
        }),
      )
      .describe("Tokens the user created, newest first (at most 20)"),
    posts: z.array(Post).describe("The user's latest top-level posts outside clubs (at most 10)"),
    holdings: z
      .array(PortfolioHolding)
      .nullable()
      .describe("The user's 20 largest holdings when they made them public (show_holdings), else null"),
  })
  .openapi("PublicProfile");

// Responses

export const ProfileResponse = z.object({ success: z.literal(true), user: Profile }).openapi("ProfileResponse");
export const PublicProfileResponse = z
  .object({ success: z.literal(true), user: PublicProfile })
  .openapi("PublicProfileResponse");

export const GetLeaderboardRequest = z
  .object({
    board: z
      .enum(["pnl", "volume", "creator_fees"])
      .default("pnl")
      .describe("pnl: traders by realised PnL; volume: traders by USDC traded; creator_fees: creators by fees earned"),
    period: z.enum(["24h", "7d", "all"]).default("24h"),
    limit: limit(100, 20),
  })
  .openapi("GetLeaderboardRequest");

export const Leaderboard = z
  .object({
    board: z.enum(["pnl", "volume", "creator_fees"]),
    period: z.enum(["24h", "7d", "all"]),
    chains: z.array(z.string()).describe("The chains ranked over"),
    entries: z.array(
      z.object({
        rank: z.number().int(),
        address: z.string(),
        user: z
          .object({ id: uuid, username: z.string(), profile_picture: z.string() })
          .nullable()
          .describe("The user whose wallet on record it is"),
        value: UsdcAmount.describe("Realised PnL, volume or fees earned over the period"),
        events: z.number().int().describe("Trades (pnl, volume) or fee events (creator_fees) in the period"),
      }),
    ),
  })
  .openapi("Leaderboard");

export const GetLeaderboardResponse = Leaderboard.extend({ success: z.literal(true) }).openapi(
  "GetLeaderboardResponse",
);
