/**
 * The local LayerZero relayer between two anvils (base-sepolia, the global chain, and a bnb-testnet of this file):
 * tokens move both ways, and a relayer killed at each step boundary of a delivery loses and duplicates nothing.
 * A JSON-RPC proxy in front of the destination holds the relayer's transaction at the boundary, and the test kills
 * the relayer there (SIGKILL):
 * - verified, with the node's answer dropped (validatePacket mined, the relayer never learns it);
 * - verified, delivery not sent (lzReceive held before the node);
 * - delivered, with the node's answer dropped (lzReceive mined).
 * Then a relayer started afresh delivers every packet exactly once.
 */
import { type Address, type Hex, parseTransaction } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpointV2Abi, launchTokenAbi, peerTokenAbi } from "../abis/index.js";
import { type Chain, chain, createToken, fundAndBuy, fundedWallets, type Wallet } from "./helpers/chain.js";
import { deployPeer, oftSend, spawnRelayer, startChainOf } from "./helpers/multichain.js";
import { type HoldRule, sleep, startRpcProxy } from "./helpers/worker.js";

let home: Chain;
let side: Awaited<ReturnType<typeof startChainOf>>;
let a: Wallet;
let b: Wallet;
let token: Address;
let peer: Address;

beforeAll(async () => {
  home = chain();
  side = await startChainOf("bnb-testnet");
  [a] = await fundedWallets(home, 1);
  [b] = await fundedWallets(side.chain, 1);
  ({ token } = await createToken(home, a, 7));
  await fundAndBuy(home, a, token, 20_000n * 10n ** 6n);
  peer = await deployPeer(home, a, token, side.chain, b);
});

afterAll(async () => {
  await side?.stop();
});

/** Delivery events on `c`'s endpoint since its deployment, as nonce lists per kind. */
async function endpointEvents(c: Chain, receiver: Address) {
  const events = await c.publicClient.getContractEvents({
    address: c.deployment.contracts.lzEndpoint,
    abi: endpointV2Abi,
    fromBlock: BigInt(c.deployment.startBlock),
  });
  const mine = (name: string) =>
    events
      .filter((e) => e.eventName === name && (e.args as { receiver?: Address }).receiver === receiver)
      .map((e) => (e.args as { origin: { nonce: bigint } }).origin.nonce);
  return { verified: mine("PacketVerified"), delivered: mine("PacketDelivered") };
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${String(v)}`);
    await sleep(100);
  }
}

describe("relayer", () => {
  it("delivers each packet once when killed at every step boundary, and moves tokens both ways", async () => {
    const amounts = [1n, 2n, 3n, 5n, 8n, 13n].map((n) => n * 10n ** 18n + 123n);
    const sent: Hex[] = [];
    for (const amount of amounts)
      sent.push((await oftSend(home, a, token, "bnb-testnet", b.account.address, amount)).guid);
    expect(new Set(sent).size).toBe(amounts.length);

    const { lzMessageLib, lzEndpoint } = side.chain.deployment.contracts;
    const toOf = (params: unknown[]) => parseTransaction(params[0] as Hex).to?.toLowerCase();
    const boundaries: { name: string; rule: HoldRule }[] = [
      {
        name: "verified, answer dropped",
        rule: {
          method: "eth_sendRawTransaction",
          stage: "answer",
          when: (p) => toOf(p) === lzMessageLib?.toLowerCase(),
        },
      },
      {
        name: "delivery not sent",
        rule: { method: "eth_sendRawTransaction", stage: "request", when: (p) => toOf(p) === lzEndpoint.toLowerCase() },
      },
      {
        name: "delivered, answer dropped",
        rule: { method: "eth_sendRawTransaction", stage: "answer", when: (p) => toOf(p) === lzEndpoint.toLowerCase() },
      },
    ];
    for (const boundary of boundaries) {
      const proxy = await startRpcProxy(side.chain.rpcUrl);
      const held = proxy.hold(boundary.rule);
      const relayer = spawnRelayer(
        [
          { rpcUrl: home.rpcUrl, deployment: home.deployment },
          { rpcUrl: proxy.url, deployment: side.chain.deployment },
        ],
        `relayer (${boundary.name})`,
      );
      try {
        await Promise.race([
          held,
          relayer.exited.then(() => {
            throw new Error(`relayer exited before ${boundary.name}:\n${relayer.lines.join("\n")}`);
          }),
        ]);
      } finally {
        relayer.kill("SIGKILL");
        await relayer.exited;
        await relayer.stop();
        await proxy.stop();
      }
    }
    // after the three kills, the first packet is delivered and the others untouched
    const mid = await endpointEvents(side.chain, peer);
    expect(mid.verified).toEqual([1n]);
    expect(mid.delivered).toEqual([1n]);

    const relayer = spawnRelayer([
      { rpcUrl: home.rpcUrl, deployment: home.deployment },
      { rpcUrl: side.chain.rpcUrl, deployment: side.chain.deployment },
    ]);
    try {
      await relayer.ready();
      const received = await waitFor(
        "every packet delivered",
        () => endpointEvents(side.chain, peer),
        (e) => e.delivered.length >= amounts.length,
      );
      const nonces = amounts.map((_, i) => BigInt(i + 1));
      expect(received.verified.sort()).toEqual(nonces);
      expect(received.delivered.sort()).toEqual(nonces);
      // amounts travel in 6 shared decimals: the 123 wei of dust stay on the home chain
      const total = amounts.reduce((s, x) => s + (x / 10n ** 12n) * 10n ** 12n, 0n);
      const balanceOnSide = () =>
        side.chain.publicClient.readContract({
          address: peer,
          abi: peerTokenAbi,
          functionName: "balanceOf",
          args: [b.account.address],
        });
      expect(await balanceOnSide()).toBe(total);
      const locked = () =>
        home.publicClient.readContract({
          address: token,
          abi: launchTokenAbi,
          functionName: "balanceOf",
          args: [token],
        });
      expect(await locked()).toBe(total);

      // and back: b sends part of it to a on the home chain
      const before = await home.publicClient.readContract({
        address: token,
        abi: launchTokenAbi,
        functionName: "balanceOf",
        args: [a.account.address],
      });
      const back = 4n * 10n ** 18n;
      await oftSend(side.chain, b, peer, "base-sepolia", a.account.address, back);
      await waitFor(
        "the way back delivered",
        () => endpointEvents(home, token),
        (e) => e.delivered.length === 1,
      );
      expect(
        await home.publicClient.readContract({
          address: token,
          abi: launchTokenAbi,
          functionName: "balanceOf",
          args: [a.account.address],
        }),
      ).toBe(before + back);
      expect(await balanceOnSide()).toBe(total - back);
      expect(await locked()).toBe(total - back);
      const supplyOnSide = await side.chain.publicClient.readContract({
        address: peer,
        abi: peerTokenAbi,
        functionName: "totalSupply",
      });
      expect(supplyOnSide).toBe(await locked());
    } finally {
      await relayer.stop();
    }
  });
  it("rides out its destination's RPC refusing, then silent, and delivers after, once, without a restart", async () => {
    const proxy = await startRpcProxy(side.chain.rpcUrl);
    const relayer = spawnRelayer(
      [
        { rpcUrl: home.rpcUrl, deployment: home.deployment },
        { rpcUrl: proxy.url, deployment: side.chain.deployment },
      ],
      "relayer (outage)",
    );
    let exited = false;
    void relayer.exited.then(() => {
      exited = true;
    });
    try {
      await relayer.ready();
      const before = await endpointEvents(side.chain, peer);
      proxy.outage("refused");
      for (const n of [21n, 34n]) await oftSend(home, a, token, "bnb-testnet", b.account.address, n * 10n ** 18n);
      await relayer.waitForLine(/bnb-testnet is unreachable/);
      await sleep(2_000);
      // A node that hangs instead: calls are left unanswered past the relayer's RPC timeout (5 s).
      proxy.outage("silent");
      await sleep(7_000);
      expect(exited).toBe(false);
      expect(await endpointEvents(side.chain, peer)).toEqual(before);
      proxy.endOutage();
      await relayer.waitForLine(/bnb-testnet answers again after \d+\.\d s/);
      const after = await waitFor(
        "both packets delivered",
        () => endpointEvents(side.chain, peer),
        (e) => e.delivered.length >= before.delivered.length + 2,
      );
      const next = before.delivered.length;
      expect(after.delivered).toEqual([...before.delivered, BigInt(next + 1), BigInt(next + 2)]);
      expect(after.verified).toEqual([...before.verified, BigInt(next + 1), BigInt(next + 2)]);
      expect(exited).toBe(false);
      // The outage is told once each way, not once per poll (every 100 ms).
      expect(relayer.lines.filter((l) => /unreachable/.test(l))).toHaveLength(1);
      expect(relayer.lines.filter((l) => /answers again/.test(l))).toHaveLength(1);
      expect(relayer.lines.filter((l) => /tick failed/.test(l))).toEqual([]);
    } finally {
      proxy.endOutage();
      await relayer.stop();
      await proxy.stop();
    }
  });
});
