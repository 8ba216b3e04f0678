#!/usr/bin/env node
/**
 * social-tokens: the service from a terminal, over the SDK. Human output by default, `--json` for scripts; a failure
 * prints the API's message and exits 1 (2 for a usage error).
 *
 *   social-tokens quote <tokenId> (--buy <usd> | --sell <tokens>) [--chain <slug>]
 *   social-tokens trade <tokenId> (--buy <usd> | --sell <tokens>) [--chain <slug>] [--slippage <bps>] [--prepare]
 *   social-tokens create --name <name> --symbol <SYM> --image <url> [--description <text>] [--chain <slug>] [--prepare]
 *   social-tokens portfolio [--address <0x…>]
 *   social-tokens watch <channel>… [--since <seq>] [--state <file>] [--limit <n>]
 *   social-tokens webhooks [list | create --url <https url> --channels <a,b> | delete <id>]
 *
 * Environment: SOCIAL_TOKENS_URL (default http://127.0.0.1:3000) and SOCIAL_TOKENS_TOKEN (an API key or a JWT).
 * trade and create execute from your wallet on record (autoExecute) unless `--prepare`, which prints the transactions
 * to sign instead. watch keeps the last seq it printed in `--state` (default .social-tokens-watch.json) and resumes
 * after it when started again.
 */
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ApiError, type Client, createClient, type Endpoint, type RequestOf } from "./index.js";
import { openStream, type Stream, type WebSocketConstructor } from "./stream.js";

const USAGE = `usage: social-tokens <quote|trade|create|portfolio|watch|webhooks> … [--json]
  quote <tokenId> (--buy <usd> | --sell <tokens>) [--chain <slug>]
  trade <tokenId> (--buy <usd> | --sell <tokens>) [--chain <slug>] [--slippage <bps>] [--prepare]
  create --name <name> --symbol <SYM> --image <url> [--description <text>] [--chain <slug>] [--prepare]
  portfolio [--address <0x…>]
  watch <channel>… [--since <seq>] [--state <file>] [--limit <n>]
  webhooks [list | create --url <https url> --channels <a,b> | delete <id>]
environment: SOCIAL_TOKENS_URL (default http://127.0.0.1:3000), SOCIAL_TOKENS_TOKEN (an API key or a JWT)`;

class UsageError extends Error {}

const options = {
  json: { type: "boolean" },
  chain: { type: "string", default: "base-sepolia" },
  buy: { type: "string" },
  sell: { type: "string" },
  slippage: { type: "string" },
  prepare: { type: "boolean" },
  name: { type: "string" },
  symbol: { type: "string" },
  image: { type: "string" },
  description: { type: "string" },
  address: { type: "string" },
  since: { type: "string" },
  state: { type: "string", default: ".social-tokens-watch.json" },
  limit: { type: "string" },
  url: { type: "string" },
  channels: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>["values"];

const number = (text: string | undefined, what: string): number => {
  const n = Number(text);
  if (text === undefined || !Number.isFinite(n) || n <= 0) throw new UsageError(`${what}: a positive number`);
  return n;
};

/** --buy <usd> or --sell <tokens>, exactly one. */
function side(v: Values): { direction: "buy" | "sell"; amount: number } {
  if ((v.buy === undefined) === (v.sell === undefined))
    throw new UsageError("give one of --buy <usd> or --sell <tokens>");
  return v.buy !== undefined
    ? { direction: "buy", amount: number(v.buy, "--buy") }
    : { direction: "sell", amount: number(v.sell, "--sell") };
}

const positional = (rest: string[], what: string): string => {
  const value = rest[0];
  if (!value) throw new UsageError(`${what} is required`);
  return value;
};

type Out = { json: boolean; print: (line: string) => void };

async function run(api: Client, command: string, rest: string[], v: Values, out: Out): Promise<unknown> {
  const call = <N extends Endpoint>(name: N, body: RequestOf<N>) => api.call(name, body);
  switch (command) {
    case "quote": {
      const tokenId = positional(rest, "tokenId");
      const { direction, amount } = side(v);
      const inputToken = direction === "buy" ? "usdc" : "token";
      const answer = await call("quote-token", { tokenId, chainSlug: v.chain, direction, amount, inputToken });
      const q = answer.quote as { inputAmount: string; outputAmount: string; protocol: string };
      if (!out.json) out.print(`${direction} ${amount} → ${q.outputAmount} (in ${q.inputAmount}, ${q.protocol})`);
      return answer;
    }
    case "trade": {
      const tokenId = positional(rest, "tokenId");
      const { direction, amount } = side(v);
      const body = {
        tokenId,
        chainSlug: v.chain,
        ...(direction === "buy" ? { buyAmountUSD: amount } : { sellAmountToken: amount }),
        ...(v.slippage ? { slippageBps: number(v.slippage, "--slippage") } : {}),
        autoExecute: !v.prepare,
      } as RequestOf<"trade-token">;
      const answer = await call("trade-token", body);
      if (!out.json) {
        const a = answer as { executed: boolean; transactionHash: string | null; transaction: { to: string } };
        out.print(a.executed ? `executed: ${a.transactionHash}` : `prepared: a transaction to ${a.transaction.to}`);
      }
      return answer;
    }
    case "create": {
      if (!v.name || !v.symbol || !v.image) throw new UsageError("create needs --name, --symbol and --image");
      const answer = await call("create-token-transaction", {
        name: v.name,
        symbol: v.symbol,
        image: v.image,
        description: v.description ?? "",
        chainSlug: v.chain,
        autoExecute: !v.prepare,
      } as RequestOf<"create-token-transaction">);
      if (!out.json) {
        const a = answer as { executed: boolean; metadata: { tokenId: string; addresses: { evm: string } } };
        out.print(`${a.executed ? "created" : "prepared"} ${a.metadata.tokenId} at ${a.metadata.addresses.evm}`);
      }
      return answer;
    }
    case "portfolio": {
      const answer = await call(
        "get-portfolio",
        (v.address ? { address: v.address } : {}) as RequestOf<"get-portfolio">,
      );
      if (!out.json) {
        const holdings = (answer as { holdings?: { symbol?: string; balance_tokens?: number }[] }).holdings ?? [];
        out.print(`${holdings.length} holdings`);
        for (const h of holdings) out.print(`  ${h.symbol ?? "?"} ${h.balance_tokens ?? 0}`);
      }
      return answer;
    }
    case "webhooks": {
      const action = rest[0] ?? "list";
      if (action === "list") {
        const answer = await call("get-webhooks", {} as RequestOf<"get-webhooks">);
        if (!out.json) {
          const list = (answer as { webhooks: { id: string; url: string; status: string }[] }).webhooks;
          for (const w of list) out.print(`${w.id} ${w.status} ${w.url}`);
          if (list.length === 0) out.print("no webhooks");
        }
        return answer;
      }
      if (action === "create") {
        if (!v.url || !v.channels) throw new UsageError("webhooks create needs --url and --channels");
        const answer = await call("create-webhook", {
          url: v.url,
          channels: v.channels.split(","),
        } as RequestOf<"create-webhook">);
        if (!out.json) {
          const a = answer as { webhook: { id: string }; secret: string };
          out.print(`created ${a.webhook.id}; its secret (shown once): ${a.secret}`);
        }
        return answer;
      }
      if (action === "delete") {
        const id = positional(rest.slice(1), "webhook id");
        const answer = await call("delete-webhook", { webhook_id: id } as RequestOf<"delete-webhook">);
        if (!out.json) out.print(`deleted ${id}`);
        return answer;
      }
      throw new UsageError(`webhooks: list, create or delete, not ${action}`);
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : "a command is required");
  }
}

/** watch: prints events as they come (one JSON line each with --json), and keeps its place in the state file. */
async function watch(channels: string[], v: Values, baseUrl: string, token: string | undefined, out: Out) {
  if (channels.length === 0)
    throw new UsageError("watch needs at least one channel (tokens, token:<id>, chain:<id>, …)");
  const saved = (() => {
    try {
      return JSON.parse(readFileSync(v.state, "utf8")) as { last?: number; log?: string };
    } catch {
      return {};
    }
  })();
  const since = v.since !== undefined ? Number(v.since) : saved.last;
  // The saved log goes with the saved seq only: a --since of the user's own names no log.
  const log = v.since === undefined ? saved.log : undefined;
  const save = (last: number) => writeFileSync(v.state, JSON.stringify({ last, log: stream.log() }));
  const limit = v.limit === undefined ? Number.POSITIVE_INFINITY : number(v.limit, "--limit");
  const { default: WebSocket } = await import("ws");
  let seen = 0;
  let stream: Stream;
  await new Promise<void>((done) => {
    stream = openStream({
      url: baseUrl,
      channels,
      ...(token ? { token } : {}),
      ...(since === undefined ? {} : { since }),
      ...(log === undefined ? {} : { log }),
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      onEvent: (event) => {
        out.print(out.json ? JSON.stringify(event) : `${event.seq} ${event.kind} ${JSON.stringify(event.data)}`);
        save(event.seq);
        if (++seen >= limit) {
          stream.close();
          done();
        }
      },
      onResync: (head, reason) => {
        process.stderr.write(`resync your state (${reason}); going on from seq ${head}\n`);
        save(head);
      },
      onError: (message) => {
        process.stderr.write(`${message}\n`);
        stream.close();
        process.exitCode = 1;
        done();
      },
    });
    process.once("SIGINT", () => {
      stream.close();
      done();
    });
  });
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const out: Out = { json: false, print: (line) => process.stdout.write(`${line}\n`) };
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    out.json = values.json === true;
    if (values.help) {
      out.print(USAGE);
      return 0;
    }
    const [command = "", ...rest] = positionals;
    const baseUrl = env.SOCIAL_TOKENS_URL ?? "http://127.0.0.1:3000";
    const token = env.SOCIAL_TOKENS_TOKEN || undefined;
    if (command === "watch") {
      await watch(rest, values, baseUrl, token, out);
      return Number(process.exitCode ?? 0);
    }
    const api = createClient({ baseUrl, ...(token ? { token } : {}) });
    const answer = await run(api, command, rest, values, out);
    if (out.json) out.print(JSON.stringify(answer));
    return 0;
  } catch (error) {
    if (error instanceof ApiError) {
      process.stderr.write(
        out.json
          ? `${JSON.stringify({ status: error.status, error: error.message })}\n`
          : `${error.status}: ${error.message}\n`,
      );
      return 1;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    // A service that does not answer: fetch says only "fetch failed".
    const message = error instanceof Error ? error.message : String(error);
    const url = env.SOCIAL_TOKENS_URL ?? "http://127.0.0.1:3000";
    process.stderr.write(`${message === "fetch failed" ? `cannot reach ${url} (SOCIAL_TOKENS_URL)` : message}\n`);
    return 1;
  }
}

// Run as a program (the package's bin, a symlink to dist/cli.js, or tsx on this file); imported, it only exports main.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
