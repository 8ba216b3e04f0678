/**
 * The MCP tool server on the API's Hono app: Streamable HTTP at /mcp (stateless: each POST gets its own server and
 * transport, so any API process can answer any request and nothing lives in process memory), and the OAuth 2.0
 * protected-resource metadata (RFC 9728) at /.well-known/oauth-protected-resource.
 *
 * Authentication is REST's (api/middleware/auth.ts): `Authorization: Bearer <API key or JWT>`. Decisions:
 * - No header: anonymous, allowed for read-only tools (unless MCP_ALLOW_ANONYMOUS=false); a tool that needs a
 *   credential answers AUTHENTICATION_FAILED as a tool error, whose details name the metadata URL.
 * - A header that does not verify, or no header when anonymous access is off: the request itself fails with HTTP
 *   401, `WWW-Authenticate: Bearer resource_metadata="…"` (plus error="invalid_token" for a bad credential), and
 *   the `{error, code: "AUTHENTICATION_FAILED", details}` body. That 401 is what starts an MCP client's OAuth flow.
 * - GET and DELETE (standalone SSE streams, session ends) are 405: there are no sessions to stream to or end.
 * - A browser request (one with an Origin header) from an origin other than PUBLIC_URL's or MCP_ALLOWED_ORIGINS is
 *   403 before anything else: the MCP specification's guard against DNS rebinding of local servers.
 */

import type { OpenAPIHono } from "@hono/zod-openapi";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError, fromDependencyError } from "../../core/errors.js";
import { clientAddress } from "../client-address.js";
import type { ApiDeps } from "../deps.js";
import type { AppEnv, AuthedUser } from "../env.js";
import { authenticate } from "../middleware/auth.js";
import type { McpConfig } from "./config.js";
import { mcpErrorBody } from "./errors.js";
import { createMcpServer } from "./server.js";

export const MCP_PATH = "/mcp";
export const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource";

export function registerMcpRoutes(app: OpenAPIHono<AppEnv>, deps: ApiDeps, config: McpConfig) {
  const base = deps.config.publicUrl.replace(/\/+$/, "");
  const resourceMetadataUrl = `${base}${PROTECTED_RESOURCE_PATH}`;
  const metadata = {
    resource: `${base}${MCP_PATH}`,
    authorization_servers: config.authorizationServers,
    bearer_methods_supported: ["header"],
    resource_name: "Social token service MCP tool server",
    resource_documentation: `${base}/docs`,
  };
  // RFC 9728 §3.1: the metadata of resource /mcp is also found at the well-known path with the resource's path.
  app.get(PROTECTED_RESOURCE_PATH, (c) => c.json(metadata));
  app.get(`${PROTECTED_RESOURCE_PATH}${MCP_PATH}`, (c) => c.json(metadata));

  const unauthorized = (c: Context<AppEnv>, error: unknown, credentialSent: boolean) => {
    const body = mcpErrorBody(error);
    const challenge = credentialSent
      ? `Bearer resource_metadata="${resourceMetadataUrl}", error="invalid_token", error_description="${body.error}"`
      : `Bearer resource_metadata="${resourceMetadataUrl}"`;
    c.header("WWW-Authenticate", challenge);
    return c.json({ ...body, details: { ...body.details, resource_metadata: resourceMetadataUrl } }, 401);
  };

  const origins = new Set([new URL(base).origin, ...config.allowedOrigins]);
  app.use(MCP_PATH, async (c, next) => {
    const origin = c.req.header("origin");
    if (origin === undefined || origins.has(origin)) return next();
    const body = mcpErrorBody(new AppError("FORBIDDEN", `Origin not allowed: ${origin}`));
    return c.json(body, 403);
  });

  app.on(["GET", "DELETE"], MCP_PATH, (c) => {
    c.header("Allow", "POST");
    return c.json(
      {
        jsonrpc: "2.0",
        error: { code: -32000, message: "Method not allowed: this server is stateless; POST only" },
        id: null,
      },
      405,
    );
  });

  app.post(MCP_PATH, async (c) => {
    const header = c.req.header("authorization");
    let user: AuthedUser | undefined;
    if (header) {
      try {
        user = await authenticate(c.var.deps, header);
      } catch (error) {
        if (error instanceof AppError && error.code === "AUTHENTICATION_FAILED") return unauthorized(c, error, true);
        // Not the credential's fault (the database did not answer): no challenge, the service-side status.
        const body = mcpErrorBody(error);
        const known = fromDependencyError(error);
        if (known instanceof AppError && known.details.retryAfterSeconds !== undefined) {
          c.header("Retry-After", String(known.details.retryAfterSeconds));
        }
        return c.json(body, known instanceof AppError ? (known.status as ContentfulStatusCode) : 500);
      }
    } else if (!config.allowAnonymous) {
      return unauthorized(c, new AppError("AUTHENTICATION_FAILED", "Missing authorization header"), false);
    }
    const server = createMcpServer({
      deps: c.var.deps,
      config,
      user,
      clientAddress: clientAddress(c, deps.config.trustProxy),
      transport: "http",
      resourceMetadataUrl,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: deps.config.bodyLimitBytes,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      await server.close();
    }
  });
}
