import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { apiEndpointsOf, endpointLabel, methodLabel, OTHER_ENDPOINT } from "./endpoint-label.js";

const BASE = "/functions/v1";
const routes = [
  { method: "ALL", path: "/*" },
  { method: "ALL", path: `${BASE}/*` },
  { method: "POST", path: `${BASE}/search-token` },
  { method: "POST", path: `${BASE}/get-tokens` },
  { method: "GET", path: `${BASE}/openapi.json` },
  { method: "GET", path: `${BASE}/things/:id` },
  { method: "GET", path: "/token/:ref" },
];
const endpoints = apiEndpointsOf(routes, BASE);
const FIXED = ["web", "ipfs", "mcp", "stream", "health", "ready", "metrics", OTHER_ENDPOINT];

describe("apiEndpointsOf", () => {
  it("test_apiEndpointsOf_namesEachRouteUnderTheBase_notMiddlewareNorParameterisedPaths", () => {
    expect([...endpoints]).toEqual([
      [`${BASE}/search-token`, "search-token"],
      [`${BASE}/get-tokens`, "get-tokens"],
      [`${BASE}/openapi.json`, "openapi.json"],
    ]);
  });
});

describe("endpointLabel", () => {
  it("test_endpointLabel_aKnownEndpoint_isItsName", () => {
    expect(endpointLabel(`${BASE}/search-token`, endpoints)).toBe("search-token");
    expect(endpointLabel(`${BASE}/openapi.json`, endpoints)).toBe("openapi.json");
  });

  it("test_endpointLabel_pathsBesideTheApi_areTheirFixedLabels", () => {
    expect(endpointLabel("/", endpoints)).toBe("web");
    expect(endpointLabel("/docs", endpoints)).toBe("web");
    expect(endpointLabel("/token/some-slug", endpoints)).toBe("web");
    expect(endpointLabel("/token/some-slug/live.json", endpoints)).toBe("web");
    expect(endpointLabel("/assets/app.4f2c.js", endpoints)).toBe("web");
    expect(endpointLabel("/ipfs/bafkreiabc", endpoints)).toBe("ipfs");
    expect(endpointLabel("/mcp", endpoints)).toBe("mcp");
    expect(endpointLabel("/.well-known/oauth-protected-resource/mcp", endpoints)).toBe("mcp");
    expect(endpointLabel("/stream", endpoints)).toBe("stream");
    expect(endpointLabel("/health", endpoints)).toBe("health");
    expect(endpointLabel("/ready", endpoints)).toBe("ready");
    expect(endpointLabel("/metrics", endpoints)).toBe("metrics");
  });

  it("test_endpointLabel_pathsNamingNoEndpoint_areOther", () => {
    expect(endpointLabel(`${BASE}/no-such-endpoint`, endpoints)).toBe(OTHER_ENDPOINT);
    expect(endpointLabel(`${BASE}/search-token/extra`, endpoints)).toBe(OTHER_ENDPOINT);
    expect(endpointLabel(`${BASE}/`, endpoints)).toBe(OTHER_ENDPOINT);
    expect(endpointLabel(BASE, endpoints)).toBe(OTHER_ENDPOINT);
    expect(endpointLabel("/streams", endpoints)).toBe(OTHER_ENDPOINT);
    expect(endpointLabel("/mcpx", endpoints)).toBe(OTHER_ENDPOINT);
    expect(endpointLabel("/tokens", endpoints)).toBe(OTHER_ENDPOINT);
    expect(endpointLabel("/wp-admin/install.php", endpoints)).toBe(OTHER_ENDPOINT);
  });

  it("test_endpointLabel_attackerChosenPaths_neverGrowTheLabelSet", () => {
    const labels = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const junk = randomBytes(8).toString("hex");
      const prefix = ["/", `${BASE}/`, "/token/", "/assets/", "/ipfs/", "/mcp/", "/stream/", "/docs/"][i % 8];
      labels.add(endpointLabel(`${prefix}${junk}`, endpoints));
    }
    for (const label of labels) expect([...FIXED, ...endpoints.values()]).toContain(label);
  });
});

describe("methodLabel", () => {
  it("test_methodLabel_aMethodOutsideHttpsUsualSeven_isOther", () => {
    expect(methodLabel("GET")).toBe("GET");
    expect(methodLabel("POST")).toBe("POST");
    expect(methodLabel("PROPFIND")).toBe("OTHER");
    expect(methodLabel("get")).toBe("OTHER");
  });
});
