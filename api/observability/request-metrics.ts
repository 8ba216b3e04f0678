/**
 * The middleware that counts and times every request (http_requests_total, http_request_duration_seconds). Registered
 * first in createApp, so that it sees each response as the client gets it: an error that onError turned into the
 * envelope and a 404 of notFound are responses by the time `next()` returns.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.js";
import { endpointLabel, methodLabel } from "./endpoint-label.js";
import type { ApiMetrics } from "./metrics.js";

/**
 * `endpointsOf`: the app's REST endpoints (apiEndpointsOf), asked once, at the first request, when every route is
 * registered.
 */
export function requestMetrics(
  metrics: ApiMetrics,
  endpointsOf: () => ReadonlyMap<string, string>,
): MiddlewareHandler<AppEnv> {
  let endpoints: ReadonlyMap<string, string> | undefined;
  return async (c, next) => {
    const started = performance.now();
    await next();
    endpoints ??= endpointsOf();
    metrics.observeRequest(
      { endpoint: endpointLabel(c.req.path, endpoints), method: methodLabel(c.req.method), status: c.res.status },
      (performance.now() - started) / 1000,
    );
  };
}
