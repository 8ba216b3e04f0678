/**
 * Feeds and rankings of the indexed logs through the API, against the real stack, after a scripted workload (buys,
 * sales, a transfer, a graduation, a pool fee collection and claims):
 * - get-token-activity: every entry of the token, paged with its cursor, equal to the chain's own logs;
 * - get-fee-history: a creator's and a builder's accruals and claims, equal to the chain's logs and summing to what
 *   the launchpad credited;
 * - get-leaderboard: every board and period equal to sums recomputed from the chain's logs (trades rebuilt and
 *   booked at average cost by tests/helpers/indexer, not by the indexer's code);
 * and every validation error of each.
 */
import { readFile } from "node:fs/promises";
import { type Address, getAddress, type Hex, maxUint256, parseEventLogs, zeroAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi } from "../abis/index.js";
import { mcpTools } from "../api/mcp/tools/index.js";
import { renderApiDoc } from "../scripts/gen-api-doc.js";
import { send } from "./helpers/chain.js";
import { lower } from "./helpers/indexer/chain-state-reads.js";
import { leaderboardFromLogs, topOf } from "./helpers/leaderboard.js";
import { type Social, type SocialUser, startSocial, USDC } from "./helpers/social.js";

let s: Social;
let alice: SocialUser;
let bob: SocialUser;
let carol: SocialUser;
let dave: SocialUser;
let made: { id: string; address: Address };

type Entry = { kind: string; tx_hash: string; log_index: number; block_number: number } & Record<string, unknown>;
type Page = { pagination: { limit: number; has_more: boolean; next_cursor: string | null } };

const NONE = { builder: zeroAddress, builderFeeBps: 0, referral: zeroAddress };

beforeAll(async () => {
  s = await startSocial();
  [alice, bob, carol, dave] = [await s.user(), await s.user(), await s.user(), await s.user()];
  made = await s.tokenOf(carol, "Busy Token", "BSY");
  const launchpad = s.c.deployment.contracts.launchpad;
  const lp = async (u: SocialUser, functionName: string, args: unknown[]) =>
    send(s.c, await u.wallet(), { address: launchpad, abi: launchpadAbi, functionName, args } as never);
  await send(s.c, s.c.owner(), {
    address: launchpad,
    abi: launchpadAbi,
    functionName: "setBuilder",
    args: [dave.address, 50],
  } as never);
  // Trading on the curve: alice buys twice (naming dave the builder once), sells a third, gives bob some.
  await lp(alice, "buyExactIn", [made.address, 300n * USDC, 0n, maxUint256, NONE]);
  await lp(alice, "buyExactIn", [
    made.address,
    200n * USDC,
    0n,
    maxUint256,
    { ...NONE, builder: dave.address, builderFeeBps: 40 },
  ]);
  const held = await balanceOf(alice.address);
  await lp(alice, "sellExactIn", [made.address, held / 3n, 0n, maxUint256, NONE]);
  await send(s.c, await alice.wallet(), {
    address: made.address,
    abi: launchTokenAbi,
    functionName: "transfer",
    args: [bob.address, held / 4n],
  } as never);
  // Bob's buy closes the curve: the token graduates, and the rest of his buy goes through the V3 pool.
  await lp(bob, "buyExactIn", [made.address, 45_000n * USDC, 0n, maxUint256, NONE]);
  await lp(bob, "sellExactIn", [made.address, (await balanceOf(bob.address)) / 2n, 0n, maxUint256, NONE]);
  // The pool's fees collected, and carol claims both kinds.
  await lp(alice, "collectPoolFees", [made.address]);
  await lp(carol, "claimTokenFees", [made.address]);
  await lp(carol, "claimFees", []);
  await s.ix.sync();
});

afterAll(async () => {
  await s?.close();
});

function balanceOf(who: Address) {
  return s.c.publicClient.readContract({
    address: made.address,
    abi: launchTokenAbi,
    functionName: "balanceOf",
    args: [who],
  });
}

/** Every entry of a feed, page by page (`limit` each), following next_cursor. */
async function readAll(name: string, body: Record<string, unknown>, key: string, as?: SocialUser) {
  const all: Entry[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const out = (await s.ok(name, { ...body, ...(cursor ? { cursor } : {}) }, as)) as unknown as Page &
      Record<string, Entry[]>;
    const entries = out[key] as Entry[];
    expect(entries.length).toBeLessThanOrEqual(body.limit as number);
    all.push(...entries);
    if (!out.pagination.has_more) {
      expect(out.pagination.next_cursor).toBeNull();
      return all;
    }
    cursor = out.pagination.next_cursor as string;
  }
  throw new Error("more than 100 pages");
}

/** Newest first: by block, then log index, both descending. */
const newestFirst = <T extends { block_number: number; log_index: number }>(a: T, b: T) =>
  b.block_number - a.block_number || b.log_index - a.log_index;

/** This token's logs, from the chain: launchpad events naming it and its own Transfers. */
async function chainLogs() {
  const range = { fromBlock: BigInt(s.c.deployment.startBlock), toBlock: "latest" as const };
  const launchpadLogs = parseEventLogs({
    abi: launchpadAbi,
    logs: await s.c.publicClient.getLogs({ address: s.c.deployment.contracts.launchpad, ...range }),
  }).filter((l) => "token" in l.args && lower(l.args.token as string) === lower(made.address));
  const transfers = parseEventLogs({
    abi: launchTokenAbi,
    eventName: "Transfer",
    logs: await s.c.publicClient.getLogs({ address: made.address, ...range }),
  });
  return { launchpadLogs, transfers };
}

describe("get-token-activity", () => {
  it("lists every trade, transfer between holders, the graduation, the fee collection and claim, as the chain logged them", async () => {
    const { launchpadLogs, transfers } = await chainLogs();
    const pool = launchpadLogs.find((l) => l.eventName === "Graduated")?.args as { v3Pool: Hex } | undefined;
    expect(pool).toBeDefined();
    const at = (l: { transactionHash: Hex; logIndex: number; blockNumber: bigint }) => ({
      tx_hash: lower(l.transactionHash),
      log_index: l.logIndex,
      block_number: Number(l.blockNumber),
    });
    const kinds: Record<string, string> = {
      Trade: "trade",
      Graduated: "graduation",
      PoolFeesCollected: "fee_collection",
      TokenFeesClaimed: "fee_claim",
    };
    const launchpad = lower(s.c.deployment.contracts.launchpad);
    const between = (from: string, to: string) =>
      ![zeroAddress, lower(pool?.v3Pool ?? zeroAddress), launchpad].includes(lower(from)) &&
      ![zeroAddress, lower(pool?.v3Pool ?? zeroAddress), launchpad].includes(lower(to));
    const expected = [
      ...launchpadLogs.filter((l) => kinds[l.eventName]).map((l) => ({ kind: kinds[l.eventName] as string, ...at(l) })),
      ...transfers.filter((l) => between(l.args.from, l.args.to)).map((l) => ({ kind: "transfer", ...at(l) })),
    ].sort(newestFirst);
    expect(new Set(expected.map((e) => e.kind))).toEqual(
      new Set(["trade", "transfer", "graduation", "fee_collection", "fee_claim"]),
    );

    const got = await readAll("get-token-activity", { tokenId: made.id, limit: 3 }, "activity", alice);
    expect(
      got.map((e) => ({ kind: e.kind, tx_hash: e.tx_hash, log_index: e.log_index, block_number: e.block_number })),
    ).toEqual(expected);

    // The fields of each kind, as the logs have them.
    const transfer = got.find((e) => e.kind === "transfer");
    expect(transfer).toMatchObject({
      from: getAddress(alice.address),
      to: getAddress(bob.address),
      chain: "base-sepolia",
    });
    const graduation = got.find((e) => e.kind === "graduation");
    expect(graduation?.v3_pool).toBe(getAddress(pool?.v3Pool as Hex));
    const trades = launchpadLogs.filter((l) => l.eventName === "Trade");
    const first = trades[0]?.args as { tokenAmount: bigint; usdcAmount: bigint; trader: Address };
    expect(got.filter((e) => e.kind === "trade").at(-1)).toMatchObject({
      side: "buy",
      venue: "bonding_curve",
      trader: getAddress(first.trader),
      token_amount: first.tokenAmount.toString(),
      usdc_amount: first.usdcAmount.toString(),
    });
    const claim = launchpadLogs.find((l) => l.eventName === "TokenFeesClaimed")?.args as { amount: bigint };
    expect(got.find((e) => e.kind === "fee_claim")).toMatchObject({
      recipient: getAddress(carol.address),
      token_amount: claim.amount.toString(),
    });
  });

  it("refuses a bad cursor, a cursor of another feed, an unknown token and bad parameters", async () => {
    const page = (await s.ok("get-token-activity", { tokenId: made.id, limit: 1 }, alice)) as unknown as Page;
    const feesPage = (await s.ok("get-fee-history", { limit: 1 }, carol)) as unknown as Page;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ tokenId: made.id, cursor: "not-a-cursor" }, 400, "Invalid cursor"],
      [
        { tokenId: made.id, cursor: Buffer.from('{"o":"activity","p":[1]}').toString("base64url") },
        400,
        "Invalid cursor",
      ],
      [{ tokenId: made.id, cursor: feesPage.pagination.next_cursor }, 400, "another feed"],
      [{ tokenId: "00000000-0000-4000-8000-000000000000" }, 404, "Token not found"],
      [{ tokenId: "nope" }, 400, "tokenId"],
      [{ tokenId: made.id, limit: 0 }, 400, "limit"],
      [{ tokenId: made.id, limit: 101 }, 400, "limit"],
      [{}, 400, "tokenId"],
    ];
    expect(page.pagination.next_cursor).not.toBeNull();
    expect((await s.call("get-token-activity", { tokenId: made.id })).status).toBe(401);
    for (const [body, status, message] of cases) {
      const res = await s.call("get-token-activity", body, alice);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toContain(message);
    }
  });
});

describe("get-fee-history", () => {
  it("lists a creator's accruals and claims as the chain paid them, summing to what the launchpad credited", async () => {
    const { launchpadLogs } = await chainLogs();
    const claims = parseEventLogs({
      abi: launchpadAbi,
      eventName: "FeesClaimed",
      logs: await s.c.publicClient.getLogs({
        address: s.c.deployment.contracts.launchpad,
        fromBlock: BigInt(s.c.deployment.startBlock),
      }),
    }).filter((l) => lower(l.args.recipient) === lower(carol.address));
    const at = (l: { transactionHash: Hex; logIndex: number; blockNumber: bigint }) => ({
      tx_hash: lower(l.transactionHash),
      log_index: l.logIndex,
      block_number: Number(l.blockNumber),
    });
    const expected: (ReturnType<typeof at> & { kind: string; type: string; asset: string; amount: string })[] = [];
    for (const l of launchpadLogs) {
      const a = l.args as Record<string, unknown>;
      if (l.eventName === "Trade" && (a.fees as { creator: bigint }).creator > 0n)
        expected.push({
          kind: "accrual",
          type: "creator",
          asset: "usdc",
          amount: String((a.fees as { creator: bigint }).creator),
          ...at(l),
        });
      if (l.eventName === "PoolFeesCollected") {
        if ((a.creatorUsdc as bigint) > 0n)
          expected.push({ kind: "accrual", type: "pool", asset: "usdc", amount: String(a.creatorUsdc), ...at(l) });
        if ((a.creatorTokens as bigint) > 0n)
          expected.push({ kind: "accrual", type: "pool", asset: "token", amount: String(a.creatorTokens), ...at(l) });
      }
      if (l.eventName === "TokenFeesClaimed" && lower(a.recipient as string) === lower(carol.address))
        expected.push({ kind: "claim", type: "claim", asset: "token", amount: String(a.amount), ...at(l) });
    }
    for (const l of claims)
      expected.push({ kind: "claim", type: "claim", asset: "usdc", amount: String(l.args.amount), ...at(l) });
    // One log can make two entries (a pool's USDC and tokens): USDC first in chain order, so last newest first.
    expected.sort((a, b) => newestFirst(a, b) || (a.asset === "usdc" ? 1 : -1));

    const got = await readAll("get-fee-history", { limit: 4 }, "history", carol);
    expect(
      got.map((e) => ({
        kind: e.kind,
        type: e.type,
        asset: e.asset,
        amount: e.amount,
        tx_hash: e.tx_hash,
        log_index: e.log_index,
        block_number: e.block_number,
      })),
    ).toEqual(expected);
    expect(got.find((e) => e.type === "creator")?.source).toEqual({
      contract_address: getAddress(made.address),
      token_id: made.id,
      symbol: "BSY",
    });

    // Every USDC accrual together is what the launchpad credited her; the claim took all of it.
    const accrued = got
      .filter((e) => e.kind === "accrual" && e.asset === "usdc")
      .reduce((t, e) => t + BigInt(e.amount as string), 0n);
    const onChain = await s.c.publicClient.readContract({
      address: s.c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "claimable",
      args: [carol.address],
    });
    expect(onChain).toBe(0n);
    expect(
      got.filter((e) => e.kind === "claim" && e.asset === "usdc").reduce((t, e) => t + BigInt(e.amount as string), 0n),
    ).toBe(accrued);
  });

  it("lists a builder's share of the trade that named it, and only on the chain asked for", async () => {
    const got = await readAll("get-fee-history", { limit: 10, chainSlug: "base-sepolia" }, "history", dave);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      kind: "accrual",
      type: "builder",
      asset: "usdc",
      amount: String((200n * USDC * 40n) / 10_000n),
    });
  });

  it("refuses anonymous callers, another chain, a bad cursor and bad parameters", async () => {
    expect((await s.call("get-fee-history", {})).status).toBe(401);
    const cases: [Record<string, unknown>, string][] = [
      [{ chainSlug: "bnb-testnet" }, "Fees are not available on chain bnb-testnet"],
      [{ chainSlug: "nowhere" }, "chainSlug"],
      [{ cursor: "%%%" }, "Invalid cursor"],
      [{ limit: 0 }, "limit"],
    ];
    for (const [body, message] of cases) {
      const res = await s.call("get-fee-history", body, carol);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toContain(message);
    }
  });
});

describe("get-leaderboard", () => {
  type Board = {
    entries: { rank: number; address: string; value: { usdc: string }; events: number; user: { id: string } | null }[];
  };

  it("ranks every board over 24h, 7d and all time exactly as the chain's logs sum up", async () => {
    for (const period of ["24h", "7d", "all"] as const) {
      const expected = await leaderboardFromLogs(s.c, period);
      for (const board of ["pnl", "volume", "creator_fees"] as const) {
        const got = (await s.ok("get-leaderboard", { board, period, limit: 100 }, alice)) as unknown as Board;
        expect(
          got.entries.map((e) => ({ rank: e.rank, address: e.address, value: e.value.usdc, events: e.events })),
          `${board} ${period}`,
        ).toEqual(topOf(expected[board], 100));
      }
    }
  });

  it("names the users behind the addresses, and shows this workload's traders and creator", async () => {
    const volume = (await s.ok(
      "get-leaderboard",
      { board: "volume", period: "all", limit: 100 },
      alice,
    )) as unknown as Board;
    const bobs = volume.entries.find((e) => e.address === getAddress(bob.address));
    expect(bobs?.user?.id).toBe(bob.id);
    const fees = (await s.ok(
      "get-leaderboard",
      {
        board: "creator_fees",
        period: "all",
        limit: 100,
      },
      alice,
    )) as unknown as Board;
    expect(fees.entries.find((e) => e.address === getAddress(carol.address))?.user?.id).toBe(carol.id);
  });

  it("defaults to realised PnL over 24 hours, 20 entries, and refuses bad parameters", async () => {
    const out = (await s.ok("get-leaderboard", {}, alice)) as unknown as Board & { board: string; period: string };
    expect(out.board).toBe("pnl");
    expect(out.period).toBe("24h");
    expect(out.entries.length).toBeLessThanOrEqual(20);
    expect((await s.call("get-leaderboard", {})).status).toBe(401);
    for (const [body, message] of [
      [{ board: "likes" }, "board"],
      [{ period: "1y" }, "period"],
      [{ limit: 0 }, "limit"],
      [{ limit: 101 }, "limit"],
    ] as const) {
      const res = await s.call("get-leaderboard", body, alice);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toContain(message);
    }
  });
});

describe("documentation", () => {
  it("documents the served OpenAPI document in docs/api.md, and every MCP tool in docs/mcp.md", async () => {
    // the document the running API serves renders to the committed reference: the generator's bare app and the
    // served one describe the same endpoints
    const res = await s.api.app.request("/functions/v1/openapi.json");
    const doc = (await res.json()) as Parameters<typeof renderApiDoc>[0];
    const names = Object.keys(doc.paths)
      .filter((p) => p.startsWith("/functions/v1/") && doc.paths[p]?.post)
      .map((p) => p.replace("/functions/v1/", ""));
    expect(names).toEqual(
      expect.arrayContaining(["get-portfolio", "get-fee-history", "get-leaderboard", "get-token-activity"]),
    );
    const reference = await readFile(new URL("../docs/api.md", import.meta.url), "utf8");
    expect(renderApiDoc(doc)).toBe(reference);
    for (const name of names) expect(reference).toContain(`### \`${name}\``);
    const toolRows = (await readFile(new URL("../docs/mcp.md", import.meta.url), "utf8"))
      .split("\n")
      .filter((l) => l.startsWith("| `"));
    const tools = mcpTools.map((t) => t.name);
    expect(tools).toEqual(
      expect.arrayContaining(["get_portfolio", "get_fee_history", "get_leaderboard", "get_token_activity"]),
    );
    expect(tools.filter((n) => !toolRows.some((r) => r.split("|")[1]?.includes(`\`${n}\``)))).toEqual([]);
  });
});
