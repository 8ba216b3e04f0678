/**
 * The MCP server: one low-level SDK `Server` per connection (per HTTP request in stateless Streamable HTTP, once for
 * stdio) over the tool registry. The low-level server, not McpServer.registerTool, because the tool server's errors
 * must be the spec's `{error, code, details}` for every failure, including invalid arguments and rate limits, which
 * McpServer answers in its own words before a tool runs.
 *
 * A tools/call goes: rate limit (per tier) → credential check for tools that need one → zod validation (the REST
 * schemas, so messages read as in REST) → the service → output validation. Success: `structuredContent` plus the
 * same JSON as text. Failure: `isError: true` and the error JSON as text (no structuredContent, which would have to
 * match the output schema). An unknown tool name is a JSON-RPC error (-32602), as the MCP specification asks.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { mcpErrorBody } from "./errors.js";
import { enforceRateLimit } from "./rate-limit.js";
import { type McpContext, type McpTool, requireUser } from "./tool.js";
import { mcpTools } from "./tools/index.js";

export const MCP_SERVER_NAME = "social-token-service";
export const MCP_SERVER_VERSION = "1.0.0";

const INSTRUCTIONS = `Tools of a social token launchpad. Tokens trade on a bonding curve until they graduate to Uniswap V3.
Find tokens with get_tokens / search_token (their id is the tokenId of every other tool), price trades with
quote_trade_token, then trade_token or create_token. Write tools need a credential (Authorization: Bearer <API key or
JWT>); with autoExecute true the service executes from your custodial wallet and answers with the transaction hash,
otherwise it returns transactions to send (execute_transaction sends one). dryRun true simulates without sending.
Errors are {error, code, details} with code AUTHENTICATION_FAILED, INSUFFICIENT_BALANCE, INVALID_PARAMETERS,
NETWORK_ERROR, RATE_LIMIT_EXCEEDED, TOKEN_NOT_FOUND or TRANSACTION_FAILED.`;

const jsonSchemaOf = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { target: "draft-7", io, unrepresentable: "any" }) as Tool["inputSchema"];

/** The tools/list entries, made once per process. */
let listed: Tool[] | undefined;
export function toolList(): Tool[] {
  listed ??= mcpTools.map((t) => ({
    name: t.name,
    title: t.title,
    description: `${t.description}${t.access === "user" ? " Requires authentication." : " Anonymous callers may use it."}`,
    inputSchema: jsonSchemaOf(t.input, "input"),
    outputSchema: jsonSchemaOf(t.output, "output"),
    annotations: {
      title: t.title,
      readOnlyHint: t.readOnly,
      destructiveHint: false,
      idempotentHint: t.readOnly,
      openWorldHint: !t.readOnly,
    },
  }));
  return listed;
}

const toolsByName = new Map<string, McpTool>(mcpTools.map((t) => [t.name, t]));

/** Run one tools/call for `ctx`; every failure becomes the error envelope. */
export async function callTool(ctx: McpContext, name: string, args: unknown): Promise<CallToolResult> {
  const tool = toolsByName.get(name);
  if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  try {
    await enforceRateLimit(ctx);
    if (tool.access === "user") requireUser(ctx);
    const result = await tool.call(ctx, args);
    return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: JSON.stringify(mcpErrorBody(error)) }] };
  }
}

export function createMcpServer(ctx: McpContext): Server {
  const server = new Server(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList() }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(ctx, request.params.name, request.params.arguments),
  );
  return server;
}
