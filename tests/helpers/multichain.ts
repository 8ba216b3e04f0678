/**
 * Two local chains for the tests that move tokens between them: a side anvil for another chain slug, a token's peer
 * wired on it, OFT sends, and the relayer process between the chains.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Address, type Hex, parseEventLogs } from "viem";
import { launchTokenAbi, peerTokenFactoryAbi } from "../../abis/index.js";
import { type ChainSlug, getChain } from "../../core/chains.js";
import type { Deployment } from "../../core/deployment.js";
import { addressToBytes32, eidOf, lzReceiveOption, OFT_RECEIVE_GAS } from "../../core/layerzero.js";
import { startAnvil } from "../../scripts/anvil.js";
import { deploy } from "../../scripts/deploy.js";
import { type Chain, chainAt, send, type Wallet } from "./chain.js";
import { spawnProcess } from "./worker.js";

/** A fresh anvil for `slug` (its registry chain id) with everything deployed. */
export async function startChainOf(slug: ChainSlug) {
  const chain = getChain(slug);
  if (chain.kind !== "evm") throw new Error(`${slug} is not an EVM chain`);
  const anvil = await startAnvil({ port: 0, chainId: chain.chainId });
  try {
    const deployment = await deploy({ rpcUrl: anvil.rpcUrl, chainSlug: slug, write: false, launchFee: false });
    return { chain: chainAt(anvil.rpcUrl, deployment), stop: anvil.stop };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/**
 * Deploys `token`'s peer on `remote` and connects the home token to it, as the service does for a destination chain;
 * returns the peer's address.
 */
export async function deployPeer(home: Chain, w: Wallet, token: Address, remote: Chain, rw: Wallet): Promise<Address> {
  const read = (functionName: "name" | "symbol" | "tokenURI") =>
    home.publicClient.readContract({ address: token, abi: launchTokenAbi, functionName });
  const [name, symbol, tokenURI] = await Promise.all([read("name"), read("symbol"), read("tokenURI")]);
  await send(home, w, {
    address: token,
    abi: launchTokenAbi,
    functionName: "connectPeer",
    args: [remote.deployment.lzEid],
  } as never);
  const receipt = await send(remote, rw, {
    address: remote.deployment.contracts.peerFactory,
    abi: peerTokenFactoryAbi,
    functionName: "deploy",
    args: [home.deployment.lzEid, token, name, symbol, tokenURI],
  } as never);
  const [deployed] = parseEventLogs({ abi: peerTokenFactoryAbi, logs: receipt.logs, eventName: "PeerTokenDeployed" });
  if (!deployed) throw new Error("no PeerTokenDeployed event");
  return deployed.args.token;
}

/** An OFT send of `amount` token wei from `w` on `c` to `to` on `dst`; returns the packet's guid. */
export async function oftSend(c: Chain, w: Wallet, oft: Address, dst: ChainSlug, to: Address, amount: bigint) {
  const sendParam = {
    dstEid: eidOf(dst),
    to: addressToBytes32(to),
    amountLD: amount,
    minAmountLD: 0n,
    extraOptions: lzReceiveOption(OFT_RECEIVE_GAS),
    composeMsg: "0x" as Hex,
    oftCmd: "0x" as Hex,
  };
  const fee = await c.publicClient.readContract({
    address: oft,
    abi: launchTokenAbi,
    functionName: "quoteSend",
    args: [sendParam, false],
  });
  const receipt = await send(c, w, {
    address: oft,
    abi: launchTokenAbi,
    functionName: "send",
    args: [sendParam, fee, w.account.address],
    value: fee.nativeFee,
  } as never);
  const [sent] = parseEventLogs({ abi: launchTokenAbi, logs: receipt.logs, eventName: "OFTSent" });
  if (!sent) throw new Error("no OFTSent event");
  return {
    hash: receipt.transactionHash,
    guid: sent.args.guid,
    sent: sent.args.amountSentLD,
    received: sent.args.amountReceivedLD,
  };
}

/** The relayer process (relayer/main.ts) between `chains`, each reached at its rpcUrl. */
export function spawnRelayer(chains: { rpcUrl: string; deployment: Deployment }[], name = "relayer") {
  const dir = mkdtempSync(join(tmpdir(), "relayer-deployments-"));
  const env: NodeJS.ProcessEnv = { NODE_ENV: "test", DEPLOYMENTS_DIR: dir };
  for (const c of chains) {
    writeFileSync(join(dir, `${c.deployment.chainSlug}.json`), JSON.stringify(c.deployment));
    env[`RPC_URL_${c.deployment.chainSlug.toUpperCase().replace(/-/g, "_")}`] = c.rpcUrl;
  }
  env.CHAIN_SLUG = chains[0]?.deployment.chainSlug;
  env.CHAINS = chains.map((c) => c.deployment.chainSlug).join(",");
  const child = spawnProcess({ entry: "relayer/main.ts", env, name });
  return {
    ...child,
    ready: () => child.waitForLine(/relaying between/),
    stop: async () => {
      const result = await child.stop();
      rmSync(dir, { recursive: true, force: true });
      return result;
    },
  };
}
