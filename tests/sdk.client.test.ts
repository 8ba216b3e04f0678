/**
 * The SDK (sdk/) against a served API: typed calls answer what the endpoints answer, failures are ApiErrors with the
 * envelope's message and status, a request that drifts from the API does not compile (the @ts-expect-error lines are
 * checked by `tsc` in npm test), and the package builds and packs with `npm pack`.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, createClient, verifyWebhook, WebhookVerificationError } from "../sdk/src/index.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";
import { type Served, serveWithStreams } from "./helpers/streams.js";

const run = promisify(execFile);
const sdkDir = resolve(import.meta.dirname, "../sdk");

let api: Awaited<ReturnType<typeof createTestApi>>;
let served: Served;

beforeAll(async () => {
  const indexer = await startTestIndexer();
  api = await createTestApi({ indexerSchema: indexer.schema });
  served = await serveWithStreams(api.app, api.deps);
});

afterAll(async () => {
  await served?.close();
  await api?.close();
});

describe("the SDK's client", () => {
  it("answers typed calls as the endpoints do, with the caller's credential", async () => {
    const jwt = await api.jwt("sdk-user");
    const client = createClient({ baseUrl: `${served.url}/`, token: jwt });
    const page = await client.call("get-tokens", { filter: "new" });
    const direct = await api.post("get-tokens", { filter: "new" }, jwt);
    expect(page.success).toBe(true);
    expect(page.tokens.map((t) => t.id)).toEqual((direct.body.tokens as { id: string }[]).map((t) => t.id));
    const me = await client.call("get-me", {});
    expect(me.user.id).toMatch(/^[0-9a-f-]{36}$/);

    // @ts-expect-error: no such endpoint
    await expect(client.call("get-everything", {})).rejects.toBeInstanceOf(ApiError);
    // @ts-expect-error: filter is one of trending, new, popular, top_posts
    await expect(client.call("get-tokens", { filter: "bogus" })).rejects.toMatchObject({ status: 400 });
  });

  it("throws ApiErrors with the envelope's message and status", async () => {
    const client = createClient({ baseUrl: served.url, token: await api.jwt("sdk-user") });
    const missing = await client.call("search-token", { input: "no-such-token-anywhere" }).catch((e) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, message: "Token not found", retryAfterSeconds: null });
    const anonymous = createClient({ baseUrl: served.url });
    const refused = await anonymous.call("get-me", {}).catch((e) => e);
    expect(refused).toMatchObject({ name: "ApiError", status: 401 });
    expect(refused.body).toMatchObject({ success: false });
  });

  it("verifies a webhook delivery and hands back its body typed by the document's webhooks", () => {
    const secret = `whsec_${Buffer.alloc(32, 3).toString("base64")}`;
    const body = JSON.stringify({
      type: "webhook.test",
      timestamp: "2026-11-29T12:00:00.000Z",
      data: { webhook_id: "0b8e9b7c-4b7e-4d0c-9a51-6a1f0c1d2e3f", message: "A test delivery from test-webhook" },
    });
    const at = new Date();
    const headers = {
      "webhook-id": "msg_0123",
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "Webhook-Signature": new Webhook(secret).sign("msg_0123", at, body),
    };
    const delivery = verifyWebhook(secret, headers, body);
    // Narrowed by its type: a test delivery's data has webhook_id; an event's, the event (tsc checks both).
    if (delivery.type === "webhook.test") expect(delivery.data.webhook_id).toBe("0b8e9b7c-4b7e-4d0c-9a51-6a1f0c1d2e3f");
    else if (delivery.type === "event.trade") expect(delivery.data.data.usdcAmount).toBeTypeOf("string");
    expect(delivery.type).toBe("webhook.test");
    expect(() => verifyWebhook(secret, headers, body.replace("test", "tset"))).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(secret, { ...headers, "webhook-timestamp": "1000" }, body)).toThrow(
      WebhookVerificationError,
    );
  });

  it("builds and packs with npm pack: the compiled client, its types and the schema's", async () => {
    const out = mkdtempSync(join(tmpdir(), "sdk-pack-"));
    try {
      const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--pack-destination", out], {
        cwd: sdkDir,
        timeout: 120_000,
      });
      const [pack] = JSON.parse(stdout) as { name: string; files: { path: string }[] }[];
      expect(pack?.name).toBe("@social-token-service/sdk");
      expect(pack?.files.map((f) => f.path).sort()).toEqual(
        expect.arrayContaining([
          "dist/index.d.ts",
          "dist/index.js",
          "dist/schema.d.ts",
          "dist/cli.js",
          "dist/transactions.js",
          "dist/webhooks.js",
          "package.json",
        ]),
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
      rmSync(join(sdkDir, "dist"), { recursive: true, force: true });
    }
  });
});
