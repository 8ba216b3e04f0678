/**
 * Deploys launched tokens to their destination chains (app.token_deployments rows pending): once a token is indexed
 * on its home chain, LaunchToken.connectPeer on the home chain and PeerTokenFactory.deploy on the destination, each
 * only when not done yet, as intents on the path every transaction of the service takes (worker/processors/
 * execute.ts): signed by the operator account (OPERATOR_WALLET_INDEX: DEPLOYER_PRIVATE_KEY, which pays the gas; no
 * user, so no spending cap), deploy after connect. A pass claims a row for CLAIM_LEASE_MS in a statement of its own
 * (db/indexed/peers.ts), so two workers do not work on one and no transaction stays open while its intents run, and:
 * - with no intents yet, reads both chains, makes the intents the deployment still needs, records them on the row
 *   and dispatches them, to look again in WAIT_MS;
 * - with intents open, looks again in WAIT_MS;
 * - with its intents confirmed, checks both chains (the home token's peer is the recorded address, which has code)
 *   and records the deployment with their transactions;
 * - with one failed or reverted, records the attempt as failed, lets its intents go, and leaves the row for
 *   RETRY_AFTER_MS; the next attempt makes intents of its own (the idempotency key names the attempt).
 * Both calls are idempotent on chain (connectPeer keeps a peer it has, deploy returns a peer that stands).
 */
import type { Queue } from "bullmq";
import type pg from "pg";
import { type Address, encodeFunctionData, type Hex, type PublicClient } from "viem";
import { launchTokenAbi, peerTokenFactoryAbi } from "../abis/index.js";
import type { ChainTarget } from "../core/env.js";
import { OPERATOR_WALLET_INDEX } from "../core/wallets.js";
import { claimPendingDeployments, type PendingDeployment } from "../db/indexed/peers.js";
import { createIntent, dispatchIntent, type IntentRow, intentsByIds, isFinal } from "../db/intents.js";
import { attachDeploymentIntents, deferDeployment, recordDeploymentAttempt } from "../db/peer-deployments.js";

export type PeerDeployerParameters = {
  db: pg.Pool;
  appSchema: string;
  indexerSchema: string;
  chains: Map<string, ChainTarget>;
  clients: Map<number, PublicClient>;
  /** The operator's address: its intents are signed with OPERATOR_WALLET_INDEX (worker/signer.ts withOperator). */
  operator: Address;
  /** The execute queue the intents are dispatched to. */
  queue: Queue;
  intervalMs: number;
  /** How long a claim lasts (default CLAIM_LEASE_MS). */
  leaseMs?: number;
  /** How long a failed deployment is left alone (default RETRY_AFTER_MS). */
  retryAfterMs?: number;
  /** How soon a deployment whose intents run is looked at again (default WAIT_MS). */
  waitMs?: number;
  log: (line: string) => void;
};

/** Deployments handled per pass. */
const BATCH = 10;
/**
 * How long a claim keeps other workers off a deployment while a pass reads its chains and makes its intents. A
 * worker that dies holding one leaves it for this long; its intents, once recorded, run whatever becomes of it.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** How long a failed deployment is left before a worker tries it again (it was every pass, up to BATCH times). */
export const RETRY_AFTER_MS = 10_000;
/** How soon a deployment whose intents run is looked at again. */
export const WAIT_MS = 1_000;

type Outcome = { deployed: true; connectTx: string | null; deployTx: string | null } | { deployed: false };

export function startPeerDeployer(p: PeerDeployerParameters) {
  const homeChainIds = new Map([...p.chains].map(([slug, t]) => [slug, t.deployment.chainId]));
  // Only deployments to chains this worker serves are claimed: another worker serves the rest.
  const destinations = [...p.chains.keys()];
  const leaseMs = p.leaseMs ?? CLAIM_LEASE_MS;
  const retryAfterMs = p.retryAfterMs ?? RETRY_AFTER_MS;
  const waitMs = p.waitMs ?? WAIT_MS;

  const clientOf = (slug: string) => {
    const target = p.chains.get(slug);
    const client = target && p.clients.get(target.deployment.chainId);
    if (!target || !client) throw new Error(`this worker does not serve ${slug}`);
    return { target, client };
  };

  /** The home token's peer on the destination (0 when not connected); throws when it is another than recorded. */
  async function connectedPeer(d: PendingDeployment, dstEid: number): Promise<bigint> {
    const home = clientOf(d.homeSlug);
    const peer = await home.client.readContract({
      address: d.homeToken,
      abi: launchTokenAbi,
      functionName: "peers",
      args: [dstEid],
    });
    if (BigInt(peer) !== 0n && BigInt(peer) !== BigInt(d.address)) {
      throw new Error(`the home token's peer on ${d.chainSlug} is ${peer}, not the recorded ${d.address}`);
    }
    return BigInt(peer);
  }

  async function hasCode(slug: string, address: string) {
    const code = await clientOf(slug).client.getCode({ address: address as Address });
    return Boolean(code && code !== "0x");
  }

  /** The intents the deployment still needs, made (idempotently, by attempt) and recorded; the first dispatched. */
  async function makeIntents(d: PendingDeployment, dstEid: number, connect: boolean, deploy: boolean) {
    const home = clientOf(d.homeSlug);
    const dst = clientOf(d.chainSlug);
    const key = `peer:${d.tokenId}:${d.chainSlug}:${d.attempts}`;
    /** One of the operator's intents on `slug`: a call to `to`, keyed by this attempt and `step`. */
    const operatorIntent = async (step: "connect" | "deploy", slug: string, to: Address, data: Hex, after?: string) =>
      (
        await createIntent(p.db, p.appSchema, {
          userId: null,
          walletIndex: OPERATOR_WALLET_INDEX,
          from: p.operator,
          idempotencyKey: `${key}:${step}`,
          kind: step === "connect" ? "peer_connect" : "peer_deploy",
          chainSlug: slug,
          chainId: clientOf(slug).target.deployment.chainId,
          to,
          data,
          afterIntentId: after,
        })
      ).intent;
    const connectIntent = connect
      ? await operatorIntent(
          "connect",
          d.homeSlug,
          d.homeToken,
          encodeFunctionData({ abi: launchTokenAbi, functionName: "connectPeer", args: [dstEid] }),
        )
      : undefined;
    const deployIntent = deploy
      ? await operatorIntent(
          "deploy",
          d.chainSlug,
          dst.target.deployment.contracts.peerFactory,
          encodeFunctionData({
            abi: peerTokenFactoryAbi,
            functionName: "deploy",
            args: [home.target.deployment.lzEid, d.homeToken, d.name, d.symbol, d.tokenUri],
          }),
          connectIntent?.id,
        )
      : undefined;
    const intents = { connect: connectIntent?.id ?? null, deploy: deployIntent?.id ?? null };
    if (!(await attachDeploymentIntents(p.db, p.appSchema, d, intents, waitMs))) return false;
    // The deploy waits on the connect: it is dispatched when the connect settles (db/intents.ts releaseDependents).
    const first = connectIntent ?? deployIntent;
    if (first) await dispatchIntent(p.queue, first.id);
    return true;
  }

  const failure = (d: PendingDeployment, dstEid: number, i: IntentRow) =>
    `${i.kind === "peer_connect" ? `connectPeer(${dstEid}) on ${d.homeSlug}` : `PeerTokenFactory.deploy on ${d.chainSlug}`} ${i.status}${i.error_reason ? `: ${i.error_reason}` : ""} (intent ${i.id})`;

  /** One step of a claimed deployment (see the module comment). */
  async function advance(d: PendingDeployment): Promise<Outcome | "waiting" | "lost"> {
    const dstEid = clientOf(d.chainSlug).target.deployment.lzEid;
    const ids = [d.connectIntentId, d.deployIntentId].filter((id): id is string => id !== null);
    if (ids.length > 0) {
      const read = await intentsByIds(p.db, p.appSchema, ids);
      // The connect first: a deploy after a failed connect fails only because of it.
      const intents = ids.flatMap((id) => read.filter((i) => i.id === id));
      const failed = intents.find((i) => i.status === "failed" || i.status === "reverted");
      if (failed) throw new Error(failure(d, dstEid, failed));
      if (intents.length < ids.length || intents.some((i) => !isFinal(i.status))) return "waiting";
      if ((await connectedPeer(d, dstEid)) === 0n) throw new Error(`the home token has no peer on ${d.chainSlug}`);
      if (!(await hasCode(d.chainSlug, d.address))) throw new Error(`no peer at ${d.address} on ${d.chainSlug}`);
      const txOf = (id: string | null) => intents.find((i) => i.id === id)?.tx_hash ?? null;
      return { deployed: true, connectTx: txOf(d.connectIntentId), deployTx: txOf(d.deployIntentId) };
    }
    const connect = (await connectedPeer(d, dstEid)) === 0n;
    const deploy = !(await hasCode(d.chainSlug, d.address));
    if (!connect && !deploy) return { deployed: true, connectTx: null, deployTx: null };
    return (await makeIntents(d, dstEid, connect, deploy)) ? "waiting" : "lost";
  }

  /**
   * One pass: claims pending deployments whose token is indexed, one at a time, and deploys them. Each claim and each
   * outcome is a statement of its own: no transaction stays open while a deployment waits on its chains. Returns how
   * many it deployed.
   */
  async function pass(): Promise<number> {
    let deployed = 0;
    for (let i = 0; i < BATCH; i++) {
      const [d] = await claimPendingDeployments(p.db, p, { homeChainIds, destinations, limit: 1, leaseMs });
      if (!d) break;
      const lost = () => p.log(`peer of ${d.symbol} on ${d.chainSlug}: claim ran out, another worker has it`);
      try {
        const step = await advance(d);
        if (step === "lost") lost();
        else if (step === "waiting") {
          if (!(await deferDeployment(p.db, p.appSchema, d, waitMs))) lost();
        } else if (step.deployed) {
          if (!(await recordDeploymentAttempt(p.db, p.appSchema, d, step))) {
            lost();
            continue;
          }
          deployed++;
          p.log(`peer of ${d.symbol} deployed on ${d.chainSlug} at ${d.address}`);
        }
      } catch (error) {
        const message = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
        if (!(await recordDeploymentAttempt(p.db, p.appSchema, d, { deployed: false, error: message, retryAfterMs }))) {
          lost();
        } else if (d.attempts % 10 === 0) p.log(`peer of ${d.symbol} on ${d.chainSlug}: attempt failed: ${message}`);
      }
    }
    return deployed;
  }

  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await pass();
    } catch (error) {
      p.log(`peer deployment pass failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  }, p.intervalMs);
  return {
    pass,
    async close() {
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
