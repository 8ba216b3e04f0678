/** User route definitions: your own profile and anyone's public one. Schemas in ./schemas.ts, handlers ./handlers.ts. */
import { postRoute } from "../common.js";
import {
  GetLeaderboardRequest,
  GetLeaderboardResponse,
  GetMeRequest,
  GetUserRequest,
  ProfileResponse,
  PublicProfileResponse,
  UpdateProfileRequest,
} from "./schemas.js";

export const getMeRoute = postRoute({
  name: "get-me",
  tag: "Users",
  summary: "Your profile",
  description: "Your id, username, picture, bio, wallet on record, created date, and follower and following counts.",
  request: GetMeRequest,
  response: ProfileResponse,
});

export const updateProfileRoute = postRoute({
  name: "update-profile",
  tag: "Users",
  summary: "Change your username, picture, bio or holdings visibility",
  description:
    "Sets the fields given (at least one: 400 `Nothing to update…`). A username is 3 to 30 letters, digits or _, unique without regard to case: a taken one is 409 `Username <name> is taken`. Mentions written after a rename name the new username; posts, notifications and token creators show it at once. The picture is checked as token images are; a data URI is stored and served at /ipfs/<cid>. Answers the profile as it now is.",
  request: UpdateProfileRequest,
  response: ProfileResponse,
});

export const getUserRoute = postRoute({
  name: "get-user",
  tag: "Users",
  summary: "A user's public profile",
  description:
    "By user_id or username (exactly one; the username case-insensitively): the profile fields, the tokens the user created, their latest posts, and their holdings if they made them public (update-profile show_holdings). Unknown: 404 `User not found`. Open to anonymous callers.",
  request: GetUserRequest,
  response: PublicProfileResponse,
  auth: "optional",
});

export const getLeaderboardRoute = postRoute({
  name: "get-leaderboard",
  tag: "Users",
  summary: "Traders by realised PnL or volume, creators by fees earned",
  description:
    "Over 24h (default), 7d or all time, on every chain the service runs, from the indexed trades; each window ends at the block the chain's indexer last committed. board pnl (default): traders by the realised PnL of their sales at average cost (as get-portfolio books it); volume: traders by USDC paid and received; creator_fees: creators by their share of their tokens' trade fees plus the USDC of their graduated pools' collected fees. Ties: by address.",
  request: GetLeaderboardRequest,
  response: GetLeaderboardResponse,
});
