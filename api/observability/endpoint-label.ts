/**
 * The `endpoint` and `method` labels of the request metrics (api/observability/metrics.ts). Their values are fixed
 * sets, so that no client can grow the number of series: a path the client chose (an endpoint name that does not
 * exist, a token page's slug, a probe for /wp-admin) or a method it made up never becomes a label value.
 */
import { MCP_PATH, PROTECTED_RESOURCE_PATH } from "../mcp/http.js";
import { STREAM_PATH } from "../streams/ws.js";
import { ASSET_PREFIX } from "../web/assets.js";

/** What every path that names no known endpoint is counted under. */
export const OTHER_ENDPOINT = "other";

const EXACT = new Map([
  ["/", "web"],
  ["/docs", "web"],
  [MCP_PATH, "mcp"],
  [STREAM_PATH, "stream"],
  ["/health", "health"],
  ["/ready", "ready"],
  ["/metrics", "metrics"],
]);
/** The first prefix that starts the path names its label. */
const PREFIXES: readonly (readonly [prefix: string, label: string])[] = [
  [ASSET_PREFIX, "web"],
  ["/token/", "web"],
  ["/ipfs/", "ipfs"],
  [PROTECTED_RESOURCE_PATH, "mcp"],
];

/**
 * The label of a request to `path`: the endpoint's name when `endpoints` (route path to name, apiEndpointsOf) has the
 * path, else one of web, ipfs (stored blobs), mcp, stream, health, ready, metrics and other.
 */
export function endpointLabel(path: string, endpoints: ReadonlyMap<string, string>): string {
  const named = endpoints.get(path) ?? EXACT.get(path);
  if (named !== undefined) return named;
  for (const [prefix, label] of PREFIXES) if (path.startsWith(prefix)) return label;
  return OTHER_ENDPOINT;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The `method` label: the request's method when it is one of HTTP's usual seven, else OTHER. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : "OTHER";
}

/**
 * The REST endpoints of an app, route path to name: every route under `base` whose path has no parameter or wildcard
 * (`/functions/v1/search-token` is `search-token`). `routes` is the app's (Hono's `app.routes`); middleware (method
 * ALL) names no endpoint.
 */
export function apiEndpointsOf(
  routes: readonly { path: string; method: string }[],
  base: string,
): ReadonlyMap<string, string> {
  const endpoints = new Map<string, string>();
  for (const { path, method } of routes) {
    if (method === "ALL" || !path.startsWith(`${base}/`)) continue;
    const name = path.slice(base.length + 1);
    if (name !== "" && !/[*:/]/.test(name)) endpoints.set(path, name);
  }
  return endpoints;
}
