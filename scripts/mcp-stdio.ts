/**
 * The MCP tool server over stdio, for assistants that launch it as a command (`npm run mcp:stdio`, or
 * `npx tsx scripts/mcp-stdio.ts`). The same tools, services and limits as /mcp over HTTP, on the same Postgres,
 * Redis, chain and worker queue as the API (same environment variables as api/server.ts).
 *
 * The credential comes from the environment, once, at start: MCP_API_KEY (an "sk_" key) or MCP_BEARER_TOKEN (a JWT),
 * verified exactly as REST verifies a Bearer header; a bad one stops the process with exit code 1. Without either,
 * the process stops too, unless MCP_ALLOW_ANONYMOUS=true makes the session anonymous (read-only tools). Only JSON-RPC goes to stdout; logs go to stderr.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { apiDepsParametersOf, createApiDeps } from "../api/create-deps.js";
import type { AuthedUser } from "../api/env.js";
import { mcpConfigOf } from "../api/mcp/config.js";
import { mcpErrorBody } from "../api/mcp/errors.js";
import { PROTECTED_RESOURCE_PATH } from "../api/mcp/http.js";
import { createMcpServer } from "../api/mcp/server.js";
import { authenticate } from "../api/middleware/auth.js";
import { parseEnv } from "../core/env.js";

async function main() {
  const env = parseEnv();
  const mcp = mcpConfigOf(env);
  const { deps, close } = await createApiDeps(apiDepsParametersOf(env, { max: 4 }));
  const { config } = deps;

  const credential = process.env.MCP_API_KEY ?? process.env.MCP_BEARER_TOKEN;
  let user: AuthedUser | undefined;
  if (credential) {
    try {
      user = await authenticate(deps, `Bearer ${credential}`);
    } catch (error) {
      await close();
      throw new Error(`MCP_API_KEY / MCP_BEARER_TOKEN: ${mcpErrorBody(error).error}`);
    }
  } else if (!mcp.allowAnonymous) {
    await close();
    throw new Error(
      "MCP_API_KEY or MCP_BEARER_TOKEN is required: every tool needs a credential (MCP_ALLOW_ANONYMOUS=true allows anonymous read-only use)",
    );
  }

  const server = createMcpServer({
    deps,
    config: mcp,
    user,
    // One client per process: anonymous calls are limited per process.
    clientAddress: `stdio-${process.pid}`,
    transport: "stdio",
    resourceMetadataUrl: `${config.publicUrl.replace(/\/+$/, "")}${PROTECTED_RESOURCE_PATH}`,
  });
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => undefined);
    await close();
    process.exit(0);
  };
  server.onclose = () => void shutdown();
  process.stdin.once("end", () => void shutdown());
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());
  await server.connect(new StdioServerTransport());
  console.error(
    `[mcp] stdio server ready (${user ? `authenticated as user ${user.id}, tier ${user.tier}` : "anonymous: read-only tools"})`,
  );
}

main().catch((error: unknown) => {
  // Written, then exit: process.exit alone may drop what a pipe has not taken yet.
  process.stderr.write(`[mcp] ${error instanceof Error ? error.message : String(error)}\n`, () => process.exit(1));
});
