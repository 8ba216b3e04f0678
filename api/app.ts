/**
 * createApp: the Hono app with the one error envelope, the validation hook, the method and body rules, and every
 * route. The same app serves tests in process (app.request) and the server (api/server.ts).
 */

import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { AppError, fromDependencyError } from "../core/errors.js";
import { logContext } from "../core/log.js";
import { asyncApiDocument } from "./asyncapi.js";
import type { ApiDeps } from "./deps.js";
import type { AppEnv } from "./env.js";
import { apiLog } from "./log.js";
import { type McpConfig, mcpConfigFromEnv } from "./mcp/config.js";
import { registerMcpRoutes } from "./mcp/http.js";
import { securityHeaders } from "./middleware/security-headers.js";
import { apiEndpointsOf } from "./observability/endpoint-label.js";
import { registerHealthRoutes } from "./observability/health-routes.js";
import { createMetrics } from "./observability/metrics.js";
import { requestMetrics } from "./observability/request-metrics.js";
import { registerRoutes } from "./routes/index.js";
import { registerSseRoute } from "./streams/sse.js";
import { validationError } from "./validation.js";
import { registerWebRoutes } from "./web/routes.js";

export const API_BASE = "/functions/v1";

/**
 * The one error envelope, `{success: false, error}`; a statement cut by the statement timeout, or Postgres or Redis
 * down, is 503 with Retry-After; unknown errors
 * become 500 and are logged, never shown.
 */
export function errorResponse(thrown: unknown): {
  status: ContentfulStatusCode;
  body: { success: false; error: string };
} {
  const error = fromDependencyError(thrown);
  if (error instanceof AppError)
    return { status: error.status as ContentfulStatusCode, body: { success: false, error: error.message } };
  if (error instanceof HTTPException) {
    const message =
      error.status === 400 && /JSON/i.test(error.message) ? "Malformed JSON in request body" : error.message;
    return { status: error.status, body: { success: false, error: message || "Bad request" } };
  }
  apiLog.error({ err: error }, "unhandled error");
  return { status: 500, body: { success: false, error: "Internal server error" } };
}

export type CreateAppOptions = {
  /** The MCP tool server's limits and safety settings; default from the environment (api/mcp/config.ts). */
  mcp?: McpConfig;
};

/** The GETs under API_BASE: the OpenAPI document of the endpoints and the AsyncAPI document of the streams. */
const DOCUMENTS = new Set(["/openapi.json", "/asyncapi.json"]);

export function createApp(deps: ApiDeps, options: CreateAppOptions = {}) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error as unknown as ZodError);
    },
  });

  app.onError((error, c) => {
    const { status, body } = errorResponse(error);
    // 409 (the market moved under a trade), 429 (rate limits) and 503 (a dependency down, a statement timed out) say
    // when to come back.
    const retryAfter = (fromDependencyError(error) as AppError).details?.retryAfterSeconds;
    if ((status === 409 || status === 429 || status === 503) && retryAfter !== undefined) {
      c.header("Retry-After", String(retryAfter));
    }
    return c.json(body, status);
  });
  app.notFound((c) => c.json({ success: false, error: "Not found" }, 404));

  // Before every other middleware, so that it counts and times every response, errors and 404s included. A registry
  // per app: several apps in one process (the tests) count apart.
  const metrics = createMetrics(deps);
  // The request id (the client's X-Request-Id when it is a sane one, else a fresh uuid), sent back as X-Request-Id and
  // put in the log context: every log line of the request carries it, and so do the intents it records
  // (db/intents.ts), whose worker logs carry it in turn.
  app.use("*", requestId());
  app.use("*", (c, next) => logContext.run({ requestId: c.get("requestId") }, next));
  app.use(
    "*",
    requestMetrics(metrics, () => apiEndpointsOf(app.routes, API_BASE)),
  );

  // Security headers on every response of the app, errors included (not on a WebSocket upgrade's own reply,
  // api/streams/ws.ts, which never reaches it). A header a handler set itself is kept: /ipfs sets its own CSP for
  // uploaded blobs, and the pages (/, /token/<slug>, /docs; api/web/) theirs, which lets scripts, styles and images
  // from this origin in (api/web/layout.ts).
  const strictHeaders = securityHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
    xFrameOptions: "DENY",
  });
  app.use("*", strictHeaders);

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });

  // Every endpoint is POST with a JSON body; the OpenAPI document is the one GET.
  app.use(`${API_BASE}/*`, async (c, next) => {
    if (DOCUMENTS.has(c.req.path.slice(API_BASE.length)) && c.req.method === "GET") return next();
    if (c.req.method !== "POST") throw new AppError("METHOD_NOT_ALLOWED", "Method not allowed");
    const type = c.req.header("content-type") ?? "";
    if (!type.toLowerCase().startsWith("application/json")) {
      throw new AppError("INVALID_PARAMETERS", "Content-Type must be application/json");
    }
    await next();
  });
  const tooLarge = () => {
    throw new AppError("INVALID_PARAMETERS", `Request body too large (limit ${deps.config.bodyLimitBytes} bytes)`, {
      status: 413,
    });
  };
  // A body of stated length is judged by its Content-Length alone. Only a chunked body (no length) goes through
  // Hono's bodyLimit, which counts while it streams: it turns the request into a full WHATWG Request, which costs
  // @hono/node-server about a fifth of a small request's CPU, so requests that state their length skip it.
  const streamingLimit = bodyLimit({ maxSize: deps.config.bodyLimitBytes, onError: tooLarge });
  app.use(`${API_BASE}/*`, async (c, next) => {
    const length = c.req.header("content-length");
    if (length === undefined || c.req.header("transfer-encoding") !== undefined) return streamingLimit(c, next);
    if (Number(length) > deps.config.bodyLimitBytes) tooLarge();
    await next();
  });

  registerRoutes(app);
  registerMcpRoutes(app, deps, options.mcp ?? mcpConfigFromEnv());

  app.doc31(`${API_BASE}/openapi.json`, openApiConfig(deps.config.publicUrl));
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });
  // The streams' AsyncAPI document, built once per app.
  let streams: ReturnType<typeof asyncApiDocument> | undefined;
  app.get(`${API_BASE}/asyncapi.json`, (c) => {
    streams ??= asyncApiDocument(deps.config.publicUrl);
    return c.json(streams);
  });
  registerWebRoutes(app, { openapiUrl: `${API_BASE}/openapi.json`, asyncapiUrl: `${API_BASE}/asyncapi.json` });
  registerSseRoute(app);
  registerHealthRoutes(app, deps, metrics);
  return app;
}

export type App = ReturnType<typeof createApp>;

/** The OpenAPI document's head, served at /functions/v1/openapi.json and rendered into docs/api.md. */
export function openApiConfig(publicUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Social token trading service",
      version: "1.0.0",
      description:
        "POST-only JSON API under /functions/v1. Errors are {success:false, error}. Authentication: Authorization: Bearer <JWT or API key>.",
    },
    servers: [{ url: publicUrl }],
  };
}
