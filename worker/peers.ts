/**
 * Deploys launched tokens to their destination chains (app.token_deployments rows pending): once a token is indexed
 * on its home chain, the worker calls LaunchToken.connectPeer on the home chain and PeerTokenFactory.deploy on the
 * destination, from the service's operator account (DEPLOYER_PRIVATE_KEY, which pays the gas), then records the
 * deployment. Both calls are idempotent on chain (connectPeer keeps a peer it has, deploy returns a peer that
 * stands), so an attempt cut short by a crash is simply made again. Rows are claimed for CLAIM_LEASE_MS in a statement
 * of their own (db/indexed/peers.ts), so two workers do not work on one and no transaction stays open while a
 * deployment waits on its chains; a worker that dies holding a claim leaves the row to the next worker once it runs
 * out. A failed attempt stays pending with what failed, and is tried again RETRY_AFTER_MS later.
 */
import type pg from "pg";
import { type Address, createWalletClient, type Hex, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { launchTokenAbi, peerTokenFactoryAbi } from "../abis/index.js";
import type { ChainTarget } from "../core/env.js";
import { viemChainOf } from "../core/rpc.js";
import { claimPendingDeployments, type PendingDeployment, recordDeploymentAttempt } from "../db/indexed/peers.js";

export type PeerDeployerParameters = {
  db: pg.Pool;
  appSchema: string;
  indexerSchema: string;
  chains: Map<string, ChainTarget>;
  clients: Map<number, PublicClient>;
  operatorKey: Hex;
  intervalMs: number;
  /** How long a claim lasts (default CLAIM_LEASE_MS). */
  leaseMs?: number;
  /** How long a failed deployment is left alone (default RETRY_AFTER_MS). */
  retryAfterMs?: number;
  log: (line: string) => void;
};

/** Deployments handled per pass. */
const BATCH = 10;
/** How long a deployment waits for each of its two transactions to be mined before the attempt fails. */
const RECEIPT_TIMEOUT_MS = 120_000;
/**
 * How long a claim keeps other workers off a deployment: longer than its two receipt waits and its reads. A worker
 * that dies holding one leaves it for this long. Should one still run out under a slow deployment, another worker
 * makes the idempotent calls again, and only the outcome recorded under the current claim counts.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** How long a failed deployment is left before a worker tries it again (it was every pass, up to BATCH times). */
export const RETRY_AFTER_MS = 10_000;

export function startPeerDeployer(p: PeerDeployerParameters) {
  const account = privateKeyToAccount(p.operatorKey);
  const homeChainIds = new Map([...p.chains].map(([slug, t]) => [slug, t.deployment.chainId]));
  // Only deployments to chains this worker serves are claimed: another worker serves the rest.
  const destinations = [...p.chains.keys()];
  const leaseMs = p.leaseMs ?? CLAIM_LEASE_MS;
  const retryAfterMs = p.retryAfterMs ?? RETRY_AFTER_MS;
  const wallets = new Map(
    [...p.chains].map(([slug, t]) => [
      slug,
      createWalletClient({
        account,
        chain: viemChainOf(t.deployment.chainId, slug, t.rpcUrl),
        transport: http(t.rpcUrl),
      }),
    ]),
  );

  const clientOf = (slug: string) => {
    const target = p.chains.get(slug);
    const client = target && p.clients.get(target.deployment.chainId);
    const wallet = wallets.get(slug);
    if (!target || !client || !wallet) throw new Error(`this worker does not serve ${slug}`);
    return { target, client, wallet };
  };

  async function sendAndWait(client: PublicClient, hash: Hex, what: string) {
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
    if (receipt.status !== "success") throw new Error(`${what} reverted (transaction ${hash})`);
    return hash;
  }

  /** Connects the home token to its peer and deploys the peer, each only when not done yet. */
  async function deployOne(d: PendingDeployment) {
    const home = clientOf(d.homeSlug);
    const dst = clientOf(d.chainSlug);
    const dstEid = dst.target.deployment.lzEid;
    const peer = d.address as Address;
    let connectTx: Hex | null = null;
    let deployTx: Hex | null = null;
    const current = await home.client.readContract({
      address: d.homeToken,
      abi: launchTokenAbi,
      functionName: "peers",
      args: [dstEid],
    });
    if (BigInt(current) === 0n) {
      const hash = await home.wallet.writeContract({
        address: d.homeToken,
        abi: launchTokenAbi,
        functionName: "connectPeer",
        args: [dstEid],
      });
      connectTx = await sendAndWait(home.client, hash, `connectPeer(${dstEid}) on ${d.homeSlug}`);
    }
    const connected = await home.client.readContract({
      address: d.homeToken,
      abi: launchTokenAbi,
      functionName: "peers",
      args: [dstEid],
    });
    if (BigInt(connected) !== BigInt(peer)) {
      throw new Error(`the home token's peer on ${d.chainSlug} is ${connected}, not the recorded ${peer}`);
    }
    const code = await dst.client.getCode({ address: peer });
    if (!code || code === "0x") {
      const hash = await dst.wallet.writeContract({
        address: dst.target.deployment.contracts.peerFactory,
        abi: peerTokenFactoryAbi,
        functionName: "deploy",
        args: [home.target.deployment.lzEid, d.homeToken, d.name, d.symbol, d.tokenUri],
      });
      deployTx = await sendAndWait(dst.client, hash, `PeerTokenFactory.deploy on ${d.chainSlug}`);
      const deployed = await dst.client.getCode({ address: peer });
      if (!deployed || deployed === "0x") throw new Error(`no peer at ${peer} on ${d.chainSlug} after deploy`);
    }
    return { connectTx, deployTx };
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
        const txs = await deployOne(d);
        if (!(await recordDeploymentAttempt(p.db, p.appSchema, d, { deployed: true, ...txs }))) {
          lost();
          continue;
        }
        deployed++;
        p.log(`peer of ${d.symbol} deployed on ${d.chainSlug} at ${d.address}`);
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
