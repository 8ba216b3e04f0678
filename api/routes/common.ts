/**
 * Helpers every route file uses, so that each route states only its path, schemas and auth.
 */
import { createRoute, type z } from "@hono/zod-openapi";
import type { MiddlewareHandler, TypedResponse } from "hono";
import { AppError } from "../../core/errors.js";
import type { AppEnv, AuthedUser } from "../env.js";
import { optionalAuth, requireAuth } from "../middleware/auth.js";
import { rateLimit } from "../middleware/rate-limit.js";
import { ErrorEnvelope } from "./common-schemas.js";

const errors = {
  400: {
    description: "Invalid parameters or missing required fields",
    content: { "application/json": { schema: ErrorEnvelope } },
  },
  401: {
    description: "Authentication required or token invalid",
    content: { "application/json": { schema: ErrorEnvelope } },
  },
  404: { description: "Resource does not exist", content: { "application/json": { schema: ErrorEnvelope } } },
  405: {
    description: "Wrong HTTP method (every endpoint uses POST)",
    content: { "application/json": { schema: ErrorEnvelope } },
  },
  429: {
    description: "Rate limit exceeded (see Retry-After)",
    content: { "application/json": { schema: ErrorEnvelope } },
  },
  500: { description: "Server-side error", content: { "application/json": { schema: ErrorEnvelope } } },
  502: {
    description: "The chain's RPC failed (quotes, simulations, executions)",
    content: { "application/json": { schema: ErrorEnvelope } },
  },
  503: {
    description:
      "Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS)",
    content: { "application/json": { schema: ErrorEnvelope } },
  },
} as const;

export type PostRouteParameters<Req extends z.ZodType, Res extends z.ZodType> = {
  /** Endpoint name, as in /functions/v1/<name>. */
  name: string;
  tag:
    | "Tokens"
    | "Posts"
    | "Voting"
    | "Notifications"
    | "Clubs"
    | "Feed"
    | "Transactions"
    | "Users"
    | "Wallet"
    | "Webhooks"
    | "Events";
  summary: string;
  description?: string;
  request: Req;
  response: Res;
  /** "required" (default) or "optional": /search allows anonymous calls. */
  auth?: "required" | "optional";
};

/** A POST JSON route under /functions/v1 with the shared auth, rate limit and error responses. */
export function postRoute<Req extends z.ZodType, Res extends z.ZodType>(p: PostRouteParameters<Req, Res>) {
  const auth = p.auth === "optional" ? optionalAuth : requireAuth;
  return createRoute({
    method: "post",
    path: `/functions/v1/${p.name}`,
    tags: [p.tag],
    summary: p.summary,
    description: p.description,
    // Typed, because the union of the two literals stops createRoute inferring the route (valid("json") is never).
    security: (p.auth === "optional" ? [{ bearer: [] }, {}] : [{ bearer: [] }]) as Record<string, string[]>[],
    middleware: [auth, rateLimit] as MiddlewareHandler<AppEnv>[],
    request: { body: { required: true, content: { "application/json": { schema: p.request } } } },
    responses: { 200: { description: "Success", content: { "application/json": { schema: p.response } } }, ...errors },
  });
}

/**
 * The authenticated caller of a handler. The auth middleware of a required-auth route has answered 401 already when
 * there is none; this also guards handlers of optional-auth routes whose action needs one.
 */
export function caller(c: { var: AppEnv["Variables"] }): AuthedUser {
  const user = c.var.user;
  if (!user) throw new AppError("AUTHENTICATION_FAILED", "Missing authorization header");
  return user;
}

/** A value of type V already serialised to JSON, put into a response as it is (jsonResponse). */
export class JsonText<V> {
  declare readonly value: V;
  constructor(readonly text: string) {}
}

/** JSON texts of values that cached reads hand back, by the value itself (it is the same object while current). */
const texts = new WeakMap<object, JsonText<unknown>>();

/** `value` serialised once per object: a cached read's value is not serialised again on every request. */
export function jsonOf<V extends object>(value: V): JsonText<V> {
  let text = texts.get(value);
  if (text === undefined) {
    text = new JsonText(JSON.stringify(value));
    texts.set(value, text);
  }
  return text as JsonText<V>;
}

/** What a member stands for in the body: a JsonText's value, each member of a union apart. */
type Plain<T> = T extends JsonText<infer V> ? V : T;
type Unserialised<F> = { [K in keyof F]: Plain<F[K]> };

/**
 * A 200 response of the JSON object `fields`, as c.json sends it (typed as its body), with JsonText members put in
 * as they are.
 */
export function jsonResponse<F extends Record<string, unknown>>(
  c: { body(data: string, status: 200, headers: Record<string, string>): Response },
  fields: F,
): TypedResponse<Unserialised<F>, 200, "json"> {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    // As JSON.stringify does, a member with no JSON form (undefined, a function) is left out.
    const text: string | undefined = value instanceof JsonText ? value.text : JSON.stringify(value);
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return c.body(`{${parts.join(",")}}`, 200, { "content-type": "application/json" }) as unknown as TypedResponse<
    Unserialised<F>,
    200,
    "json"
  >;
}
