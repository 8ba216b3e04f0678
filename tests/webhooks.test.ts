/**
 * Webhooks end to end (issue 16): the API in process registers endpoints, events are appended to the log as the
 * sequencer appends them, and a worker process dispatches and delivers them to a local receiver.
 * - Deliveries verify with standardwebhooks' Webhook.verify; only matching channels are delivered (`me` included).
 * - A receiver that fails three attempts gets the fourth, with the same webhook-id, on the retry schedule.
 * - A worker killed with deliveries pending (and Redis's jobs gone with it) loses none once restarted.
 * - Private addresses are refused at registration and, with WEBHOOK_ALLOW_PRIVATE off in the worker, at delivery
 *   (a name that resolves to 127.0.0.1 now, and an IP literal).
 * - Owner-only access, limits, list, pause, resume, update, delete, test, redeliver, the delivery log, disabling.
 */
import { lookup } from "node:dns/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookBodyIssues } from "../core/event-schemas.js";
import { verifyWebhook, WebhookVerificationError } from "../sdk/src/index.js";
import { startTestIndexer } from "./helpers/api.js";
import {
  type ReceivedRequest,
  type Receiver,
  requestsOf,
  startReceiver,
  startWebhookStack,
  type WebhookStack,
} from "./helpers/webhooks.js";
import { sleep, uniqueName } from "./helpers/worker.js";

/** The worker's schedule in these tests: 4 retries, 3 s in all. */
const SCHEDULE = [200, 400, 800, 1600];
const workerEnv = {
  WEBHOOK_ALLOW_PRIVATE: "true",
  WEBHOOK_RETRY_SCHEDULE: SCHEDULE.map((ms) => `${ms}ms`).join(","),
  WEBHOOK_DISABLE_AFTER: "2",
  WEBHOOK_POLL_MS: "200",
  WEBHOOK_TIMEOUT_MS: "3000",
  WEBHOOK_CONCURRENCY: "4",
};

type Body = Record<string, unknown> & { success: boolean; error?: string };
type WebhookView = {
  id: string;
  url: string;
  channels: string[];
  status: string;
  description: string;
  consecutive_failures: number;
  disabled_reason: string | null;
};
type Attempt = { attempted_at: string; duration_ms: number; status: number | null; error: string | null };
type Delivery = {
  id: string;
  webhook_id: string;
  seq: number | null;
  type: string;
  status: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
  attempt_log: Attempt[];
};

let indexer: Awaited<ReturnType<typeof startTestIndexer>>;
let stack: WebhookStack;
let strict: WebhookStack;
let receiver: Receiver;

const ADDRESS_A = `0x${"a1".repeat(20)}`;
const ADDRESS_B = `0x${"b2".repeat(20)}`;

beforeAll(async () => {
  // get-notifications reads the indexer (graduations of tokens you hold): the main stack has one.
  indexer = await startTestIndexer();
  [stack, strict, receiver] = await Promise.all([
    startWebhookStack({ name: "wh", apiAllowPrivate: true, workerEnv, indexerSchema: indexer.schema }),
    // WEBHOOK_ALLOW_PRIVATE off in both the API and the worker.
    startWebhookStack({
      name: "wh-strict",
      apiAllowPrivate: false,
      workerEnv: { WEBHOOK_RETRY_SCHEDULE: "100ms", WEBHOOK_POLL_MS: "200" },
    }),
    startReceiver(),
  ]);
});

afterAll(async () => {
  await Promise.all([stack?.close(), strict?.close(), receiver?.close()]);
  await indexer?.close();
});

const call = async (s: WebhookStack, name: string, body: unknown, jwt?: string) => {
  const res = await s.api.post(name, body, jwt);
  return { status: res.status, body: res.body as Body };
};
const ok = async (s: WebhookStack, name: string, body: unknown, jwt: string) => {
  const res = await call(s, name, body, jwt);
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};

/** A fresh user of `s`: its JWT and id. */
const newUser = async (s: WebhookStack) => {
  const jwt = await s.api.jwt(uniqueName("whuser"));
  const me = (await ok(s, "get-me", {}, jwt)).user as { id: string; wallet_address: string };
  return { jwt, id: me.id, wallet: me.wallet_address };
};

const createEndpoint = async (s: WebhookStack, jwt: string, body: Record<string, unknown>) => {
  const out = await ok(s, "create-webhook", body, jwt);
  return { webhook: out.webhook as WebhookView, secret: out.secret as string };
};

const deliveries = async (s: WebhookStack, jwt: string, webhookId: string, extra: Record<string, unknown> = {}) =>
  (await ok(s, "get-webhook-deliveries", { webhook_id: webhookId, limit: 100, ...extra }, jwt))
    .deliveries as Delivery[];

/** Poll the delivery log until `done` holds. */
const waitForDeliveries = async (
  s: WebhookStack,
  jwt: string,
  webhookId: string,
  done: (d: Delivery[]) => boolean,
  timeoutMs = 20_000,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await deliveries(s, jwt, webhookId);
    if (done(list)) return list;
    if (Date.now() > deadline) throw new Error(`delivery log not as expected: ${JSON.stringify(list, null, 1)}`);
    await sleep(100);
  }
};

/** A delivery verified as a client of the service would: with the SDK (sdk/src/webhooks.ts, over standardwebhooks). */
const verify = (secret: string, r: ReceivedRequest) =>
  verifyWebhook(secret, r.headers, r.body) as { type: string; timestamp: string; data: Record<string, unknown> };

describe("delivery", () => {
  it("test_delivery_signsEveryMatchingEventSoThatStandardWebhooksVerifiesIt", async () => {
    const u = await newUser(stack);
    const path = `/${uniqueName("p")}`;
    const { webhook, secret } = await createEndpoint(stack, u.jwt, {
      url: receiver.url(path),
      channels: ["tokens", `account:${ADDRESS_A}`, "tokens"],
      description: "all new tokens",
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook).toMatchObject({
      url: receiver.url(path),
      channels: ["tokens", `account:${ADDRESS_A}`],
      status: "active",
      description: "all new tokens",
      consecutive_failures: 0,
      disabled_reason: null,
    });
    const created = await stack.append({ kind: "token_created", channels: ["tokens"], data: { name: "Alpha" } });
    const other = await stack.append({ kind: "trade", channels: [`account:${ADDRESS_B}`], data: { n: 1 } });
    const trade = await stack.append({ kind: "trade", channels: [`account:${ADDRESS_A}`], data: { n: 2 } });
    const mine = () => receiver.requests.filter((r) => r.path === path);
    await receiver.waitFor(() => mine().length >= 2);
    await sleep(500);
    const got = mine();
    expect(got).toHaveLength(2);
    const bodies = got.map((r) => verify(secret, r)).sort((a, b) => Number(a.data.seq) - Number(b.data.seq));
    expect(bodies.map((b) => b.data.seq)).toEqual([created, trade]);
    expect(bodies[0]).toEqual({
      type: "event.token_created",
      timestamp: bodies[0]?.data.createdAt,
      data: {
        seq: created,
        kind: "token_created",
        chainId: null,
        block: null,
        removes: null,
        data: { name: "Alpha" },
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect(bodies[1]?.type).toBe("event.trade");
    expect(requestsOf(got, other)).toEqual([]);
    for (const r of got) {
      expect(r.headers["content-type"]).toBe("application/json");
      expect(r.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Math.abs(Number(r.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
      expect(r.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      // Another secret, or a body changed in transit, does not verify.
      expect(() => verifyWebhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, r.headers, r.body)).toThrow(
        WebhookVerificationError,
      );
      expect(() => verifyWebhook(secret, r.headers, r.body.replace("}", " }"))).toThrow(WebhookVerificationError);
    }
    // The log names each delivery by its webhook-id.
    const log = await deliveries(stack, u.jwt, webhook.id);
    expect(log.map((d) => [d.seq, d.status, d.attempts, d.type])).toEqual([
      [trade, "delivered", 1, "event.trade"],
      [created, "delivered", 1, "event.token_created"],
    ]);
    expect(log.map((d) => d.id).sort()).toEqual(got.map((r) => r.headers["webhook-id"]).sort());
    expect(log[0]?.attempt_log).toEqual([
      { attempted_at: expect.any(String), duration_ms: expect.any(Number), status: 200, error: null },
    ]);
  });

  it("test_delivery_meExpandsToTheOwnersUserAndWalletOnRecord", async () => {
    const u = await newUser(stack);
    const other = await newUser(stack);
    const path = `/${uniqueName("me")}`;
    const { webhook, secret } = await createEndpoint(stack, u.jwt, { url: receiver.url(path), channels: ["me"] });
    const note = await stack.append({ kind: "notification", channels: [`user:${u.id}`] });
    await stack.append({ kind: "notification", channels: [`user:${other.id}`] });
    const fees = await stack.append({ kind: "fees", channels: [`fees:${u.wallet.toLowerCase()}`] });
    await stack.append({ kind: "fees", channels: [`fees:${other.wallet.toLowerCase()}`] });
    const mine = () => receiver.requests.filter((r) => r.path === path);
    await receiver.waitFor(() => mine().length >= 2);
    await sleep(500);
    expect(
      mine()
        .map((r) => verify(secret, r).data.seq)
        .sort(),
    ).toEqual([note, fees].sort());
    expect((await deliveries(stack, u.jwt, webhook.id)).map((d) => d.seq)).toEqual([fees, note]);
  });

  it("test_delivery_tokenChannelMatchesTheTokensKey", async () => {
    const u = await newUser(stack);
    const path = `/${uniqueName("tok")}`;
    const token = crypto.randomUUID();
    const { secret } = await createEndpoint(stack, u.jwt, { url: receiver.url(path), channels: [`token:${token}`] });
    const post = await stack.append({ kind: "post", channels: [`token:${token}`], data: { content: "gm" } });
    await stack.append({ kind: "post", channels: [`token:${crypto.randomUUID()}`] });
    const mine = () => receiver.requests.filter((r) => r.path === path);
    await receiver.waitFor(() => mine().length >= 1);
    await sleep(500);
    expect(mine().map((r) => verify(secret, r).data.seq)).toEqual([post]);
  });

  it("test_delivery_eventsBeforeTheEndpointExistedAreNotDelivered", async () => {
    const u = await newUser(stack);
    const path = `/${uniqueName("late")}`;
    const channel = `account:${`0x${"c3".repeat(20)}`}`;
    const before = await stack.append({ kind: "trade", channels: [channel] });
    const { webhook } = await createEndpoint(stack, u.jwt, { url: receiver.url(path), channels: [channel] });
    const after = await stack.append({ kind: "trade", channels: [channel] });
    await waitForDeliveries(stack, u.jwt, webhook.id, (d) => d.some((x) => x.status === "delivered"));
    await sleep(300);
    expect((await deliveries(stack, u.jwt, webhook.id)).map((d) => d.seq)).toEqual([after]);
    expect(requestsOf(receiver.requests, before).filter((r) => r.path === path)).toEqual([]);
  });
});

describe("retries", () => {
  it("test_retries_aReceiverFailingThreeAttemptsGetsTheFourthWithTheSameWebhookId", async () => {
    const u = await newUser(stack);
    const flaky = await startReceiver((_r, n) => ({ status: n < 3 ? 503 : 204 }));
    try {
      const { webhook, secret } = await createEndpoint(stack, u.jwt, {
        url: flaky.url(),
        channels: [`account:${ADDRESS_A}`],
      });
      const seq = await stack.append({ kind: "balance", channels: [`account:${ADDRESS_A}`] });
      const got = await flaky.waitFor((r) => r.length >= 4);
      await sleep(SCHEDULE[3] ?? 0);
      expect(flaky.requests).toHaveLength(4);
      const ids = new Set(got.map((r) => r.headers["webhook-id"]));
      expect(ids.size).toBe(1);
      // The same body every time; each attempt signed at its own time, and each verifies.
      expect(new Set(got.map((r) => r.body)).size).toBe(1);
      for (const r of got) expect(verify(secret, r).data.seq).toBe(seq);
      // Exponential: each wait at least the schedule's delay.
      for (let i = 1; i < 4; i++) {
        expect((got[i]?.at ?? 0) - (got[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual((SCHEDULE[i - 1] ?? 0) - 20);
      }
      const [d] = await waitForDeliveries(stack, u.jwt, webhook.id, (l) => l[0]?.status === "delivered");
      expect(d).toMatchObject({
        id: [...ids][0],
        seq,
        status: "delivered",
        attempts: 4,
        last_status: 204,
        last_error: null,
      });
      expect(d?.attempt_log.map((a) => [a.status, a.error])).toEqual([
        [204, null],
        [503, "HTTP 503"],
        [503, "HTTP 503"],
        [503, "HTTP 503"],
      ]);
    } finally {
      await flaky.close();
    }
  });

  it("test_retries_anAnswerSlowerThanTheTimeoutIsAFailedAttempt", async () => {
    const u = await newUser(stack);
    // WEBHOOK_TIMEOUT_MS is 3000 here: the first answer comes too late, the second in time.
    const late = await startReceiver((_r, n) => ({ status: 200, delayMs: n === 0 ? 4_000 : 0 }));
    try {
      const channel = `account:${`0x${"ab".repeat(20)}`}`;
      const { webhook } = await createEndpoint(stack, u.jwt, { url: late.url(), channels: [channel] });
      await stack.append({ kind: "trade", channels: [channel] });
      const [d] = await waitForDeliveries(stack, u.jwt, webhook.id, (l) => l[0]?.status === "delivered");
      expect(d?.attempt_log.map((a) => [a.status, a.error])).toEqual([
        [200, null],
        [null, "Timed out after 3000 ms"],
      ]);
      expect(late.requests.map((r) => r.headers["webhook-id"])).toEqual([d?.id, d?.id]);
    } finally {
      await late.close();
    }
  });

  it("test_retries_aDeliveryFailsAfterTheLastRetryAndRepeatedFailuresDisableTheEndpoint", async () => {
    const u = await newUser(stack);
    const down = await startReceiver(() => ({ status: 500 }));
    try {
      const channel = `account:${`0x${"d4".repeat(20)}`}`;
      const { webhook } = await createEndpoint(stack, u.jwt, { url: down.url(), channels: [channel] });
      const first = await stack.append({ kind: "trade", channels: [channel] });
      const log = await waitForDeliveries(stack, u.jwt, webhook.id, (l) => l[0]?.status === "failed");
      expect(log[0]).toMatchObject({ seq: first, status: "failed", attempts: SCHEDULE.length + 1, last_status: 500 });
      expect(down.requests).toHaveLength(SCHEDULE.length + 1);
      let [view] = (await ok(stack, "get-webhooks", {}, u.jwt)).webhooks as WebhookView[];
      expect(view).toMatchObject({ status: "active", consecutive_failures: 1 });
      // WEBHOOK_DISABLE_AFTER=2: the second failed delivery in a row disables it, and its owner is told.
      await stack.append({ kind: "trade", channels: [channel] });
      await waitForDeliveries(stack, u.jwt, webhook.id, (l) => l.length === 2 && l[0]?.status === "failed");
      [view] = (await ok(stack, "get-webhooks", {}, u.jwt)).webhooks as WebhookView[];
      expect(view).toMatchObject({
        status: "disabled",
        consecutive_failures: 2,
        disabled_reason: "2 deliveries in a row failed after every retry; the last: HTTP 500",
      });
      const notes = (await ok(stack, "get-notifications", {}, u.jwt)).notifications as Record<string, unknown>[];
      expect(notes).toEqual([
        expect.objectContaining({
          kind: "webhook_disabled",
          actor: null,
          webhook: {
            id: webhook.id,
            url: down.url(),
            status: "disabled",
            disabled_reason: "2 deliveries in a row failed after every retry; the last: HTTP 500",
          },
          read: false,
        }),
      ]);
      // Disabled: new events are not delivered.
      const meanwhile = await stack.append({ kind: "trade", channels: [channel] });
      await sleep(800);
      expect((await deliveries(stack, u.jwt, webhook.id)).map((d) => d.seq)).not.toContain(meanwhile);
      // Re-enabled by its owner: failures cleared, deliveries again.
      down.answer(() => ({ status: 200 }));
      const resumed = (await ok(stack, "update-webhook", { webhook_id: webhook.id, status: "active" }, u.jwt))
        .webhook as WebhookView;
      expect(resumed).toMatchObject({ status: "active", consecutive_failures: 0, disabled_reason: null });
      const next = await stack.append({ kind: "trade", channels: [channel] });
      await waitForDeliveries(stack, u.jwt, webhook.id, (l) => l[0]?.seq === next && l[0]?.status === "delivered");
    } finally {
      await down.close();
    }
  });
});

describe("a killed worker", () => {
  it("test_worker_killedWithDeliveriesPendingLosesNone", async () => {
    const u = await newUser(stack);
    const slow = await startReceiver(() => ({ status: 200, delayMs: 150 }));
    try {
      const channel = `account:${`0x${"e5".repeat(20)}`}`;
      const { webhook, secret } = await createEndpoint(stack, u.jwt, { url: slow.url(), channels: [channel] });
      const seqs: number[] = [];
      for (let i = 0; i < 40; i++) seqs.push(await stack.append({ kind: "trade", channels: [channel], data: { i } }));
      await slow.waitFor((r) => r.length >= 4);
      stack.worker().kill("SIGKILL");
      await stack.worker().exited;
      const pending = (await deliveries(stack, u.jwt, webhook.id, { status: "pending" })).length;
      expect(pending).toBeGreaterThan(0);
      // Redis loses every job too: Postgres is the record, and the restarted worker enqueues what is pending.
      await stack.queue.obliterate({ force: true });
      await stack.restart();
      await slow.waitFor((r) => seqs.every((s) => requestsOf(r, s).length > 0), 60_000);
      const log = await waitForDeliveries(stack, u.jwt, webhook.id, (l) => l.every((d) => d.status === "delivered"));
      expect(log.map((d) => d.seq).sort((a, b) => Number(a) - Number(b))).toEqual(seqs);
      // A delivery cut off mid-attempt may arrive twice: with the same webhook-id, the one the log shows.
      for (const s of seqs) {
        const got = requestsOf(slow.requests, s);
        const d = log.find((x) => x.seq === s);
        expect(new Set(got.map((r) => r.headers["webhook-id"]))).toEqual(new Set([d?.id]));
        for (const r of got) expect(verify(secret, r).data.seq).toBe(s);
      }
    } finally {
      await slow.close();
    }
  });
});

describe("private addresses", () => {
  it("test_createWebhook_revertsIfTheUrlIsPrivateOrNotHttps", async () => {
    const u = await newUser(strict);
    const [localhost] = await lookup("localhost", { all: true, verbatim: true });
    const refused = (what: string) => `Webhook URL refused: ${what}; webhooks go to public addresses only`;
    const cases: [string, string][] = [
      ["https://127.0.0.1/hook", refused("127.0.0.1 is a loopback address")],
      [
        `https://localhost:${receiver.port}/hook`,
        refused(`localhost resolves to ${localhost?.address}, a loopback address`),
      ],
      ["https://[::1]/hook", refused("::1 is a loopback address")],
      ["https://[::ffff:127.0.0.1]/hook", refused("::ffff:7f00:1 is a loopback address")],
      ["https://169.254.169.254/latest/meta-data", refused("169.254.169.254 is a link-local address")],
      ["https://10.1.2.3/", refused("10.1.2.3 is a private address")],
      ["https://100.64.0.1/", refused("100.64.0.1 is a CGNAT address")],
      ["https://[fd00::1]/", refused("fd00::1 is a unique-local address")],
      ["https://0.0.0.0/", refused("0.0.0.0 is an unspecified address")],
      ["https://224.0.0.1/", refused("224.0.0.1 is a multicast address")],
      ["http://8.8.8.8/hook", "Webhook URL must use https"],
      ["https://user:pw@8.8.8.8/hook", "Webhook URL must not contain a user name or password"],
      ["https://nowhere.invalid/hook", "Webhook URL refused: nowhere.invalid does not resolve"],
    ];
    for (const [url, error] of cases) {
      expect(await call(strict, "create-webhook", { url, channels: ["tokens"] }, u.jwt), url).toEqual({
        status: 400,
        body: { success: false, error },
      });
    }
    // A public address literal passes (nothing is sent to it here).
    const { webhook } = await createEndpoint(strict, u.jwt, { url: "https://8.8.8.8/hook", channels: ["me"] });
    expect(await call(strict, "update-webhook", { webhook_id: webhook.id, url: "https://127.0.0.1/" }, u.jwt)).toEqual({
      status: 400,
      body: { success: false, error: refused("127.0.0.1 is a loopback address") },
    });
    expect((await ok(strict, "get-webhooks", {}, u.jwt)).webhooks).toHaveLength(1);
  });

  it("test_delivery_revertsIfTheHostResolvesToAPrivateAddressAtDeliveryTime", async () => {
    // Endpoints whose registration passed (their names resolved to public addresses then): now one resolves to
    // 127.0.0.1 (DNS rebinding), the other is a private literal. The worker, with WEBHOOK_ALLOW_PRIVATE off, must
    // not connect to either.
    const u = await newUser(strict);
    const [localhost] = await lookup("localhost", { all: true, verbatim: true });
    const s = strict.api.appSchema;
    const channel = `account:${`0x${"f6".repeat(20)}`}`;
    const urls = [`https://localhost:${receiver.port}/rebound`, `https://127.0.0.1:${receiver.port}/literal`];
    const ids: string[] = [];
    for (const url of urls) {
      const { rows } = await strict.api.deps.db.query<{ id: string }>(
        `INSERT INTO ${s}.webhook_endpoints (user_id, url, channels, secret, from_seq)
         VALUES ($1, $2, $3, $4, (SELECT COALESCE(max(seq), 0) FROM ${s}.events)) RETURNING id`,
        [u.id, url, [channel], `whsec_${Buffer.alloc(32, 1).toString("base64")}`],
      );
      ids.push(rows[0]?.id ?? "");
    }
    const connectionsBefore = receiver.connections();
    const seq = await strict.append({ kind: "trade", channels: [channel] });
    const expected = [
      `Webhook URL refused: localhost resolves to ${localhost?.address}, a loopback address; webhooks go to public addresses only`,
      "Webhook URL refused: 127.0.0.1 is a loopback address; webhooks go to public addresses only",
    ];
    for (const [i, id] of ids.entries()) {
      const [d] = await waitForDeliveries(strict, u.jwt, id, (l) => l[0]?.status === "failed");
      expect(d).toMatchObject({ seq, status: "failed", attempts: 2, last_status: null, last_error: expected[i] });
      expect(d?.attempt_log.map((a) => a.error)).toEqual([expected[i], expected[i]]);
    }
    expect(receiver.connections()).toBe(connectionsBefore);
  });
});

describe("endpoint management", () => {
  it("test_webhooks_areOwnerOnly", async () => {
    const owner = await newUser(stack);
    const intruder = await newUser(stack);
    const { webhook } = await createEndpoint(stack, owner.jwt, { url: receiver.url("/own"), channels: ["me"] });
    const test = (await ok(stack, "test-webhook", { webhook_id: webhook.id }, owner.jwt)).delivery as Delivery;
    const notFound = { status: 404, body: { success: false, error: "Webhook not found" } };
    for (const [name, body] of [
      ["update-webhook", { webhook_id: webhook.id, status: "paused" }],
      ["delete-webhook", { webhook_id: webhook.id }],
      ["test-webhook", { webhook_id: webhook.id }],
      ["get-webhook-deliveries", { webhook_id: webhook.id }],
    ] as const) {
      expect(await call(stack, name, body, intruder.jwt), name).toEqual(notFound);
    }
    expect(await call(stack, "redeliver-webhook", { delivery_id: test.id }, intruder.jwt)).toEqual({
      status: 404,
      body: { success: false, error: "Delivery not found" },
    });
    expect((await ok(stack, "get-webhooks", {}, intruder.jwt)).webhooks).toEqual([]);
    // Nothing changed for the owner.
    expect((await ok(stack, "get-webhooks", {}, owner.jwt)).webhooks).toEqual([
      expect.objectContaining({ id: webhook.id, status: "active" }),
    ]);
    for (const name of ["create-webhook", "get-webhooks", "get-webhook-deliveries", "redeliver-webhook"]) {
      expect((await call(stack, name, {})).status, name).toBe(401);
    }
  });

  it("test_webhooks_listNeverShowsTheSecretAndLimitsHold", async () => {
    const u = await newUser(stack);
    const { secret } = await createEndpoint(stack, u.jwt, { url: receiver.url("/l"), channels: ["tokens"] });
    const listed = (await ok(stack, "get-webhooks", {}, u.jwt)).webhooks as Record<string, unknown>[];
    expect(Object.keys(listed[0] ?? {}).sort()).toEqual(
      [
        "channels",
        "consecutive_failures",
        "created_at",
        "description",
        "disabled_reason",
        "id",
        "status",
        "updated_at",
        "url",
      ].sort(),
    );
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6));
    for (let i = 1; i < 10; i++)
      await createEndpoint(stack, u.jwt, { url: receiver.url(`/l${i}`), channels: ["tokens"] });
    expect(await call(stack, "create-webhook", { url: receiver.url("/l10"), channels: ["tokens"] }, u.jwt)).toEqual({
      status: 409,
      body: { success: false, error: "At most 10 webhook endpoints per user" },
    });
    const other = await newUser(stack);
    const channels = Array.from({ length: 51 }, (_, i) => `account:0x${i.toString(16).padStart(40, "0")}`);
    for (const [body, error] of [
      [{ url: receiver.url(), channels }, "Invalid channels: Too big: expected array to have <=50 items"],
      [{ url: receiver.url(), channels: [] }, "Invalid channels: Too small: expected array to have >=1 items"],
      [{ channels: ["tokens"] }, "Missing required fields: url"],
    ] as const) {
      expect(await call(stack, "create-webhook", body, other.jwt), error).toEqual({
        status: 400,
        body: { success: false, error },
      });
    }
    // The channel rule's own text is core/events.ts's (channelNameSchema).
    const bad = await call(stack, "create-webhook", { url: receiver.url(), channels: ["token:nope"] }, other.jwt);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Invalid channels\.0: Unknown channel: expected tokens, token:<id or address>, /);
    await createEndpoint(stack, other.jwt, { url: receiver.url(), channels: channels.slice(0, 50) });
  });

  it("test_webhooks_pauseResumeUpdateTestRedeliverDelete", async () => {
    const u = await newUser(stack);
    const path = `/${uniqueName("m")}`;
    const channel = `account:${`0x${"a7".repeat(20)}`}`;
    const { webhook, secret } = await createEndpoint(stack, u.jwt, { url: receiver.url(path), channels: [channel] });
    const mine = () => receiver.requests.filter((r) => r.path === path);
    expect(await call(stack, "update-webhook", { webhook_id: webhook.id }, u.jwt)).toEqual({
      status: 400,
      body: { success: false, error: "Nothing to update: give status, url, channels or description" },
    });

    // Paused: nothing is delivered, and events logged meanwhile never are.
    const paused = (await ok(stack, "update-webhook", { webhook_id: webhook.id, status: "paused" }, u.jwt))
      .webhook as WebhookView;
    expect(paused.status).toBe("paused");
    const whilePaused = await stack.append({ kind: "trade", channels: [channel] });
    await sleep(800);
    expect(mine()).toEqual([]);
    expect(await deliveries(stack, u.jwt, webhook.id)).toEqual([]);

    // A test goes whatever the status, through the same path: signed, with a webhook-id of its own.
    const test = (await ok(stack, "test-webhook", { webhook_id: webhook.id }, u.jwt)).delivery as Delivery;
    expect(test).toMatchObject({ webhook_id: webhook.id, seq: null, type: "webhook.test", status: "pending" });
    const [testReq] = await receiver.waitFor(() => mine().length >= 1).then(() => mine());
    expect(testReq?.headers["webhook-id"]).toBe(test.id);
    expect(verify(secret, testReq as ReceivedRequest)).toEqual({
      type: "webhook.test",
      timestamp: expect.any(String),
      data: { webhook_id: webhook.id, message: "A test delivery from test-webhook" },
    });
    await waitForDeliveries(stack, u.jwt, webhook.id, (l) => l[0]?.status === "delivered");

    // Resumed, with channels and description changed: events from now on.
    const channel2 = `account:${`0x${"b8".repeat(20)}`}`;
    const updated = (
      await ok(
        stack,
        "update-webhook",
        { webhook_id: webhook.id, status: "active", channels: [channel2], description: "b8 only" },
        u.jwt,
      )
    ).webhook as WebhookView;
    expect(updated).toMatchObject({ status: "active", channels: [channel2], description: "b8 only" });
    await stack.append({ kind: "trade", channels: [channel] });
    const seq = await stack.append({ kind: "trade", channels: [channel2] });
    await receiver.waitFor(() => mine().length >= 2);
    await sleep(300);
    expect(mine().map((r) => verify(secret, r).data.seq)).toEqual([undefined, seq]);
    expect(requestsOf(mine(), whilePaused)).toEqual([]);

    // Redelivery: the same webhook-id and body again; the log keeps both attempts.
    const [delivered] = await waitForDeliveries(stack, u.jwt, webhook.id, (l) => l[0]?.status === "delivered");
    const again = (await ok(stack, "redeliver-webhook", { delivery_id: delivered?.id }, u.jwt)).delivery as Delivery;
    expect(again).toMatchObject({ id: delivered?.id, seq, status: "pending", attempts: 0 });
    await receiver.waitFor(() => mine().length >= 3);
    const [first, second] = requestsOf(mine(), seq);
    expect(second?.headers["webhook-id"]).toBe(first?.headers["webhook-id"]);
    expect(second?.body).toBe(first?.body);
    const [redone] = await waitForDeliveries(
      stack,
      u.jwt,
      webhook.id,
      (l) => l[0]?.status === "delivered" && l[0]?.attempt_log.length === 2,
    );
    expect(redone).toMatchObject({ id: delivered?.id, attempts: 1, status: "delivered" });

    // Paused, an event delivery cannot be redelivered; a test one can.
    await ok(stack, "update-webhook", { webhook_id: webhook.id, status: "paused" }, u.jwt);
    expect(await call(stack, "redeliver-webhook", { delivery_id: delivered?.id }, u.jwt)).toEqual({
      status: 409,
      body: { success: false, error: "Webhook is paused: resume it to redeliver" },
    });
    await ok(stack, "redeliver-webhook", { delivery_id: test.id }, u.jwt);
    await receiver.waitFor(() => mine().length >= 4);
    expect(mine()[3]?.headers["webhook-id"]).toBe(test.id);

    // Deleted: gone from the list, its log with it.
    expect(await ok(stack, "delete-webhook", { webhook_id: webhook.id }, u.jwt)).toEqual({
      success: true,
      deleted: true,
    });
    expect((await ok(stack, "get-webhooks", {}, u.jwt)).webhooks).toEqual([]);
    expect(await call(stack, "get-webhook-deliveries", { webhook_id: webhook.id }, u.jwt)).toEqual({
      status: 404,
      body: { success: false, error: "Webhook not found" },
    });
    expect(await call(stack, "delete-webhook", { webhook_id: webhook.id }, u.jwt)).toEqual({
      status: 404,
      body: { success: false, error: "Webhook not found" },
    });
  });

  it("test_getWebhookDeliveries_pagesNewestFirstWithAKeysetCursor", async () => {
    const u = await newUser(stack);
    const channel = `account:${`0x${"c9".repeat(20)}`}`;
    const { webhook } = await createEndpoint(stack, u.jwt, { url: receiver.url("/pages"), channels: [channel] });
    const seqs: number[] = [];
    for (let i = 0; i < 5; i++) seqs.push(await stack.append({ kind: "trade", channels: [channel] }));
    await waitForDeliveries(
      stack,
      u.jwt,
      webhook.id,
      (l) => l.length === 5 && l.every((d) => d.status === "delivered"),
    );
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const out = await ok(
        stack,
        "get-webhook-deliveries",
        { webhook_id: webhook.id, limit: 2, ...(cursor ? { cursor } : {}) },
        u.jwt,
      );
      const pagination = out.pagination as { limit: number; has_more: boolean; next_cursor: string | null };
      seen.push(...(out.deliveries as Delivery[]).map((d) => d.seq ?? 0));
      expect(pagination.has_more).toBe(page < 2);
      cursor = pagination.next_cursor ?? undefined;
    }
    expect(seen).toEqual([...seqs].reverse());
    expect(
      (await ok(stack, "get-webhook-deliveries", { webhook_id: webhook.id, status: "failed" }, u.jwt)).deliveries,
    ).toEqual([]);
    expect(
      await call(stack, "get-webhook-deliveries", { webhook_id: webhook.id, cursor: "not-a-cursor" }, u.jwt),
    ).toEqual({ status: 400, body: { success: false, error: "Invalid cursor" } });
  });
});

describe("delivery bodies", () => {
  // This file's events are appended by hand (appendEvent, no sequencer): their data is the test's, not a producer's.
  // The event kinds' bodies are eventWebhookBody of events the other files hold to the same schemas
  // (core/event-schemas.test.ts); the test deliveries are the service's own.
  it("every test delivery fits webhook.test in the OpenAPI document's webhooks (core/event-schemas.ts)", () => {
    const tests = receiver.requests
      .map((r) => JSON.parse(r.body) as { type: string })
      .filter((b) => b.type === "webhook.test");
    expect(tests.length).toBeGreaterThan(0);
    expect(tests.flatMap((b) => webhookBodyIssues(b))).toEqual([]);
  });
});
