/**
 * The MCP tool server for tests: the API app (createApp with an MCP config of the test's choosing) served on a free
 * loopback port, official SDK clients over Streamable HTTP and over stdio (the stdio entry as a child process), and
 * a reader of tool results that returns the parsed JSON of successes and of `{error, code, details}` failures.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createApp } from "../../api/app.js";
import type { ApiDeps } from "../../api/deps.js";
import { DEFAULT_RATE_LIMITS, type McpConfig, mcpConfigFromEnv } from "../../api/mcp/config.js";
import { createApiKey } from "../../db/api-keys.js";
import { createUser } from "../../db/users.js";
import { freePort } from "./worker.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The default MCP config (from an empty environment) with `overrides`. */
export function mcpConfig(overrides: Partial<McpConfig> = {}): McpConfig {
  return { ...mcpConfigFromEnv({}), rateLimits: { ...DEFAULT_RATE_LIMITS }, ...overrides };
}

/** createApp(deps) with `config`, listening on a free 127.0.0.1 port; `url` is the /mcp endpoint. */
export async function serveMcp(deps: ApiDeps, config: McpConfig) {
  const app = createApp(deps, { mcp: config });
  const port = await freePort();
  const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
  await new Promise<void>((done) => server.once("listening", () => done()));
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** An SDK client connected over Streamable HTTP, with `Authorization: Bearer <token>` when given. */
export async function httpClient(url: string, token?: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } },
  });
  await client.connect(transport);
  return client;
}

export type StdioClientParameters = {
  env: Record<string, string>;
  /** Lines the server wrote to stderr, for failure messages. */
  stderr?: string[];
};

/** An SDK client that launches the stdio entry (`node --import tsx scripts/mcp-stdio.ts`) with `env`. */
export async function stdioClient(p: StdioClientParameters) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", "scripts/mcp-stdio.ts"],
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", ...p.env },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => p.stderr?.push(...chunk.toString("utf8").split("\n")));
  const client = new Client({ name: "mcp-stdio-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

export type ToolOutcome = {
  isError: boolean;
  /** The parsed JSON text: the tool's output, or `{error, code, details}`. */
  body: Record<string, unknown> & { error?: string; code?: string; details?: Record<string, unknown> };
  structured: Record<string, unknown> | undefined;
};

/** Call `name` and parse its text content. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolOutcome> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.find((c) => c.type === "text");
  if (text?.type !== "text") throw new Error(`${name}: no text content in ${JSON.stringify(result)}`);
  return { isError: result.isError === true, body: JSON.parse(text.text), structured: result.structuredContent };
}

/** Call `name` and require success; returns its structured output. */
export async function ok<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const out = await call(client, name, args);
  if (out.isError) throw new Error(`${name} failed: ${JSON.stringify(out.body)}`);
  return out.structured as T;
}

/** A new user with an API key of `tier` (and optional per-key cap and allowlist), like scripts/api-key.ts makes. */
export async function userWithKey(
  deps: ApiDeps,
  p: { tier?: "authenticated" | "premium"; dailyCapUsdc?: bigint; allow?: string[] } = {},
) {
  const s = deps.config.appSchema;
  const user = await createUser(deps, null);
  const { key, record } = await createApiKey(deps.db, s, { userId: user.id, tier: p.tier ?? "authenticated" });
  if (p.dailyCapUsdc !== undefined || p.allow) {
    await deps.db.query(`UPDATE ${s}.api_keys SET daily_spend_cap_usdc = $2, allowed_destinations = $3 WHERE id = $1`, [
      record.id,
      p.dailyCapUsdc?.toString() ?? null,
      p.allow?.map((a) => a.toLowerCase()) ?? null,
    ]);
  }
  return {
    key,
    keyId: record.id,
    userId: user.id,
    wallet: user.wallet_address as `0x${string}`,
    walletIndex: user.wallet_index,
  };
}
