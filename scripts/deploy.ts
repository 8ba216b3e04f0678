import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  type Abi,
  type Address,
  BaseError,
  concat,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  encodeDeployData,
  getAddress,
  getContractAddress,
  type Hex,
  http,
  isAddress,
  isHex,
  keccak256,
  type PublicClient,
  toHex,
  type Chain as ViemChain,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { endpointV2Abi, launchpadAbi, nonfungiblePositionManagerAbi, simpleMessageLibAbi } from "../abis/index.js";
import { type ChainSlug, chainBySlug, chainSlugSchema, type EvmChain, getChain } from "../core/chains.js";
import { type Deployment, deploymentsDir } from "../core/deployment.js";
import { LOCAL_LAYERZERO_PRIVATE_KEY } from "../core/layerzero.js";
import { poolTypeIds } from "../core/poolTypes.js";
import { viemChainOf } from "../core/rpc.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Private key of anvil's account 0 (from the public "test test … junk" mnemonic). A documented
 * local-development default: the deploy refuses to use it on anything but anvil.
 */
export const anvilAccount0PrivateKey: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

/** The deterministic deployment proxy (CREATE2 with a salt prefix), at this address on anvil and most chains. */
export const create2Proxy: Address = "0x4e59b44847b379578588920cA78FbF26c0B4956C";
/** Salt of the PeerTokenFactory's CREATE2 deployment: with the endpoint's address, it fixes the factory's address. */
const peerFactorySalt: Hex = keccak256(toHex("social-token-service: PeerTokenFactory v1"));

/**
 * The init code hash Uniswap's periphery (NonfungiblePositionManager, SwapRouter, QuoterV2) has compiled
 * in to compute pool addresses. The factory must create pools from exactly this init code, or the
 * periphery talks to addresses where no pool lives.
 */
const poolInitCodeHash: Hex = "0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54";

/** Attribution the owner approves on a fresh local deployment. */
export type Approvals = { builders: { address: Address; maxFeeBps: number }[]; referrers: Address[] };

/**
 * APPROVED_BUILDERS ("0xaddr:bps,0xaddr:bps", bps 1–50) and APPROVED_REFERRERS ("0xaddr,0xaddr") → Approvals. Both
 * default to none; a malformed entry is an error naming it.
 */
export function approvalsFromEnv(env: Record<string, string | undefined> = process.env): Approvals {
  const list = (v: string | undefined) =>
    (v ?? "")
      .split(",")
      .map((e) => e.trim())
      .filter((e) => e !== "");
  const builders = list(env.APPROVED_BUILDERS).map((entry) => {
    const [address, bps] = entry.split(":");
    const maxFeeBps = Number(bps);
    if (!address || !isAddress(address) || !Number.isInteger(maxFeeBps) || maxFeeBps < 1 || maxFeeBps > 50) {
      throw new Error(`APPROVED_BUILDERS: "${entry}" is not <address>:<max fee in bps, 1 to 50>`);
    }
    return { address: getAddress(address), maxFeeBps };
  });
  const referrers = list(env.APPROVED_REFERRERS).map((address) => {
    if (!isAddress(address)) throw new Error(`APPROVED_REFERRERS: "${address}" is not an address`);
    return getAddress(address);
  });
  return { builders, referrers };
}

export type DeployParameters = {
  rpcUrl: string;
  /** Default "base-sepolia" (what local anvil stands in for). */
  chainSlug?: ChainSlug;
  /** Default: anvil's account 0, accepted only when the RPC is anvil. */
  privateKey?: Hex;
  /** Write deployments/<chainSlug>.json. Default true. */
  write?: boolean;
  /**
   * Local anvil only: builders (with their maximum fee in bps) and referrers the owner approves right after deploying
   * (Launchpad.setBuilder / setReferrer). Default none: nobody may be named as builder or referral until approved.
   * From env with approvalsFromEnv (APPROVED_BUILDERS, APPROVED_REFERRERS).
   */
  approvals?: Approvals;
  /**
   * Local anvil only: false registers the pool types again without their launch fee, right after deploying
   * (setPoolType with launchFeeBps and launchFeeSeconds 0). The test chains do, since most test files trade a token
   * the moment they create it; the files that test the launch fee register a type with one. Default true.
   */
  launchFee?: boolean;
  log?: (msg: string) => void;
};

/**
 * Deploys the launchpad and everything it needs, waiting for each receipt.
 *
 * "Local" means the RPC answers `anvil_nodeInfo`. Locally it deploys, in order: MockUSDC, WETH9,
 * Multicall3 (forge artifacts), the real Uniswap V3 UniswapV3Factory, NonfungiblePositionManager,
 * SwapRouter and QuoterV2 (npm artifacts), then Launchpad. The position manager gets the zero address as
 * its token descriptor, so its `tokenURI` reverts; nothing here needs position NFT metadata.
 *
 * On any other RPC, and on an anvil that forks another network (ANVIL_FORK_URL), it deploys only the
 * PeerTokenFactory and the Launchpad and wires them to the chain's published USDC, Uniswap V3 and LayerZero
 * contracts from core/chains.ts (WETH9 is read from the position manager). On a fork anvil's key is accepted.
 */
export async function deploy(p: DeployParameters): Promise<Deployment> {
  const chainSlug = p.chainSlug ?? "base-sepolia";
  const log = p.log ?? (() => {});
  const chain = getChain(chainSlug);
  if (chain.kind !== "evm") throw new Error(`Cannot deploy to ${chainSlug}: it is not an EVM chain.`);

  const transport = http(p.rpcUrl);
  const publicClient = createPublicClient({ transport, pollingInterval: 100 });
  let rpcChainId: number;
  try {
    rpcChainId = await publicClient.getChainId();
  } catch (error) {
    throw new Error(`Cannot reach the RPC at ${p.rpcUrl} (eth_chainId failed). Is the node running?`, {
      cause: error,
    });
  }
  if (rpcChainId !== chain.chainId) {
    throw new Error(
      `The RPC at ${p.rpcUrl} is chain ${rpcChainId}, but ${chainSlug} is chain ${chain.chainId}. Pass the matching chain slug (CHAIN_SLUG) or RPC.`,
    );
  }

  const node = await anvilNode(publicClient);
  // A fork of a real network (anvil's --fork-url) has that network's contracts: deploy only ours, as on the network.
  const fork = node?.forkConfig?.forkUrl ? node.forkConfig : undefined;
  const local = node !== undefined && fork === undefined;
  if (node === undefined && (p.privateKey === undefined || p.privateKey.toLowerCase() === anvilAccount0PrivateKey)) {
    throw new Error(
      `A deployer key of your own is required for ${chainSlug}: set DEPLOYER_PRIVATE_KEY. The anvil development key is only accepted on anvil.`,
    );
  }
  const account = privateKeyToAccount(p.privateKey ?? anvilAccount0PrivateKey);
  const wallet = createWalletClient({ account, chain: viemChain(chain, p.rpcUrl), transport });

  const deployContract = async (name: string, artifact: Artifact, args: readonly unknown[] = []) => {
    let hash: Hex;
    try {
      hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
    } catch (error) {
      throw new Error(`Deploying ${name} failed: ${describeError(error, artifact.abi)}`, { cause: error });
    }
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success" || !receipt.contractAddress) {
      throw new Error(`Deploying ${name} failed (transaction ${hash} ${receipt.status}).`);
    }
    const address = getAddress(receipt.contractAddress);
    log(`${name.padEnd(28)} ${address}`);
    return { address, blockNumber: Number(receipt.blockNumber) };
  };

  /** Sends one owner call of the launchpad and waits for it. */
  const send = async (what: string, sent: Promise<Hex>) => {
    const hash = await sent.catch((error: unknown) => {
      throw new Error(`${what} failed: ${describeError(error, launchpadAbi)}`, { cause: error });
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${what} failed (transaction ${hash} ${receipt.status}).`);
    log(`approved ${what}`);
  };

  /**
   * Deploys through the CREATE2 proxy, so the contract stands at one address on every chain given the same arguments;
   * a contract already standing there is kept (a second deploy to the same chain).
   */
  const deployDeterministic = async (name: string, artifact: Artifact, args: readonly unknown[]) => {
    const proxyCode = await publicClient.getCode({ address: create2Proxy });
    if (!proxyCode || proxyCode === "0x") {
      throw new Error(
        `${chainSlug} has no deterministic deployment proxy at ${create2Proxy}; ${name} cannot be deployed.`,
      );
    }
    const initCode = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args });
    const address = getContractAddress({
      from: create2Proxy,
      opcode: "CREATE2",
      salt: peerFactorySalt,
      bytecode: initCode,
    });
    const code = await publicClient.getCode({ address });
    if (!code || code === "0x") {
      const hash = await wallet.sendTransaction({ to: create2Proxy, data: concat([peerFactorySalt, initCode]) });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      const deployed = await publicClient.getCode({ address });
      if (receipt.status !== "success" || !deployed || deployed === "0x") {
        throw new Error(`Deploying ${name} through ${create2Proxy} failed (transaction ${hash} ${receipt.status}).`);
      }
    }
    log(`${name.padEnd(28)} ${address}`);
    return address;
  };

  const where = local
    ? "local anvil"
    : fork
      ? `anvil forking ${redactUrl(fork.forkUrl ?? "")} at block ${fork.forkBlockNumber}: only our contracts, against the published ones`
      : "live network";
  log(`deploying to ${chainSlug} (chain ${chain.chainId}, ${where}) from ${account.address}`);
  const deployer = account.address;
  const protocolFeeRecipient = deployer;
  let deployment: Deployment;

  if (local) {
    const artifacts = loadLocalArtifacts();
    const usdc = await deployContract("MockUSDC", artifacts.mockUsdc);
    const weth9 = await deployContract("WETH9", artifacts.weth9);
    const multicall3 = await deployContract("Multicall3", artifacts.multicall3);
    const factory = await deployContract("UniswapV3Factory", artifacts.factory);
    const positionManager = await deployContract("NonfungiblePositionManager", artifacts.positionManager, [
      factory.address,
      weth9.address,
      zeroAddress,
    ]);
    const swapRouter = await deployContract("SwapRouter", artifacts.swapRouter, [factory.address, weth9.address]);
    const quoterV2 = await deployContract("QuoterV2", artifacts.quoterV2, [factory.address, weth9.address]);
    const lz = await deployLocalLayerZero(chain, publicClient, p.rpcUrl, log);
    const peerFactory = await deployDeterministic("PeerTokenFactory", artifacts.peerFactory, [lz.endpoint]);
    const launchpad = await deployContract("Launchpad", artifacts.launchpad, [
      deployer,
      usdc.address,
      factory.address,
      positionManager.address,
      protocolFeeRecipient,
      lz.endpoint,
      peerFactory,
    ]);
    deployment = {
      chainSlug,
      chainId: chain.chainId,
      startBlock: usdc.blockNumber,
      deployer,
      protocolFeeRecipient,
      lzEid: lz.eid,
      contracts: {
        lzEndpoint: lz.endpoint,
        lzMessageLib: lz.messageLib,
        peerFactory,
        usdc: usdc.address,
        weth9: weth9.address,
        multicall3: multicall3.address,
        v3Factory: factory.address,
        positionManager: positionManager.address,
        swapRouter: swapRouter.address,
        quoterV2: quoterV2.address,
        launchpad: launchpad.address,
      },
    };
    for (const b of p.approvals?.builders ?? []) {
      await send(
        `setBuilder(${b.address}, ${b.maxFeeBps})`,
        wallet.writeContract({
          address: launchpad.address,
          abi: launchpadAbi,
          functionName: "setBuilder",
          args: [b.address, b.maxFeeBps],
        }),
      );
    }
    if (p.launchFee === false) {
      for (const id of Object.values(poolTypeIds)) {
        const params = await publicClient.readContract({
          address: launchpad.address,
          abi: launchpadAbi,
          functionName: "poolType",
          args: [id],
        });
        await send(
          `setPoolType(${id}) without its launch fee`,
          wallet.writeContract({
            address: launchpad.address,
            abi: launchpadAbi,
            functionName: "setPoolType",
            args: [id, { ...params, launchFeeBps: 0, launchFeeSeconds: 0 }],
          }),
        );
      }
    }
    for (const r of p.approvals?.referrers ?? []) {
      await send(
        `setReferrer(${r}, true)`,
        wallet.writeContract({
          address: launchpad.address,
          abi: launchpadAbi,
          functionName: "setReferrer",
          args: [r, true],
        }),
      );
    }
  } else {
    const published = await publishedContracts(chain, publicClient);
    const peerFactory = await deployDeterministic("PeerTokenFactory", forgeArtifact("PeerTokenFactory"), [
      published.lzEndpoint,
    ]);
    const launchpad = await deployContract("Launchpad", forgeArtifact("Launchpad"), [
      deployer,
      published.usdc,
      published.v3Factory,
      published.positionManager,
      protocolFeeRecipient,
      published.lzEndpoint,
      peerFactory,
    ]);
    deployment = {
      chainSlug,
      chainId: chain.chainId,
      startBlock: launchpad.blockNumber,
      deployer,
      protocolFeeRecipient,
      lzEid: published.lzEid,
      contracts: {
        lzEndpoint: published.lzEndpoint,
        peerFactory,
        usdc: published.usdc,
        weth9: published.weth9,
        multicall3: published.multicall3,
        v3Factory: published.v3Factory,
        positionManager: published.positionManager,
        swapRouter: published.swapRouter,
        quoterV2: published.quoterV2,
        launchpad: launchpad.address,
      },
    };
  }

  if (p.write ?? true) {
    mkdirSync(deploymentsDir(), { recursive: true });
    const path = join(deploymentsDir(), `${chainSlug}.json`);
    writeFileSync(path, `${JSON.stringify(deployment, null, 2)}\n`);
    log(`wrote ${relative(process.cwd(), path)}`);
  }
  return deployment;
}

type Artifact = { abi: Abi; bytecode: Hex };

/** viem's short message, with a custom error decoded through the contract's ABI when there is one. */
function describeError(error: unknown, abi: Abi): string {
  if (!(error instanceof BaseError)) return error instanceof Error ? error.message : String(error);
  const withData = error.walk((e) => isHex((e as { data?: unknown }).data)) as { data?: Hex } | null;
  if (withData?.data && withData.data.length >= 10) {
    try {
      const decoded = decodeErrorResult({ abi, data: withData.data });
      return `reverted with ${decoded.errorName}(${(decoded.args ?? []).map(String).join(", ")})`;
    } catch {
      return `${error.shortMessage} (revert data ${withData.data})`;
    }
  }
  return error.shortMessage;
}

type AnvilNodeInfo = { forkConfig?: { forkUrl: string | null; forkBlockNumber: number | null } };

/** anvil_nodeInfo of an anvil node (with its fork configuration), or undefined for any other node. */
async function anvilNode(client: PublicClient): Promise<AnvilNodeInfo | undefined> {
  const request = client.request as unknown as (args: { method: string }) => Promise<unknown>;
  try {
    return ((await request({ method: "anvil_nodeInfo" })) ?? {}) as AnvilNodeInfo;
  } catch {
    return undefined;
  }
}

/** A URL without what may be a secret in it (an RPC provider's key in the path or the query). */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname.length > 1 || u.search ? "/…" : ""}`;
  } catch {
    return "(fork URL)";
  }
}

function readArtifact(relativePath: string, hint: string): Artifact {
  const path = join(root, relativePath);
  if (!existsSync(path)) throw new Error(`Artifact not found: ${relativePath}. ${hint}`);
  const json = JSON.parse(readFileSync(path, "utf8")) as {
    abi: Abi;
    bytecode: string | { object: string };
  };
  // forge puts bytecode under `bytecode.object`; Hardhat (the Uniswap packages) makes it a plain string.
  const bytecode = typeof json.bytecode === "string" ? json.bytecode : json.bytecode.object;
  if (!isHex(bytecode) || bytecode.length <= 2) throw new Error(`${relativePath} has no deployable bytecode.`);
  return { abi: json.abi, bytecode };
}

function forgeArtifact(name: string): Artifact {
  return readArtifact(`contracts/out/${name}.sol/${name}.json`, "Run `npm run build:contracts` first.");
}

function layerZeroArtifact(path: string): Artifact {
  return readArtifact(
    `node_modules/@layerzerolabs/lz-evm-protocol-v2/artifacts/contracts/${path}`,
    "Run `npm ci` first.",
  );
}

function uniswapArtifact(pkg: "v3-core" | "v3-periphery", path: string): Artifact {
  return readArtifact(`node_modules/@uniswap/${pkg}/artifacts/contracts/${path}`, "Run `npm ci` first.");
}

function loadLocalArtifacts() {
  const artifacts = {
    mockUsdc: forgeArtifact("MockUSDC"),
    weth9: forgeArtifact("WETH9"),
    multicall3: forgeArtifact("Multicall3"),
    factory: uniswapArtifact("v3-core", "UniswapV3Factory.sol/UniswapV3Factory.json"),
    pool: uniswapArtifact("v3-core", "UniswapV3Pool.sol/UniswapV3Pool.json"),
    positionManager: uniswapArtifact("v3-periphery", "NonfungiblePositionManager.sol/NonfungiblePositionManager.json"),
    swapRouter: uniswapArtifact("v3-periphery", "SwapRouter.sol/SwapRouter.json"),
    quoterV2: uniswapArtifact("v3-periphery", "lens/QuoterV2.sol/QuoterV2.json"),
    launchpad: forgeArtifact("Launchpad"),
    peerFactory: forgeArtifact("PeerTokenFactory"),
  };
  // The factory embeds the pool's creation code; the periphery embeds its hash. Check both before
  // deploying, so a Uniswap package upgrade with different bytecode fails here, not at the first mint.
  const hash = poolInitCodeHash.slice(2);
  const problems = [
    keccak256(artifacts.pool.bytecode) !== poolInitCodeHash && "UniswapV3Pool init code hash",
    !artifacts.factory.bytecode.includes(artifacts.pool.bytecode.slice(2)) && "UniswapV3Factory's pool code",
    ...(["positionManager", "swapRouter", "quoterV2"] as const).map(
      (name) => !artifacts[name].bytecode.toLowerCase().includes(hash) && `${name}'s compiled-in hash`,
    ),
  ].filter(Boolean);
  if (problems.length > 0) {
    throw new Error(
      `The Uniswap artifacts disagree on the pool init code hash (${poolInitCodeHash}): ${problems.join(", ")}. The periphery would compute wrong pool addresses. Check the @uniswap/v3-core and v3-periphery versions.`,
    );
  }
  return artifacts;
}

/** The published addresses of a live chain, each checked to hold code. */
async function publishedContracts(chain: EvmChain, client: PublicClient) {
  if (chain.eraVm) {
    throw new Error(
      `${chain.slug} runs EraVM: forge's EVM bytecode cannot be deployed there. It needs a zksolc build, which this project does not have yet.`,
    );
  }
  const lzEndpoint = chain.layerZero?.endpoint;
  if (!chain.usdc || !chain.uniswapV3 || !chain.multicall3 || !chain.layerZero || !lzEndpoint) {
    const missing = [
      !chain.usdc && "usdc",
      !chain.uniswapV3 && "uniswapV3",
      !chain.multicall3 && "multicall3",
      !lzEndpoint && "layerZero endpoint",
    ];
    throw new Error(
      `Cannot deploy to ${chain.slug}: core/chains.ts has no published ${missing.filter(Boolean).join(", ")} for it.`,
    );
  }
  const contracts = {
    usdc: chain.usdc,
    multicall3: chain.multicall3,
    v3Factory: chain.uniswapV3.factory,
    positionManager: chain.uniswapV3.positionManager,
    swapRouter: chain.uniswapV3.swapRouter,
    quoterV2: chain.uniswapV3.quoterV2,
    lzEndpoint,
  };
  for (const [name, address] of Object.entries(contracts)) {
    const code = await client.getCode({ address });
    if (!code || code === "0x") {
      throw new Error(`No contract at ${address} (${name} of ${chain.slug} in core/chains.ts). Wrong RPC or address?`);
    }
  }
  const [weth9, factory] = await Promise.all([
    client.readContract({
      address: contracts.positionManager,
      abi: nonfungiblePositionManagerAbi,
      functionName: "WETH9",
    }),
    client.readContract({
      address: contracts.positionManager,
      abi: nonfungiblePositionManagerAbi,
      functionName: "factory",
    }),
  ]);
  if (factory.toLowerCase() !== contracts.v3Factory.toLowerCase()) {
    throw new Error(
      `${chain.slug}: the position manager's factory is ${factory}, but core/chains.ts says ${contracts.v3Factory}.`,
    );
  }
  const eid = await client.readContract({ address: lzEndpoint, abi: endpointV2Abi, functionName: "eid" });
  if (eid !== chain.layerZero.eid) {
    throw new Error(
      `${chain.slug}: the LayerZero endpoint at ${lzEndpoint} is eid ${eid}, but core/chains.ts says ${chain.layerZero.eid}.`,
    );
  }
  return { ...contracts, weth9, lzEid: eid };
}

/** Every EVM chain LayerZero reaches from the registry, by endpoint id: where a local endpoint may send. */
function evmEids(): number[] {
  return Object.values(chainBySlug).flatMap((c) => (c.kind === "evm" && "layerZero" in c ? [c.layerZero.eid] : []));
}

/**
 * The local stand-in for LayerZero on anvil: LayerZero's own EndpointV2 and SimpleMessageLib (from the npm artifacts,
 * never recompiled) deployed by the local LayerZero key at its nonces 0 and 1, and the library registered as the
 * default to and from every EVM chain of the registry. SimpleMessageLib takes packets only from that key (the
 * relayer). Kept as it is when it already stands (a second deploy to the same anvil).
 */
async function deployLocalLayerZero(chain: EvmChain, client: PublicClient, rpcUrl: string, log: (msg: string) => void) {
  if (!chain.layerZero) throw new Error(`${chain.slug} has no LayerZero endpoint id in core/chains.ts.`);
  const eid = chain.layerZero.eid;
  const account = privateKeyToAccount(LOCAL_LAYERZERO_PRIVATE_KEY);
  const endpoint = getContractAddress({ from: account.address, nonce: 0n });
  const messageLib = getContractAddress({ from: account.address, nonce: 1n });
  const code = await client.getCode({ address: endpoint });
  if (code && code !== "0x") {
    log(`${"EndpointV2 (LayerZero)".padEnd(28)} ${endpoint} (already deployed)`);
    return { eid, endpoint, messageLib };
  }
  if ((await client.getTransactionCount({ address: account.address })) !== 0) {
    throw new Error(
      `The local LayerZero key ${account.address} has sent transactions on ${chain.slug} but no endpoint stands at ${endpoint}. Start from a fresh anvil.`,
    );
  }
  const request = client.request as unknown as (args: { method: string; params: unknown[] }) => Promise<unknown>;
  await request({ method: "anvil_setBalance", params: [account.address, toHex(10n ** 24n)] });
  const wallet = createWalletClient({ account, chain: viemChain(chain, rpcUrl), transport: http(rpcUrl) });
  const artifacts = {
    endpoint: layerZeroArtifact("EndpointV2.sol/EndpointV2.json"),
    messageLib: layerZeroArtifact("messagelib/SimpleMessageLib.sol/SimpleMessageLib.json"),
  };
  const waitAll = async (what: string, hashes: Hex[]) => {
    for (const hash of hashes) {
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new Error(`${what} failed (transaction ${hash} ${receipt.status}).`);
    }
  };
  await waitAll("Deploying LayerZero's EndpointV2 and SimpleMessageLib", [
    await wallet.deployContract({ ...artifacts.endpoint, args: [eid, account.address] }),
    await wallet.deployContract({ ...artifacts.messageLib, args: [endpoint, account.address] }),
  ]);
  const writes: Hex[] = [
    await wallet.writeContract({
      address: endpoint,
      abi: endpointV2Abi,
      functionName: "registerLibrary",
      args: [messageLib],
    }),
    await wallet.writeContract({
      address: messageLib,
      abi: simpleMessageLibAbi,
      functionName: "setWhitelistCaller",
      args: [account.address],
    }),
  ];
  for (const remote of evmEids().filter((e) => e !== eid)) {
    writes.push(
      await wallet.writeContract({
        address: endpoint,
        abi: endpointV2Abi,
        functionName: "setDefaultSendLibrary",
        args: [remote, messageLib],
      }),
      await wallet.writeContract({
        address: endpoint,
        abi: endpointV2Abi,
        functionName: "setDefaultReceiveLibrary",
        args: [remote, messageLib, 0n],
      }),
    );
  }
  await waitAll("Wiring the local LayerZero endpoint", writes);
  log(`${"EndpointV2 (LayerZero)".padEnd(28)} ${endpoint} (eid ${eid})`);
  log(`${"SimpleMessageLib (LayerZero)".padEnd(28)} ${messageLib}`);
  return { eid, endpoint, messageLib };
}

function viemChain(chain: EvmChain, rpcUrl: string): ViemChain {
  return viemChainOf(chain.chainId, chain.name, rpcUrl);
}

async function main() {
  const env = z
    .object({
      RPC_URL: z.url().default("http://127.0.0.1:8545"),
      CHAIN_SLUG: chainSlugSchema.default("base-sepolia"),
      DEPLOYER_PRIVATE_KEY: z
        .string()
        .regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x followed by 64 hex digits")
        .transform((key) => key as Hex)
        .optional(),
    })
    .safeParse(process.env);
  if (!env.success) {
    const problems = env.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  await deploy({
    rpcUrl: env.data.RPC_URL,
    chainSlug: env.data.CHAIN_SLUG,
    privateKey: env.data.DEPLOYER_PRIVATE_KEY,
    approvals: approvalsFromEnv(),
    log: (msg) => console.log(`[deploy] ${msg}`),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`[deploy] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
