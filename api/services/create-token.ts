/**
 * createToken: prepares the launchpad createToken transaction of a new token and records the token.
 *
 * Steps: check the media (api/services/media.ts) and store data-URI media content-addressed; make the uuid and the
 * salt (keccak256 of the uuid's UTF-8 bytes); token_layer_id = keccak256(abi.encode(creator, salt)) as the
 * launchpad computes it; build the metadata JSON, store it (CIDv1, raw codec) and set tokenURI = ipfs://<cid>;
 * predict the token's CREATE2 address with Launchpad.predictTokenAddress (one eth_call); insert app.tokens (slug from
 * the name, made unique with -2, -3, …) and app.token_hashtags; return the transaction.
 *
 * Decisions: `executed` is false and `transactionHash` null unless autoExecute is true (then the worker deploys it
 * with the wallet on record, see createToken below); the creator is `userAddress` or the wallet on record and must be the account that sends the transaction (the
 * launchpad derives the id from msg.sender); createToken's deadline is now + 24 hours (nothing in it is price
 * sensitive, and a stale transaction cannot be replayed: the id is taken once); destinationChains (default
 * base-sepolia, bnb-testnet, solana-devnet; the home chain excluded) each become a token_deployments row: pending, with
 * the peer's address, on an EVM chain the service runs on (the worker deploys it once the token is indexed,
 * worker/peers.ts), otherwise not_deployed with the reason (core/destinations.ts), and the answer lists them in
 * metadata.deployments; no initial buy is made (initialBuyUsdc 0); builder and
 * token_referral are checked against the indexed approvals as trade-token checks them (a 400 before anything is
 * stored), and an approved token_referral becomes the token's permanent referral.
 */

import { randomUUID } from "node:crypto";
import {
  type Address,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  keccak256,
  toHex,
} from "viem";
import { launchpadAbi, peerTokenFactoryAbi } from "../../abis/index.js";
import { type ChainSlug, DEFAULT_DESTINATION_CHAINS } from "../../core/chains.js";
import { planDestinations } from "../../core/destinations.js";
import { AppError } from "../../core/errors.js";
import { ZERO_ADDRESS } from "../../core/fees.js";
import { withGasMargin } from "../../core/limits.js";
import { type PoolTypeName, poolTypeIds } from "../../core/poolTypes.js";
import { publicClientFor } from "../../core/rpc.js";
import { normalizeTags } from "../../core/text.js";
import { attributionOf, type BuilderInput } from "../../core/trade.js";
import type { IntentRow } from "../../db/intents.js";
import { createdTokenBySalt, type DestinationView, insertCreatedToken, recordedDestinations } from "../../db/tokens.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import {
  findIntentByKey,
  type IntentView,
  newIdempotencyKey,
  replayExecution,
  requireWalletOnRecord,
  settleExecution,
  submitSteps,
} from "./auto-execute.js";
import { media } from "./media.js";
import { jsonBytes, storeBlob } from "./metadata.js";
import { resolveAttribution } from "./trade.js";

export const CREATE_DEADLINE_SECONDS = 24 * 60 * 60;
/** Fallback when eth_estimateGas cannot run (e.g. the creator has no ether yet): createToken is about 8.1M (it creates the V3 pool). */
export const FALLBACK_CREATE_GAS = 10_000_000n;

export type CreateTokenInput = {
  name: string;
  symbol: string;
  description: string;
  image: string;
  chainSlug: string;
  banner?: string;
  video?: string;
  links?: Partial<Record<"website" | "twitter" | "youtube" | "discord" | "telegram", string>>;
  destinationChains?: string[];
  poolType?: PoolTypeName;
  userAddress?: string;
  builder?: BuilderInput;
  token_referral?: string;
  tags?: string[];
  type?: "coin";
  /** Deploy with the custodial wallet on record (api/services/auto-execute.ts); default false. */
  autoExecute?: boolean;
  idempotencyKey?: string;
};

const clientOf = publicClientFor;

/** A checked media field as it goes into the metadata (ipfs://<cid> for data URIs) and into app.tokens (a URL). */
async function mediaField(deps: ApiDeps, field: string, value: string | undefined, kind: "image" | "video") {
  if (value === undefined) return { metadata: undefined, url: "" };
  const m = media(field, value, kind);
  if (m.source === "url") return { metadata: m.url, url: m.url };
  const cid = await storeBlob(deps, m.bytes, m.contentType, field);
  return { metadata: `ipfs://${cid}`, url: `${deps.config.publicUrl}/ipfs/${cid}` };
}

/**
 * create-token-transaction. Without autoExecute: the prepared transaction, `executed: false`, `transactionHash`
 * null. With autoExecute: the creator is the wallet on record, the createToken transaction becomes an intent the
 * worker executes, and the answer waits for it (`executed: true` and the hash once confirmed; see
 * api/services/auto-execute.ts). A reused idempotencyKey records no second token: it answers the first request's
 * token and execution, with `replayed: true`.
 */
export async function createToken(deps: ApiDeps, user: AuthedUser, body: CreateTokenInput) {
  if (!body.autoExecute) return { ...(await prepareCreateToken(deps, user, body)), intentId: null, replayed: false };
  requireWalletOnRecord(user, body.userAddress);
  const key = newIdempotencyKey(body.idempotencyKey);
  const existing = await findIntentByKey(deps, user, key, "create");
  if (existing) {
    const execution = await replayExecution(deps, existing);
    const { executed, transactionHash, intentId, status, intents } = execution;
    return {
      ...(await replayedToken(deps, user, existing)),
      executed,
      transactionHash,
      intentId,
      status,
      intents,
      replayed: true,
    };
  }
  const prepared = await prepareCreateToken(deps, user, { ...body, userAddress: user.walletAddress });
  const rows = await submitSteps(deps, user, {
    chainSlug: body.chainSlug,
    chainId: prepared.chainId,
    key,
    steps: [
      {
        name: "create",
        kind: "create_token",
        to: prepared.transaction.to,
        data: prepared.transaction.data as Hex,
        gas: BigInt(prepared.transaction.gasLimit),
      },
    ],
  });
  const { executed, transactionHash, intentId, status, intents } = await settleExecution(deps, rows);
  return { ...prepared, executed, transactionHash, intentId, status, intents, replayed: false };
}

/** The token a create intent deploys, from its calldata's salt: the response of the request that made it. */
async function replayedToken(deps: ApiDeps, user: AuthedUser, intent: IntentRow) {
  const decoded = decodeFunctionData({ abi: launchpadAbi, data: intent.data });
  const args = decoded.functionName === "createToken" ? decoded.args[0] : undefined;
  if (!args) throw new Error(`intent ${intent.id} is not a createToken`);
  const token = await createdTokenBySalt(deps.db, deps.config.appSchema, args.salt, user.id);
  if (!token) throw new Error(`no token recorded for intent ${intent.id}`);
  const deployment = deps.deployments.get(intent.chain_slug);
  const rpcUrl = deps.rpcUrls.get(intent.chain_slug);
  if (!deployment || !rpcUrl) {
    throw new AppError("INVALID_PARAMETERS", `Token creation is not available on chain ${intent.chain_slug}`);
  }
  const predicted = await clientOf(rpcUrl)
    .readContract({
      address: deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "predictTokenAddress",
      args: [intent.from_address, args.salt, args.name, args.symbol, args.tokenURI],
    })
    .catch((error: unknown) => {
      throw new AppError("NETWORK_ERROR", "Could not predict the token address: the chain's RPC did not answer", {
        cause: error,
      });
    });
  return {
    chainId: deployment.chainId,
    transaction: { to: intent.to_address, data: intent.data, value: intent.value, gasLimit: intent.gas_limit ?? "0" },
    metadata: {
      tokenUri: args.tokenURI,
      tokenId: token.id,
      name: token.name,
      symbol: token.symbol,
      slug: token.slug,
      description: token.description,
      hubUrl: `${deps.config.publicUrl}/token/${token.slug}`,
      addresses: { evm: predicted, solana: "" },
      token_layer_id: token.token_layer_id,
      deployments: await recordedDestinations(deps.db, deps.config.appSchema, token.id),
    },
  };
}

/** Media, metadata, token row and the createToken transaction (for the client to send, or for an intent). */
async function prepareCreateToken(deps: ApiDeps, user: AuthedUser, body: CreateTokenInput) {
  const deployment = deps.deployments.get(body.chainSlug);
  const rpcUrl = deps.rpcUrls.get(body.chainSlug);
  if (!deployment || !rpcUrl) {
    throw new AppError("INVALID_PARAMETERS", `Token creation is not available on chain ${body.chainSlug}`);
  }
  const attribution = attributionOf(body.builder, body.token_referral);
  const tags = normalizeTags(body.tags ?? []);
  const poolTypeName = body.poolType ?? "meme";
  const poolType = poolTypeIds[poolTypeName];
  const creator = (body.userAddress ?? user.walletAddress) as Address;
  // Checked as the launchpad will, before anything is stored: the creator is the caller, and an approved
  // token_referral becomes the new token's permanent one (only its creator names it).
  await resolveAttribution(deps, {
    chainId: deployment.chainId,
    trader: creator,
    builder: body.builder,
    referral: body.token_referral,
    tokenReferral: ZERO_ADDRESS,
    creating: true,
  });
  const image = await mediaField(deps, "image", body.image, "image");
  const banner = await mediaField(deps, "banner", body.banner, "image");
  const video = await mediaField(deps, "video", body.video, "video");
  const links = Object.fromEntries(Object.entries(body.links ?? {}).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;

  const id = randomUUID();
  const salt = keccak256(toHex(id));
  const tokenLayerId = keccak256(encodeAbiParameters([{ type: "address" }, { type: "bytes32" }], [creator, salt]));
  const metadata = {
    name: body.name,
    symbol: body.symbol,
    description: body.description,
    image: image.metadata,
    ...(banner.metadata ? { banner: banner.metadata } : {}),
    ...(video.metadata ? { video: video.metadata } : {}),
    links,
    tags,
    token_layer_id: tokenLayerId,
    id,
    pool_type: poolTypeName,
    chain: body.chainSlug,
    creator,
  };
  const cid = await storeBlob(deps, jsonBytes(metadata), "application/json", `${body.symbol} metadata`);
  const tokenUri = `ipfs://${cid}`;

  const client = clientOf(rpcUrl);
  const launchpad = deployment.contracts.launchpad;
  let predicted: Address;
  try {
    predicted = await client.readContract({
      address: launchpad,
      abi: launchpadAbi,
      functionName: "predictTokenAddress",
      args: [creator, salt, body.name, body.symbol, tokenUri],
    });
  } catch (error) {
    throw new AppError("NETWORK_ERROR", "Could not predict the token address: the chain's RPC did not answer", {
      cause: error,
    });
  }
  const data = encodeFunctionData({
    abi: launchpadAbi,
    functionName: "createToken",
    args: [
      {
        name: body.name,
        symbol: body.symbol,
        tokenURI: tokenUri,
        poolType,
        salt,
        attribution,
        initialBuyUsdc: 0n,
        minTokensOut: 0n,
        deadline: BigInt(Math.floor(Date.now() / 1000) + CREATE_DEADLINE_SECONDS),
      },
    ],
  });
  const gas = await client
    .estimateGas({ account: creator, to: launchpad, data })
    .then(withGasMargin)
    .catch(() => FALLBACK_CREATE_GAS);
  const deployments = await destinationsOf(deps, {
    home: body.chainSlug as ChainSlug,
    requested: body.destinationChains,
    token: predicted,
    name: body.name,
    symbol: body.symbol,
    tokenUri,
  });

  const slug = await insertCreatedToken(deps.db, deps.config.appSchema, {
    id,
    tokenLayerId,
    name: body.name,
    symbol: body.symbol,
    description: body.description,
    logo: image.url,
    banner: banner.url,
    video: video.url,
    links,
    poolType,
    chainSlug: body.chainSlug,
    destinationChains: body.destinationChains ?? [...DEFAULT_DESTINATION_CHAINS],
    deployments,
    userId: user.id,
    creator,
    salt,
    cid,
    tags,
  });

  return {
    executed: false,
    transactionHash: null as string | null,
    status: null as IntentRow["status"] | null,
    intents: [] as IntentView[],
    chainId: deployment.chainId,
    transaction: { to: launchpad, data, value: "0", gasLimit: gas.toString() },
    metadata: {
      tokenUri,
      tokenId: id,
      name: body.name,
      symbol: body.symbol,
      slug,
      description: body.description,
      hubUrl: `${deps.config.publicUrl}/token/${slug}`,
      addresses: { evm: predicted, solana: "" },
      token_layer_id: tokenLayerId,
      deployments,
    },
  };
}

/**
 * The plan for each destination chain (core/destinations.ts) with the peer's address where it will be deployed: the
 * home chain's PeerTokenFactory predicts it (the factory stands at one address on every chain).
 */
async function destinationsOf(
  deps: ApiDeps,
  p: {
    home: ChainSlug;
    requested: string[] | undefined;
    token: Address;
    name: string;
    symbol: string;
    tokenUri: string;
  },
): Promise<DestinationView[]> {
  const home = deps.deployments.get(p.home);
  const rpcUrl = deps.rpcUrls.get(p.home);
  if (!home || !rpcUrl) throw new Error(`no deployment for ${p.home}`);
  const plans = planDestinations(p.home, p.requested, new Set(deps.deployments.keys()));
  const views: DestinationView[] = [];
  for (const plan of plans) {
    if (!plan.deploy) {
      views.push({ chain: plan.chain, status: "not_deployed", address: null, reason: plan.reason });
      continue;
    }
    const address = await clientOf(rpcUrl)
      .readContract({
        address: home.contracts.peerFactory,
        abi: peerTokenFactoryAbi,
        functionName: "predict",
        args: [home.lzEid, p.token, p.name, p.symbol, p.tokenUri],
      })
      .catch((error: unknown) => {
        throw new AppError("NETWORK_ERROR", "Could not predict the token's address on its destination chains", {
          cause: error,
        });
      });
    views.push({ chain: plan.chain, status: "pending", address, reason: null });
  }
  return views;
}
