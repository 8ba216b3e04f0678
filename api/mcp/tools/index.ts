/** Every tool of the MCP server, in the order tools/list shows them. */
import type { McpTool } from "../tool.js";
import { getEventsTool } from "./events.js";
import {
  createPostTool,
  getHashtagTokenTool,
  getNotificationsTool,
  getTokenPostsTool,
  tipTool,
  voteTool,
} from "./social.js";
import {
  getPoolDataTool,
  getPortfolioTool,
  getTokenActivityTool,
  getTokenCandlesTool,
  getTokenHoldersTool,
  getTokenStatsTool,
  getTokensTool,
  searchTokenTool,
} from "./tokens.js";
import {
  claimFeesTool,
  createTokenTool,
  executeTransactionTool,
  getIntentStatusTool,
  quoteTradeTokenTool,
  tradeTokenTool,
} from "./trading.js";
import {
  checkTokenOwnershipTool,
  getFeeHistoryTool,
  getLeaderboardTool,
  getMeTool,
  getUserFeesTool,
  getUserTool,
  sendTokenTool,
  updateProfileTool,
} from "./users.js";

export const mcpTools: McpTool[] = [
  createTokenTool,
  getTokensTool,
  searchTokenTool,
  tradeTokenTool,
  quoteTradeTokenTool,
  createPostTool,
  getTokenPostsTool,
  voteTool,
  executeTransactionTool,
  getHashtagTokenTool,
  getPoolDataTool,
  getTokenCandlesTool,
  getTokenHoldersTool,
  getTokenStatsTool,
  getTokenActivityTool,
  getPortfolioTool,
  getIntentStatusTool,
  claimFeesTool,
  getNotificationsTool,
  getMeTool,
  updateProfileTool,
  getUserTool,
  checkTokenOwnershipTool,
  sendTokenTool,
  tipTool,
  getUserFeesTool,
  getFeeHistoryTool,
  getLeaderboardTool,
  getEventsTool,
];
