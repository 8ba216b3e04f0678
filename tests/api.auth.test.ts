/**
 * Authentication, provisioning, API keys and the HTTP rules every endpoint shares: exact messages and statuses
 * (401 auth, 405 method, 400 JSON and fields, 413 body size, 429 rate limit), JWT attacks (alg none, algorithm
 * swaps, expired, no exp, wrong issuer, JWKS with a pinned algorithm), and the API key CLI end to end.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTrustProxy } from "../api/client-address.js";
import { walletAddress } from "../core/wallets.js";
import { createApiKey } from "../db/api-keys.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";

const ISSUER = "https://id.test.local";
const AUDIENCE = "social-token-api";

let ix: Awaited<ReturnType<typeof startTestIndexer>>;
let api: Awaited<ReturnType<typeof createTestApi>>;
let limited: Awaited<ReturnType<typeof createTestApi>>;
let jwks: Awaited<ReturnType<typeof createTestApi>>;
let jwksServer: Server;
let rsa: Awaited<ReturnType<typeof generateKeyPair>>;

const secret = () => new TextEncoder().encode(api.config.jwtSecret);
const valid = (sub = `user-${randomBytes(4).toString("hex")}`) => api.jwt(sub, { iss: ISSUER });
const unauthorized = { success: false, error: "Invalid or expired authentication token" };

beforeAll(async () => {
  ix = await startTestIndexer();
  api = await createTestApi({ indexerSchema: ix.schema, config: { jwtIssuer: ISSUER } });
  limited = await createTestApi({ indexerSchema: ix.schema, config: { rateLimitPerMinute: 3, bodyLimitBytes: 2048 } });
  rsa = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(rsa.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  jwksServer = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
  const { port } = jwksServer.address() as AddressInfo;
  jwks = await createTestApi({
    indexerSchema: ix.schema,
    config: {
      jwksUrl: `http://127.0.0.1:${port}/jwks.json`,
      jwtSecret: undefined,
      jwtAlgorithms: ["RS256"],
      jwtIssuer: ISSUER,
      jwtAudience: AUDIENCE,
    },
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([api?.close(), limited?.close(), jwks?.close()]);
  await new Promise((resolve) => jwksServer?.close(resolve));
  await ix?.close();
});

describe("credentials", () => {
  it("answers 401 Missing authorization header without one, on every endpoint but search", async () => {
    for (const name of [
      "search-token",
      "get-pool-data",
      "get-tokens",
      "tag-coin",
      "get-token-candles",
      "get-token-holders",
      "get-token-trades",
    ]) {
      const res = await api.post(name, {});
      expect(res.status, name).toBe(401);
      expect(res.body).toEqual({ success: false, error: "Missing authorization header" });
    }
    expect((await api.post("search", { query: "x" })).status).toBe(200);
  });

  it("accepts a valid JWT", async () => {
    const res = await api.post("get-tokens", { filter: "new" }, await valid());
    expect(res.status).toBe(200);
  });

  it("answers 401 Invalid or expired authentication token to garbage, a bad signature and other schemes", async () => {
    const good = await valid();
    const tampered = `${good.slice(0, -4)}${good.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    for (const token of ["garbage", "a.b.c", tampered]) {
      const res = await api.post("get-tokens", { filter: "new" }, token);
      expect(res.status, token).toBe(401);
      expect(res.body).toEqual(unauthorized);
    }
    const basic = await api.app.request("/functions/v1/get-tokens", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Basic dXNlcjpwYXNz" },
      body: JSON.stringify({ filter: "new" }),
    });
    expect(basic.status).toBe(401);
    expect(await basic.json()).toEqual(unauthorized);
    // A bad credential fails even where credentials are optional.
    expect((await api.post("search", { query: "x" }, "garbage")).status).toBe(401);
  });

  it("rejects expired tokens, tokens without exp and tokens from another issuer", async () => {
    const expired = await api.jwt("u1", { iss: ISSUER, exp: Math.floor(Date.now() / 1000) - 60 });
    const noExp = await new SignJWT({ sub: "u1", iss: ISSUER }).setProtectedHeader({ alg: "HS256" }).sign(secret());
    const otherIssuer = await api.jwt("u1", { iss: "https://evil.example" });
    const noIssuer = await api.jwt("u1");
    for (const [label, token] of Object.entries({ expired, noExp, otherIssuer, noIssuer })) {
      const res = await api.post("get-tokens", { filter: "new" }, token);
      expect(res.status, label).toBe(401);
      expect(res.body, label).toEqual(unauthorized);
    }
  });

  it("rejects alg none and algorithm swaps (HS512 with the secret, RS256, HS256 keyed with a public key)", async () => {
    const none = new UnsecuredJWT({ sub: "u1", iss: ISSUER }).setExpirationTime("1h").encode();
    const hs512 = await new SignJWT({ sub: "u1", iss: ISSUER })
      .setProtectedHeader({ alg: "HS512" })
      .setExpirationTime("1h")
      .sign(secret());
    const rs256 = await new SignJWT({ sub: "u1", iss: ISSUER })
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setExpirationTime("1h")
      .sign(rsa.privateKey);
    const pem = await exportSPKI(rsa.publicKey);
    const confused = await new SignJWT({ sub: "u1", iss: ISSUER, aud: AUDIENCE })
      .setProtectedHeader({ alg: "HS256", kid: "k1" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(pem));
    for (const [label, token] of Object.entries({ none, hs512, rs256, confused })) {
      const res = await api.post("get-tokens", { filter: "new" }, token);
      expect(res.status, label).toBe(401);
      expect(res.body, label).toEqual(unauthorized);
    }
    // With a JWKS, only RS256 from the published key, with issuer and audience, is accepted.
    const good = await new SignJWT({ sub: "jwks-user", iss: ISSUER, aud: AUDIENCE })
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setExpirationTime("1h")
      .sign(rsa.privateKey);
    expect((await jwks.post("get-tokens", { filter: "new" }, good)).status).toBe(200);
    const noneForJwks = new UnsecuredJWT({ sub: "u1", iss: ISSUER, aud: AUDIENCE }).setExpirationTime("1h").encode();
    for (const [label, token] of Object.entries({ confused, noneForJwks, rs256 /* no audience */ })) {
      const res = await jwks.post("get-tokens", { filter: "new" }, token);
      expect(res.status, label).toBe(401);
      expect(res.body, label).toEqual(unauthorized);
    }
  });

  it("answers 401 No user ID in token to a valid token without a subject", async () => {
    for (const sub of [undefined, ""]) {
      const token = await api.jwt(sub, { iss: ISSUER });
      const res = await api.post("get-tokens", { filter: "new" }, token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: "No user ID in token" });
    }
  });
});

describe("provisioning", () => {
  it("gives the same subject the same user and custodial wallet, even under concurrent first requests", async () => {
    const sub = `prov-${randomBytes(4).toString("hex")}`;
    const token = await valid(sub);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api.post("get-tokens", { filter: "new", limit: 1 }, token)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await api.post("search", { query: "x" }, token);
    const { rows } = await api.deps.db.query<{ id: string; wallet_index: number; wallet_address: string }>(
      `SELECT id, wallet_index, wallet_address FROM ${api.appSchema}.users WHERE external_sub = $1`,
      [sub],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.wallet_address).toBe(walletAddress(api.config.walletSecret, rows[0]?.wallet_index ?? -1));
  });
});

describe("API keys", () => {
  it("accepts a key made by the CLI's code path, rejects unknown and revoked keys", async () => {
    const sub = `key-owner-${randomBytes(4).toString("hex")}`;
    await api.post("get-tokens", { filter: "new" }, await valid(sub));
    const { rows } = await api.deps.db.query<{ id: string }>(
      `SELECT id FROM ${api.appSchema}.users WHERE external_sub = $1`,
      [sub],
    );
    const { key, record } = await createApiKey(api.deps.db, api.appSchema, { userId: rows[0]?.id ?? "" });
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect((await api.post("get-tokens", { filter: "new" }, key)).status).toBe(200);
    const stored = await api.deps.db.query<{ key_hash: Buffer }>(
      `SELECT key_hash FROM ${api.appSchema}.api_keys WHERE id = $1`,
      [record.id],
    );
    expect(stored.rows[0]?.key_hash.toString("hex")).toHaveLength(64);
    expect(JSON.stringify(stored.rows)).not.toContain(key.slice(3));
    const unknown = await api.post("get-tokens", { filter: "new" }, `sk_${randomBytes(32).toString("base64url")}`);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(unauthorized);
  });

  it("creates, lists and revokes keys from the command line", async () => {
    const exec = promisify(execFile);
    const env = {
      ...process.env,
      DATABASE_URL: api.databaseUrl,
      APP_SCHEMA: api.appSchema,
    };
    const cli = (...args: string[]) => exec("node_modules/.bin/tsx", ["scripts/api-key.ts", ...args], { env });
    const created = await cli("create", "--user", "new", "--name", "ci", "--tier", "premium");
    const key = created.stdout.trim();
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect((await api.post("get-tokens", { filter: "new" }, key)).status).toBe(200);
    const { rows } = await api.deps.db.query<{ id: string; user_id: string; tier: string }>(
      `SELECT id, user_id, tier FROM ${api.appSchema}.api_keys WHERE key_prefix = $1`,
      [key.slice(0, 9)],
    );
    expect(rows[0]?.tier).toBe("premium");
    const listed = await cli("list", "--user", rows[0]?.user_id ?? "");
    expect(listed.stdout).toContain(rows[0]?.id);
    expect(listed.stdout).toContain("active");
    await cli("revoke", "--id", rows[0]?.id ?? "");
    const revoked = await api.post("get-tokens", { filter: "new" }, key);
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual(unauthorized);
    await expect(cli("create", "--user", "not-a-uuid")).rejects.toMatchObject({ code: 2 });
  }, 60_000);
});

describe("HTTP rules", () => {
  it("answers 405 Method not allowed to GET, PUT and DELETE", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const res = await api.app.request("/functions/v1/search-token", { method });
      expect(res.status, method).toBe(405);
      expect(await res.json()).toEqual({ success: false, error: "Method not allowed" });
    }
  });

  it("answers 400 to malformed JSON and to a body that is not JSON", async () => {
    const token = await valid();
    const res = await api.post("search-token", "{not json", token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: "Malformed JSON in request body" });
    const text = await api.app.request("/functions/v1/search-token", {
      method: "POST",
      headers: { "content-type": "text/plain", authorization: `Bearer ${token}` },
      body: "input=x",
    });
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({ success: false, error: "Content-Type must be application/json" });
  });

  it("answers 413 to a body over the limit", async () => {
    const res = await limited.post("search", { query: "x".repeat(4096) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, error: "Request body too large (limit 2048 bytes)" });
  });

  it("answers 413 over real HTTP whether the body states its length or is chunked", async () => {
    const server = serve({ fetch: limited.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((done) => server.once("listening", () => done()));
    const { port } = server.address() as AddressInfo;
    const post = (body: string, chunked: boolean) =>
      new Promise<{ status: number; body: unknown }>((done, fail) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/functions/v1/search",
            headers: {
              "content-type": "application/json",
              ...(chunked ? {} : { "content-length": Buffer.byteLength(body) }),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              done({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
            );
          },
        );
        req.on("error", fail);
        // Two writes: without a Content-Length, Node sends them as chunks.
        req.write(body.slice(0, 10));
        req.end(body.slice(10));
      });
    try {
      const tooLarge = { success: false, error: "Request body too large (limit 2048 bytes)" };
      const big = JSON.stringify({ query: "x".repeat(4096) });
      expect(await post(big, false)).toEqual({ status: 413, body: tooLarge });
      expect(await post(big, true)).toEqual({ status: 413, body: tooLarge });
      const small = JSON.stringify({ query: "x", type: "users" });
      for (const chunked of [false, true]) {
        const res = await post(small, chunked);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: true, results: { users: [] } });
      }
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it("lists every missing required field", async () => {
    const token = await valid();
    expect((await api.post("search-token", {}, token)).body).toEqual({
      success: false,
      error: "Missing required fields: input",
    });
    expect((await api.post("get-token-candles", { interval: "1h" }, token)).body).toEqual({
      success: false,
      error: "Missing required fields: tokenId",
    });
  });

  it("answers 429 with Retry-After once a user passes the per-minute limit, per user", async () => {
    const a = await limited.jwt(`rl-a-${randomBytes(4).toString("hex")}`);
    const b = await limited.jwt(`rl-b-${randomBytes(4).toString("hex")}`);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof limited.post>> | undefined;
    for (let i = 0; i < 4; i++) {
      last = await limited.post("get-tokens", { filter: "new", limit: 1 }, a);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last?.body).toEqual({ success: false, error: "Rate limit exceeded" });
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(last?.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(last?.headers.get("x-ratelimit-limit")).toBe("3");
    expect((await limited.post("get-tokens", { filter: "new", limit: 1 }, b)).status).toBe(200);
  });
});

describe("client addresses of anonymous callers", () => {
  /** `n` anonymous searches over a real socket from `localAddress`, each with the X-Forwarded-For `xff(i)`. */
  async function anonymousCalls(app: typeof limited.app, localAddress: string, n: number, xff: (i: number) => string) {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((done) => server.once("listening", () => done()));
    const { port } = server.address() as AddressInfo;
    const statuses: number[] = [];
    try {
      for (let i = 0; i < n; i++) {
        const body = JSON.stringify({ query: "no-such-token", type: "tokens", limit: 1 });
        statuses.push(
          await new Promise<number>((resolve, reject) => {
            const req = httpRequest(
              {
                host: "127.0.0.1",
                port,
                localAddress,
                method: "POST",
                path: "/functions/v1/search",
                headers: { "content-type": "application/json", "x-forwarded-for": xff(i) },
              },
              (res) => {
                res.resume();
                res.on("end", () => resolve(res.statusCode ?? 0));
              },
            );
            req.on("error", reject);
            req.end(body);
          }),
        );
      }
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
    return statuses;
  }
  const rotating = (i: number) => `203.0.113.${i + 1}`;

  it("test_rateLimit_rotatingForwardedForFromAnUntrustedPeer_doesNotRaiseTheLimit", async () => {
    // The attacker's probe: a new X-Forwarded-For on every call used to get a new bucket every time.
    expect(await anonymousCalls(limited.app, "127.0.0.2", 4, rotating)).toEqual([200, 200, 200, 429]);
  });

  it("test_rateLimit_anonymousPeersWithoutHeaders_haveABucketEach", async () => {
    expect(await anonymousCalls(limited.app, "127.0.0.3", 4, () => "")).toEqual([200, 200, 200, 429]);
    // Another client is not locked out by the first (they used to share rest:ip:local).
    expect(await anonymousCalls(limited.app, "127.0.0.4", 1, () => "")).toEqual([200]);
  });

  it("test_rateLimit_behindAConfiguredProxy_countsTheForwardedClient", async () => {
    const proxied = await createTestApi({
      indexerSchema: ix.schema,
      config: { rateLimitPerMinute: 3, trustProxy: parseTrustProxy("loopback") },
      quotes: false,
    });
    try {
      // Four clients behind the proxy at 127.0.0.5: a bucket each.
      expect(await anonymousCalls(proxied.app, "127.0.0.5", 4, rotating)).toEqual([200, 200, 200, 200]);
      // One client behind it, four calls: its own limit.
      expect(await anonymousCalls(proxied.app, "127.0.0.5", 4, () => "198.51.100.7")).toEqual([200, 200, 200, 429]);
    } finally {
      await proxied.close();
    }
  });
});
