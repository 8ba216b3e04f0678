/** Every tool of the MCP server, in the order tools/list shows them. */
import type { McpTool } from "../tool.js";
import {
  getHashtagTokenTool,
  getPoolDataTool,
  getPortfolioTool,
  getTokenCandlesTool,
  getTokenHoldersTool,
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

export const mcpTools: McpTool[] = [
  createTokenTool,
  getTokensTool,
  searchTokenTool,
  tradeTokenTool,
  quoteTradeTokenTool,
  executeTransactionTool,
  getHashtagTokenTool,
  getPoolDataTool,
  getTokenCandlesTool,
  getTokenHoldersTool,
  getPortfolioTool,
  getIntentStatusTool,
  claimFeesTool,
];
