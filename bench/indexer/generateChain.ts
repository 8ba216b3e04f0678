/**
 * Fills a dedicated anvil with launchpad activity for the indexer benchmark: tokens created throughout, then
 * trades in all four modes (with and without builder and referral), then fee claims, many transactions per block.
 *
 * Speed matters more than convenience here. Automine is off; each block's transactions are signed locally with
 * explicit nonces, gas limits and fees, sent in one JSON-RPC batch of `eth_sendRawTransaction`, then mined with one
 * `evm_mine`, while the next block's transactions are being signed.
 *
 * Amounts are chosen so no transaction reverts without knowing the order anvil puts them in: a wallet only sells
 * tokens it provably holds, using the lowest price its pool can have for exact-out sells and the highest for
 * exact-in buys (no token gets near graduation, so prices stay within the curve's range).
 */
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  keccak256,
  maxUint256,
  toEventSelector,
  toHex,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { launchpadAbi, mockUsdcAbi } from "../../abis/index.js";
import { cost, type PoolTypeParams, price } from "../../core/curve.js";
import type { Deployment } from "../../core/deployment.js";
import { rpc } from "./rpc.js";
import { startTransactionSigner, type TransactionSigner } from "./signTransactions.js";

const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";
const TOKEN_URI = "ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy";
const ZERO: Address = "0x0000000000000000000000000000000000000000";
/** Builders and referrals named in trades' attribution: plain addresses, they never sign; approved by the owner. */
const BUILDERS: Address[] = [
  "0x00000000000000000000000000000000000b0001",
  "0x00000000000000000000000000000000000b0002",
];
const REFERRALS: Address[] = [
  "0x0000000000000000000000000000000000000f01",
  "0x0000000000000000000000000000000000000f02",
  "0x0000000000000000000000000000000000000f03",
];
const MEME = 7;
const STARTUP_PRESEED = 8;
/** Gas limits, set explicitly so nothing is estimated. A trade uses about a third of its limit. */
const GAS = { createToken: 10_000_000n, trade: 500_000n, setup: 120_000n, claim: 150_000n };
const MAX_FEE_PER_GAS = 50_000_000_000n;
const PRIORITY_FEE_PER_GAS = 1n;
/** High enough that every transaction sent for a block fits in it. */
const BLOCK_GAS_LIMIT = 100_000_000_000n;
/** Seconds between block timestamps, as on Base. */
const BLOCK_TIME = 2;

export const transferTopic = toEventSelector("Transfer(address,address,uint256)");

export type GenerateChainParameters = {
  rpcUrl: string;
  deployment: Deployment;
  /** Trade transactions to send (each emits one Trade and one token Transfer). */
  trades: number;
  /** Tokens to create: a quarter in the first block, the rest spread over the first 60% of trade blocks. */
  tokens: number;
  /** Trading wallets: anvil's mnemonic accounts 1..wallets, each given ether, USDC and an allowance. */
  wallets: number;
  /** Transactions per block in the trade phase. */
  txsPerBlock: number;
  /** Seed of the random choices, so a chain can be generated again identically. */
  seed: number;
  /** Empty blocks mined at the end, so every block with events is past Ponder's finality depth (30 blocks). */
  trailingBlocks: number;
  log: (line: string) => void;
};

export type GenerateChainReturnType = {
  /** The deployment's first block, where the indexers start. */
  startBlock: number;
  /** The last block holding transactions, and the chain's head after the trailing empty blocks. */
  lastTxBlock: number;
  headBlock: number;
  blocksWithTxs: number;
  txsSent: number;
  tradesSent: number;
  /** Launchpad logs by event name, counted with eth_getLogs after mining (the deploy's own events included). */
  launchpadLogs: Record<string, number>;
  launchpadLogsTotal: number;
  /** Transfer logs of launched tokens. */
  tokenTransferLogs: number;
  /** Transactions that reverted: trades, creations and claims without their event. */
  failedTxs: number;
  /** Wall time of generation (funding, creation, trades, claims, trailing blocks) and of counting the logs. */
  generateSeconds: number;
  countSeconds: number;
  tokenAddresses: Address[];
};

/** An account of anvil's mnemonic: its index (for the signer) and address. */
type Wallet = { index: number; address: Address };
type PlannedTx = { account: Wallet; to: Address; data: Hex; gas: bigint };
type Token = {
  address: Address;
  params: PoolTypeParams;
  /** Extremes of its marginal price while it stays on the curve, 18-decimal USD per token. */
  minPrice18: bigint;
  maxPrice18: bigint;
  /**
   * Gross USDC all buys of it may spend, in USDC base units: half of what its curve raises by graduation, so no
   * token graduates (reaching the migration supply costs at least that raise).
   */
  buyCap: bigint;
  /** Upper bound of the gross USDC its buys have spent so far. */
  bought: bigint;
};

export async function generateChain(p: GenerateChainParameters): Promise<GenerateChainReturnType> {
  const signer = startTransactionSigner();
  try {
    return await fill(p, signer);
  } finally {
    await signer.close();
  }
}

async function fill(p: GenerateChainParameters, signer: TransactionSigner): Promise<GenerateChainReturnType> {
  const started = performance.now();
  const node = rpc(p.rpcUrl);
  const { launchpad, usdc } = p.deployment.contracts;
  const chainId = p.deployment.chainId;
  const random = mulberry32(p.seed);

  await node.call("evm_setAutomine", [false]);
  await node.call("evm_setBlockGasLimit", [toHex(BLOCK_GAS_LIMIT)]);
  await node.call("anvil_setBlockTimestampInterval", [BLOCK_TIME]);

  const wallet = (index: number): Wallet => ({
    index,
    address: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).address,
  });
  // Account 0 deployed the contracts and receives the protocol's fees.
  const deployer = wallet(0);
  const wallets = Array.from({ length: p.wallets }, (_, i) => wallet(i + 1));
  const nonces = new Map<number, number>();
  for (const account of [deployer, ...wallets]) {
    // anvil funds only its first ten accounts; give every wallet the same balance.
    await node.call("anvil_setBalance", [account.address, toHex(10n ** 24n)]);
    nonces.set(account.index, Number(await node.call<Hex>("eth_getTransactionCount", [account.address, "pending"])));
  }
  const nextNonce = (account: Wallet) => {
    const nonce = nonces.get(account.index) ?? 0;
    nonces.set(account.index, nonce + 1);
    return nonce;
  };
  const signAll = (txs: PlannedTx[]) =>
    signer.sign(
      chainId,
      txs.map((tx) => ({
        account: tx.account.index,
        to: tx.to,
        data: tx.data,
        gas: tx.gas,
        nonce: nextNonce(tx.account),
        maxFeePerGas: MAX_FEE_PER_GAS,
        maxPriorityFeePerGas: PRIORITY_FEE_PER_GAS,
      })),
    );
  let blocksWithTxs = 0;
  let txsSent = 0;
  const sendAndMine = async (raw: Hex[]) => {
    const results = await node.batch<Hex>(raw.map((r) => ({ method: "eth_sendRawTransaction", params: [r] })));
    const rejected = results.find((r) => r instanceof Error);
    if (rejected) throw rejected;
    await node.call("evm_mine");
    const block = await node.call<{ number: Hex; transactions: Hex[] }>("eth_getBlockByNumber", ["latest", false]);
    if (block.transactions.length !== raw.length) {
      throw new Error(`block ${Number(block.number)} holds ${block.transactions.length} of ${raw.length} transactions`);
    }
    blocksWithTxs++;
    txsSent += raw.length;
    return Number(block.number);
  };

  // Funding: USDC from the faucet and an allowance for the launchpad, for every wallet, in one block.
  const funding: PlannedTx[] = wallets.flatMap((account) => [
    {
      account,
      to: usdc,
      data: encodeFunctionData({
        abi: mockUsdcAbi,
        functionName: "faucet",
        args: [account.address, 1_000_000n * 10n ** 6n],
      }),
      gas: GAS.setup,
    },
    {
      account,
      to: usdc,
      data: encodeFunctionData({ abi: mockUsdcAbi, functionName: "approve", args: [launchpad, maxUint256] }),
      gas: GAS.setup,
    },
  ]);
  // The owner (the deployer) approves the builders (up to 50 bps) and referrers that attribution names.
  for (const builder of BUILDERS) {
    funding.push({
      account: deployer,
      to: launchpad,
      data: encodeFunctionData({ abi: launchpadAbi, functionName: "setBuilder", args: [builder, 50] }),
      gas: GAS.setup,
    });
  }
  for (const referral of REFERRALS) {
    funding.push({
      account: deployer,
      to: launchpad,
      data: encodeFunctionData({ abi: launchpadAbi, functionName: "setReferrer", args: [referral, true] }),
      gas: GAS.setup,
    });
  }
  await sendAndMine(await signAll(funding));

  // Tokens: parameters of both pool types, then every token's address, predicted before it exists.
  const typeParams = new Map<number, PoolTypeParams>();
  for (const type of [MEME, STARTUP_PRESEED]) {
    const data = encodeFunctionData({ abi: launchpadAbi, functionName: "poolType", args: [type] });
    const out = await node.call<Hex>("eth_call", [{ to: launchpad, data }, "latest"]);
    typeParams.set(type, decodeFunctionResult({ abi: launchpadAbi, functionName: "poolType", data: out }));
  }
  const plans = Array.from({ length: p.tokens }, (_, i) => {
    const creator = wallets[i % wallets.length] as Wallet;
    const poolType = i % 5 === 4 ? STARTUP_PRESEED : MEME;
    return {
      creator,
      poolType,
      salt: keccak256(toHex(`bench-${p.seed}-${i}`)),
      name: `Bench Token ${i}`,
      symbol: `BT${i}`,
      initialBuyUsdc: i % 3 === 0 ? 10n * 10n ** 6n : 0n,
      attribution:
        i % 4 === 1 ? { builder: BUILDERS[0] as Address, builderFeeBps: 25, referral: ZERO } : noAttribution(),
    };
  });
  const predicted = await node.batch<Hex>(
    plans.map((t) => ({
      method: "eth_call",
      params: [
        {
          to: launchpad,
          data: encodeFunctionData({
            abi: launchpadAbi,
            functionName: "predictTokenAddress",
            args: [t.creator.address, t.salt, t.name, t.symbol, TOKEN_URI],
          }),
        },
        "latest",
      ],
    })),
  );
  const tokens: Token[] = plans.map((t, i) => {
    const out = predicted[i];
    if (out instanceof Error || out === undefined) throw out ?? new Error("no predicted address");
    const params = typeParams.get(t.poolType) as PoolTypeParams;
    return {
      address: decodeFunctionResult({ abi: launchpadAbi, functionName: "predictTokenAddress", data: out }),
      params,
      minPrice18: price(params, 0n),
      maxPrice18: price(params, params.migrationSupply),
      buyCap: cost(params, params.migrationSupply) / 2n,
      bought: 0n,
    };
  });
  const createTx = (i: number): PlannedTx => {
    const t = plans[i] as (typeof plans)[number];
    return {
      account: t.creator,
      to: launchpad,
      gas: GAS.createToken,
      data: encodeFunctionData({
        abi: launchpadAbi,
        functionName: "createToken",
        args: [
          {
            name: t.name,
            symbol: t.symbol,
            tokenURI: TOKEN_URI,
            poolType: t.poolType,
            salt: t.salt,
            attribution: t.attribution,
            initialBuyUsdc: t.initialBuyUsdc,
            minTokensOut: 0n,
            deadline: maxUint256,
          },
        ],
      }),
    };
  };

  // What each wallet provably holds of each token, in token wei (a lower bound: see the file comment).
  const held = new Map<string, bigint>();
  const key = (w: number, t: number) => `${w}:${t}`;
  const credit = (w: number, t: number, amount: bigint) => held.set(key(w, t), (held.get(key(w, t)) ?? 0n) + amount);
  /** Fewest tokens `usdcIn` (USDC base units, fee included) can buy: at the highest price, after a 3% fee. */
  const minTokensFor = (token: Token, usdcIn: bigint) => (usdcIn * 97n * 10n ** 30n) / 100n / token.maxPrice18;

  const firstBatch = Math.max(1, Math.ceil(p.tokens / 4));
  const tradeBlocks = Math.ceil(p.trades / p.txsPerBlock);
  const createdIn = new Map<number, number[]>();
  for (let i = firstBatch; i < p.tokens; i++) {
    const block = Math.floor(((i - firstBatch) * Math.max(1, Math.floor(tradeBlocks * 0.6))) / (p.tokens - firstBatch));
    createdIn.set(block, [...(createdIn.get(block) ?? []), i]);
  }
  const creations = Array.from({ length: firstBatch }, (_, i) => i);
  const noteCreated = (i: number) => {
    const plan = plans[i] as (typeof plans)[number];
    if (plan.initialBuyUsdc > 0n) credit(i % wallets.length, i, minTokensFor(tokens[i] as Token, plan.initialBuyUsdc));
  };
  await sendAndMine(await signAll(creations.map(createTx)));
  let live = firstBatch;
  for (const i of creations) noteCreated(i);
  p.log(`funded ${wallets.length} wallets, created ${firstBatch} tokens; sending ${p.trades} trades`);

  const tradeTx = (): PlannedTx => {
    const w = Math.floor(random() * wallets.length);
    const account = wallets[w] as Wallet;
    const attribution = {
      builder: random() < 0.3 ? (BUILDERS[Math.floor(random() * BUILDERS.length)] as Address) : ZERO,
      builderFeeBps: 0,
      referral: random() < 0.3 ? (REFERRALS[Math.floor(random() * REFERRALS.length)] as Address) : ZERO,
    };
    if (attribution.builder !== ZERO) attribution.builderFeeBps = 1 + Math.floor(random() * 50);
    const roll = random();
    const cents = 50n + BigInt(Math.floor(random() * 950)); // a buy of $0.50 to $10
    const share = BigInt(10 + Math.floor(random() * 40)); // percent of the holding a sell uses
    // Popular tokens trade more: the density falls with the token's index. A token whose buy budget is spent
    // is only sold; if this wallet holds none of it, another token is drawn.
    for (let attempt = 0; ; attempt++) {
      const t = Math.min(live - 1, Math.floor(live * random() ** 1.5));
      const token = tokens[t] as Token;
      const has = held.get(key(w, t)) ?? 0n;
      // Worth at least $0.10 at the lowest price, so a sell never rounds to zero USDC.
      const sellable = has > 10n ** 35n / token.minPrice18;
      const canBuy = token.bought + cents * 10n ** 4n * 2n <= token.buyCap;
      if (!canBuy && !sellable && attempt < 100) continue;
      const trade = (name: "buyExactIn" | "buyExactOut" | "sellExactIn" | "sellExactOut", a: bigint, b: bigint) => ({
        account,
        to: launchpad,
        gas: GAS.trade,
        data: encodeFunctionData({
          abi: launchpadAbi,
          functionName: name,
          args: [token.address, a, b, maxUint256, attribution],
        }),
      });
      if (sellable && (roll < 0.2 || (!canBuy && roll < 0.6))) {
        const tokensIn = (has * share) / 100n;
        held.set(key(w, t), has - tokensIn);
        return trade("sellExactIn", tokensIn, 0n);
      }
      if (sellable && (roll < 0.4 || !canBuy)) {
        // USDC worth `share` percent of the holding at the lowest price, less 5% for the fee: the tokens this burns
        // can then never exceed that share, whatever the price is when it executes.
        const budget = (has * share) / 100n;
        const usdcOut = (budget * token.minPrice18 * 95n) / 100n / 10n ** 30n;
        held.set(key(w, t), has - budget);
        return trade("sellExactOut", usdcOut, maxUint256);
      }
      if (!canBuy) throw new Error("every token's buy budget is spent: create more tokens or send fewer trades");
      // Both buys spend at most `cents` (exact-out: worth that at the highest price, plus a fee under 2%).
      token.bought += cents * 10n ** 4n * 2n;
      if (roll < 0.7) {
        const usdcIn = cents * 10n ** 4n;
        credit(w, t, minTokensFor(token, usdcIn));
        return trade("buyExactIn", usdcIn, 0n);
      }
      const tokensOut = (cents * 10n ** 34n) / token.maxPrice18;
      credit(w, t, tokensOut);
      return trade("buyExactOut", tokensOut, maxUint256);
    }
  };

  let tradesSent = 0;
  let pending: Promise<number> | undefined;
  let lastTxBlock = 0;
  let lastReport = performance.now();
  // Where the trade phase's time goes: building and signing transactions here, or waiting for anvil to take and
  // mine the previous block.
  let signMs = 0;
  let waitMs = 0;
  for (let b = 0; b < tradeBlocks; b++) {
    const txs: PlannedTx[] = [];
    const creating = createdIn.get(b) ?? [];
    for (const i of creating) txs.push(createTx(i));
    const n = Math.min(p.txsPerBlock, p.trades - tradesSent);
    for (let i = 0; i < n; i++) txs.push(tradeTx());
    tradesSent += n;
    const signStarted = performance.now();
    const raw = await signAll(txs);
    const waitStarted = performance.now();
    signMs += waitStarted - signStarted;
    if (pending) lastTxBlock = await pending;
    waitMs += performance.now() - waitStarted;
    // Tokens created in this block are traded from the next one on.
    for (const i of creating) noteCreated(i);
    live += creating.length;
    pending = sendAndMine(raw);
    if (performance.now() - lastReport > 5_000 || b === tradeBlocks - 1) {
      lastReport = performance.now();
      const seconds = (performance.now() - started) / 1000;
      p.log(
        `  ${tradesSent}/${p.trades} trades, ${live}/${p.tokens} tokens, block ${lastTxBlock}, ${seconds.toFixed(0)} s (${(tradesSent / seconds).toFixed(0)} tx/s; signing ${(signMs / 1000).toFixed(0)} s, waiting for anvil ${(waitMs / 1000).toFixed(0)} s)`,
      );
    }
  }
  if (pending) lastTxBlock = await pending;

  // Fee claims: every wallet earned creator fees; the deployer receives the protocol's.
  const claimData = encodeFunctionData({ abi: launchpadAbi, functionName: "claimFees" });
  const claims = [deployer, ...wallets].map((account) => ({ account, to: launchpad, data: claimData, gas: GAS.claim }));
  lastTxBlock = await sendAndMine(await signAll(claims));

  await node.call("anvil_mine", [toHex(p.trailingBlocks)]);
  await node.call("evm_setBlockGasLimit", [toHex(30_000_000n)]);
  const headBlock = Number(await node.call<Hex>("eth_blockNumber"));
  const generateSeconds = (performance.now() - started) / 1000;
  p.log(
    `mined ${blocksWithTxs} blocks with ${txsSent} transactions, head ${headBlock}, in ${generateSeconds.toFixed(1)} s`,
  );

  const countStarted = performance.now();
  const counted = await countLogs(p.rpcUrl, launchpad, p.deployment.startBlock, lastTxBlock, tokens);
  const countSeconds = (performance.now() - countStarted) / 1000;
  const tradeLogs = counted.launchpad.Trade ?? 0;
  const initialBuys = plans.filter((t) => t.initialBuyUsdc > 0n).length;
  const failedTxs =
    tradesSent +
    initialBuys -
    tradeLogs +
    (claims.length - (counted.launchpad.FeesClaimed ?? 0)) +
    (p.tokens - (counted.launchpad.TokenCreated ?? 0));
  return {
    startBlock: p.deployment.startBlock,
    lastTxBlock,
    headBlock,
    blocksWithTxs,
    txsSent,
    tradesSent,
    launchpadLogs: counted.launchpad,
    launchpadLogsTotal: Object.values(counted.launchpad).reduce((a, b) => a + b, 0),
    tokenTransferLogs: counted.tokenTransfers,
    failedTxs,
    generateSeconds,
    countSeconds,
    tokenAddresses: tokens.map((t) => t.address),
  };
}

/** Launchpad logs by event name and launched tokens' Transfer logs in [from, to], with eth_getLogs. */
async function countLogs(rpcUrl: string, launchpad: Address, from: number, to: number, tokens: Token[]) {
  const node = rpc(rpcUrl);
  const names = new Map<string, string>(
    launchpadAbi.filter((item) => item.type === "event").map((item) => [toEventSelector(item), item.name]),
  );
  const launchpadCounts: Record<string, number> = {};
  let tokenTransfers = 0;
  const step = 25;
  for (let start = from; start <= to; start += step) {
    const range = { fromBlock: toHex(start), toBlock: toHex(Math.min(to, start + step - 1)) };
    const [own, transfers] = await Promise.all([
      node.call<{ topics: Hex[] }[]>("eth_getLogs", [{ ...range, address: launchpad }]),
      node.call<{ topics: Hex[] }[]>("eth_getLogs", [
        { ...range, address: tokens.map((t) => t.address), topics: [transferTopic] },
      ]),
    ]);
    for (const log of own) {
      const name = names.get(log.topics[0] as Hex) ?? "unknown";
      launchpadCounts[name] = (launchpadCounts[name] ?? 0) + 1;
    }
    tokenTransfers += transfers.length;
  }
  return { launchpad: launchpadCounts, tokenTransfers };
}

function noAttribution() {
  return { builder: ZERO, builderFeeBps: 0, referral: ZERO };
}

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
