/**
 * Helpers for the webhook tests: a local HTTP receiver whose answers a test scripts, events appended to the log as
 * the sequencer appends them (the next seq and its notification in one transaction), and a stack of the API in
 * process with a worker process on the same app schema and a queue of their own.
 */
import { rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import type pg from "pg";
import type { ApiConfig } from "../../api/deps.js";
import { queueName } from "../../core/jobs.js";
import { createTestApi } from "./api.js";
import { chain } from "./chain.js";
import { deploymentsDirFor, sharedRedisUrl, sleep, spawnWorker, uniqueName, type WorkerContext } from "./worker.js";

export type ReceivedRequest = { at: number; path: string; headers: IncomingHttpHeaders; body: string };

/** What the receiver answers to its n-th request (0-based): a status, after an optional delay. */
export type Answer = (req: ReceivedRequest, n: number) => { status: number; delayMs?: number };

/** An HTTP receiver on 127.0.0.1 recording every request (and every connection, parsed or not). */
export async function startReceiver(answer: Answer = () => ({ status: 200 })) {
  const requests: ReceivedRequest[] = [];
  let connections = 0;
  let respond = answer;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const received = {
        at: Date.now(),
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      const n = requests.length;
      requests.push(received);
      const { status, delayMs } = respond(received, n);
      if (delayMs) await sleep(delayMs);
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "no");
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    requests,
    connections: () => connections,
    answer: (next: Answer) => {
      respond = next;
    },
    /** Resolves with the requests once `done(requests)` holds. */
    waitFor: async (done: (r: ReceivedRequest[]) => boolean, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!done(requests)) {
        if (Date.now() > deadline) {
          throw new Error(`receiver: condition not met within ${timeoutMs} ms; got ${requests.length} request(s)`);
        }
        await sleep(25);
      }
      return requests;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Requests whose body is event `seq`'s delivery. */
export const requestsOf = (requests: ReceivedRequest[], seq: number) =>
  requests.filter((r) => (JSON.parse(r.body) as { data?: { seq?: number } }).data?.seq === seq);

export type AppendEventParameters = { kind: string; channels: string[]; data?: Record<string, unknown> };

/**
 * Append an event to `<appSchema>.events` as the sequencer does: the next seq, and `pg_notify('<appSchema>_events',
 * seq)` in the same transaction. A seq the sequencer took meanwhile (an app write's event) is retried with the next.
 */
export async function appendEvent(db: pg.Pool, appSchema: string, p: AppendEventParameters): Promise<number> {
  for (let tries = 0; ; tries++) {
    const client = await db.connect();
    try {
      await client.query("BEGIN");
      const { rows } = await client.query<{ seq: string }>(
        `INSERT INTO ${appSchema}.events (seq, kind, channels, data)
         SELECT COALESCE(max(seq), 0) + 1, $1, $2, $3 FROM ${appSchema}.events RETURNING seq::text`,
        [p.kind, p.channels, p.data ?? {}],
      );
      const seq = rows[0]?.seq ?? "";
      await client.query("SELECT pg_notify($1, $2)", [`${appSchema}_events`, seq]);
      await client.query("COMMIT");
      return Number(seq);
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      if ((error as { code?: string }).code !== "23505" || tries > 20) throw error;
    } finally {
      client.release();
    }
  }
}

export type WebhookStackParameters = {
  name: string;
  /** The API's WEBHOOK_ALLOW_PRIVATE. */
  apiAllowPrivate: boolean;
  /** The worker's variables (WEBHOOK_ALLOW_PRIVATE, WEBHOOK_RETRY_SCHEDULE, …). */
  workerEnv: Record<string, string>;
  /** INDEXER_SCHEMA of both (default: one of the file's own that no indexer writes). */
  indexerSchema?: string;
  config?: Partial<ApiConfig>;
};

/**
 * The API in process and one worker process on the same app schema, with a webhook queue of their own. No indexer
 * runs and no sequencer: events are appended with appendEvent alone (a sequencer would take the same seqs), and
 * `token:` channels match on the names they were given.
 */
export async function startWebhookStack(p: WebhookStackParameters) {
  const c = chain();
  const api = await createTestApi({
    indexerSchema: p.indexerSchema ?? uniqueName("noix"),
    config: { webhookAllowPrivate: p.apiAllowPrivate, ...p.config },
    quotes: false,
    events: false,
  });
  const deploymentsDir = deploymentsDirFor(c.deployment);
  const ctx = {
    appSchema: api.appSchema,
    queuePrefix: `${uniqueName("whq")}-`,
    redisUrl: sharedRedisUrl,
  } as WorkerContext;
  const connection = new Redis(sharedRedisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(queueName("webhook", ctx.queuePrefix), { connection });
  const start = () =>
    spawnWorker({
      ctx,
      rpcUrl: c.rpcUrl,
      deploymentsDir,
      walletSecret: api.config.walletSecret,
      name: p.name,
      databaseUrl: api.databaseUrl,
      indexerSchema: api.config.indexerSchema,
      lockMs: 2_000,
      reconcileIntervalMs: 1_000,
      env: p.workerEnv,
    });
  let worker = start();
  /** Start a new worker process (after the last one was killed). */
  const restart = async () => {
    worker = start();
    await worker.ready();
    return worker;
  };
  const close = async () => {
    await worker.stop();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    connection.disconnect();
    await api.close();
    rmSync(deploymentsDir, { recursive: true, force: true });
  };
  try {
    await worker.ready();
  } catch (error) {
    await close();
    throw error;
  }
  return {
    api,
    queue,
    worker: () => worker,
    restart,
    append: (e: AppendEventParameters) => appendEvent(api.deps.db, api.appSchema, e),
    close,
  };
}
export type WebhookStack = Awaited<ReturnType<typeof startWebhookStack>>;
