/**
 * Security headers on every response, errors included, as Hono's secureHeaders sets them with `overwrite: false`: a
 * header a handler set itself is kept. Behind @hono/node-server they are set once on Node's response
 * (`ServerResponse.setHeader`) before the handler runs, and Node merges the handler's headers over them when it
 * writes the head. Setting them on the Fetch Response instead costs about a fifth of a cached read's CPU in header
 * conversions. In process (app.request: no Node response) Hono's own middleware sets them.
 */
import type { ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/** Node's response under `c`, when @hono/node-server serves it (not in process). */
function nodeResponse(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && typeof outgoing.setHeader === "function" ? outgoing : undefined;
}

/**
 * Sets a response header from a middleware, before the handler: on Node's response where there is one (cheap, and
 * a header the handler sets itself wins), else as c.header does.
 */
export function setHeaderEarly(c: Context, name: string, value: string): void {
  const outgoing = nodeResponse(c);
  if (outgoing) outgoing.setHeader(name, value);
  else c.header(name, value);
}

export function securityHeaders(options: SecureHeadersOptions): MiddlewareHandler {
  const onResponse = secureHeaders({ ...options, overwrite: false });
  // The headers Hono's middleware sets, read off an empty response on first use (the options take no per-request
  // values: no nonce).
  let fixed: Promise<[string, string][]> | undefined;
  const readFixed = async () => {
    const ctx = { res: new Response(null) };
    await onResponse(ctx as never, async () => {});
    return [...ctx.res.headers.entries()];
  };
  return async (c, next) => {
    const outgoing = nodeResponse(c);
    if (!outgoing) return onResponse(c, next);
    fixed ??= readFixed();
    for (const [name, value] of await fixed) outgoing.setHeader(name, value);
    await next();
  };
}
