/**
 * Wallet endpoints through the API, against the real stack: check-token-ownership (the caller's wallet or any
 * address, a minimum balance, the block the answer holds at, checked against the chain at that block; every
 * validation error); claim-fees (the creator's share of a trade's fee, claimed with the prepared transaction, to the
 * base unit; nothing left to claim; every validation error); send-token (USDC and a launched token to an address, a
 * username or a user id, sent with the prepared transaction; every refusal); get-user-fees (lifetime by type equal
 * to the fee shares of the chain's Trade logs, before and after a claim).
 */
import { getAddress, maxUint256, parseEventLogs, zeroAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi } from "../abis/index.js";
import { send } from "./helpers/chain.js";
import { type Social, type SocialUser, startSocial, USDC } from "./helpers/social.js";

let s: Social;
let alice: SocialUser;
let bob: SocialUser;
let token: Awaited<ReturnType<Social["token"]>>;

type Ownership = {
  owns: boolean;
  address: string;
  token_id: string;
  chain: string;
  contract_address: string | null;
  balance: string;
  balance_tokens: number;
  min_balance: string;
  block: number | null;
};

beforeAll(async () => {
  s = await startSocial();
  alice = await s.user();
  bob = await s.user();
  token = await s.token("Owned", "OWN");
});

afterAll(async () => {
  await s?.close();
});

const check = async (body: Record<string, unknown>, as?: SocialUser) =>
  (await s.ok("check-token-ownership", body, as)) as unknown as Ownership;

/** The balance the chain itself had at `block`. */
const onChainAt = (holder: string, block: number) =>
  s.c.publicClient.readContract({
    address: token.address,
    abi: launchTokenAbi,
    functionName: "balanceOf",
    args: [holder as `0x${string}`],
    blockNumber: BigInt(block),
  });

describe("check-token-ownership", () => {
  it("answers no for a wallet that holds nothing, at the indexed block", async () => {
    const out = await check({ tokenId: token.id }, alice);
    expect(out).toMatchObject({
      owns: false,
      address: getAddress(alice.address),
      token_id: token.id,
      chain: "base-sepolia",
      contract_address: getAddress(token.address),
      balance: "0",
      balance_tokens: 0,
      min_balance: "1",
    });
    expect(out.block).toBeGreaterThan(0);
  });

  it("answers yes once the caller's wallet holds the token, with the balance the chain had at that block", async () => {
    await s.buy(alice, token.address, 20n * USDC);
    const out = await check({ tokenId: token.id }, alice);
    expect(out.owns).toBe(true);
    expect(BigInt(out.balance)).toBe(await s.balance(alice, token.address));
    expect(BigInt(out.balance)).toBe(await onChainAt(alice.address, out.block as number));
    expect(out.balance_tokens).toBeGreaterThan(1);
  });

  it("compares against minBalance in whole tokens", async () => {
    const held = (await check({ tokenId: token.id }, alice)).balance_tokens;
    const above = await check({ tokenId: token.id, minBalance: Math.ceil(held) + 1 }, alice);
    expect(above).toMatchObject({ owns: false, min_balance: `${Math.ceil(held) + 1}000000000000000000` });
    const below = await check({ tokenId: token.id, minBalance: 1 }, alice);
    expect(below).toMatchObject({ owns: true, min_balance: "1000000000000000000" });
  });

  it("checks any address, anonymously too", async () => {
    const out = await check({ tokenId: token.id, address: alice.address.toLowerCase() });
    expect(out).toMatchObject({ owns: true, address: getAddress(alice.address) });
    const other = await check({ tokenId: token.id, address: bob.address }, alice);
    expect(other).toMatchObject({ owns: false, address: getAddress(bob.address), balance: "0" });
  });

  it.each([
    [{}, "Missing required fields: tokenId", 400, true],
    [{ tokenId: "not-a-uuid" }, "Invalid tokenId", 400, true],
    [{ tokenId: "00000000-0000-4000-8000-000000000000" }, "Token not found", 404, true],
    [{ minBalance: 0 }, "minBalance", 400, true],
    [{ minBalance: -1 }, "minBalance", 400, true],
    [{ minBalance: 1e-19 }, "Invalid minBalance: more than 18 decimal places", 400, true],
    [{ address: "0x1234" }, "Invalid address", 400, true],
    [{ chainSlug: "bnb-testnet" }, "Token not available on chain bnb-testnet", 400, true],
    [{ chainSlug: "moon" }, "Invalid chainSlug", 400, true],
    [{}, "Give an address, or authenticate to check your wallet on record", 400, false],
  ])("refuses %j: %s", async (body, message, status, authenticated) => {
    // An empty body from a caller with a credential tests the missing tokenId; otherwise the token is given.
    const payload = Object.keys(body).length === 0 && authenticated ? {} : { tokenId: token.id, ...body };
    const res = await s.call("check-token-ownership", payload, authenticated ? alice : undefined);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error).toContain(message);
  });
});

describe("claim-fees", () => {
  type Claim = {
    claimable: string;
    claimableBaseUnits: string;
    executed: boolean;
    transactionHash: string | null;
    transaction: { to: `0x${string}`; data: `0x${string}`; gasLimit: string };
  };
  const usdcOf = (who: string) =>
    s.c.publicClient.readContract({
      address: s.c.deployment.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "balanceOf",
      args: [who as `0x${string}`],
    });

  it("prepares the claim of the creator's fee share, which pays exactly what was claimable", async () => {
    // Alice creates a token from her wallet on record; bob's buy pays her the creator's share of the fee.
    const wallet = await alice.wallet();
    const { address: tokenAddress } = await s.tokenOf(alice, "Fee Token", "FEE");
    await s.buy(bob, tokenAddress, 1_000n * USDC);

    const claim = (await s.ok("claim-fees", { chainSlug: "base-sepolia" }, alice)) as unknown as Claim;
    expect(claim.executed).toBe(false);
    expect(claim.transactionHash).toBeNull();
    expect(BigInt(claim.claimableBaseUnits)).toBeGreaterThan(0n);
    expect(Number(claim.claimable)).toBe(Number(claim.claimableBaseUnits) / 1e6);
    expect(claim.transaction.to).toBe(s.c.deployment.contracts.launchpad);

    const before = await usdcOf(alice.address);
    const hash = await wallet.sendTransaction({
      to: claim.transaction.to,
      data: claim.transaction.data,
      gas: BigInt(claim.transaction.gasLimit),
    });
    expect((await s.c.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
    expect((await usdcOf(alice.address)) - before).toBe(BigInt(claim.claimableBaseUnits));

    const again = await s.call("claim-fees", { chainSlug: "base-sepolia" }, alice);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("No fees to claim");
  });

  it.each([
    [{}, 400, "Missing required fields: chainSlug", true],
    [{ chainSlug: "moon" }, 400, "Invalid chainSlug", true],
    [{ chainSlug: "bnb-testnet" }, 400, "Fees are not available on chain bnb-testnet", true],
    [{ chainSlug: "base-sepolia", autoExecute: "yes" }, 400, "Invalid autoExecute", true],
    [{ chainSlug: "base-sepolia" }, 400, "No fees to claim", true],
    [{ chainSlug: "base-sepolia" }, 401, "Missing authorization header", false],
  ])("answers %j with %i: %s", async (body, status, message, authenticated) => {
    const res = await s.call("claim-fees", body, authenticated ? bob : undefined);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error).toContain(message);
  });
});

describe("send-token", () => {
  type Sent = {
    recipient: { address: string; user_id: string | null; username: string | null };
    asset: { type: string; token_id: string | null; symbol: string; contract_address: string };
    amount: string;
    amountBaseUnits: string;
    executed: boolean;
    transaction: { to: `0x${string}`; data: `0x${string}`; gasLimit: string };
  };
  const balanceOf = (asset: `0x${string}`, who: string) =>
    s.c.publicClient.readContract({
      address: asset,
      abi: launchTokenAbi,
      functionName: "balanceOf",
      args: [who as `0x${string}`],
    });
  const sendPrepared = async (tx: Sent["transaction"]) => {
    const wallet = await alice.wallet();
    const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, gas: BigInt(tx.gasLimit) });
    expect((await s.c.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
  };

  it("prepares a USDC transfer to a username, which moves exactly the amount", async () => {
    const usdc = s.c.deployment.contracts.usdc;
    const sent = (await s.ok(
      "send-token",
      { to: `@${bob.username}`, chainSlug: "base-sepolia", amount: 12.5 },
      alice,
    )) as unknown as Sent;
    expect(sent).toMatchObject({
      recipient: { address: getAddress(bob.address), user_id: bob.id, username: bob.username },
      asset: { type: "usdc", token_id: null, symbol: "USDC", contract_address: getAddress(usdc) },
      amount: "12.5",
      amountBaseUnits: "12500000",
      executed: false,
    });
    expect(sent.transaction.to).toBe(getAddress(usdc));
    const before = await balanceOf(usdc, bob.address);
    await sendPrepared(sent.transaction);
    expect((await balanceOf(usdc, bob.address)) - before).toBe(12_500_000n);
  });

  it("prepares a launched token's transfer to a user id, and to an address", async () => {
    const held = await s.balance(alice, token.address);
    expect(held).toBeGreaterThan(10n * 10n ** 18n);
    const byId = (await s.ok(
      "send-token",
      { to: bob.id, tokenId: token.id, chainSlug: "base-sepolia", amount: 3 },
      alice,
    )) as unknown as Sent;
    expect(byId.asset).toMatchObject({ type: "token", token_id: token.id, symbol: "OWN" });
    expect(byId.recipient.user_id).toBe(bob.id);
    await sendPrepared(byId.transaction);
    expect(await balanceOf(token.address, bob.address)).toBe(3n * 10n ** 18n);
    const stranger = "0x00000000000000000000000000000000000000aa";
    const byAddress = (await s.ok(
      "send-token",
      { to: stranger, tokenId: token.id, chainSlug: "base-sepolia", amount: 0.5 },
      alice,
    )) as unknown as Sent;
    expect(byAddress.recipient).toEqual({ address: getAddress(stranger), user_id: null, username: null });
    await sendPrepared(byAddress.transaction);
    expect(await balanceOf(token.address, stranger)).toBe(5n * 10n ** 17n);
  });

  it.each([
    [{ to: "SELF" }, 400, "Cannot send to yourself"],
    [{ to: "SELF_NAME" }, 400, "Cannot send to yourself"],
    [{ to: "0x0000000000000000000000000000000000000000" }, 400, "Cannot send to the zero address"],
    [{ amount: 1e12 }, 400, "Insufficient USDC balance"],
    [{ tokenId: "TOKEN", amount: 1e12 }, 400, "Insufficient token balance"],
    [{ to: "nobody_by_that_name" }, 404, "User not found"],
    [{ to: "00000000-0000-4000-8000-000000000000" }, 404, "User not found"],
    [{ amount: 0 }, 400, "amount"],
    [{ amount: 0.0000001 }, 400, "Invalid amount: more than 6 decimal places"],
    [{ tokenId: "00000000-0000-4000-8000-000000000000" }, 404, "Token not found"],
    [{ chainSlug: "bnb-testnet", tokenId: "TOKEN" }, 400, "Token not available on chain bnb-testnet"],
    [{ chainSlug: undefined }, 400, "Missing required fields: chainSlug"],
  ])("refuses %j with %i: %s", async (overrides, status, message) => {
    const body: Record<string, unknown> = { to: "BOB", chainSlug: "base-sepolia", amount: 1, ...overrides };
    const subst: Record<string, string> = {
      SELF: alice.address,
      SELF_NAME: alice.username,
      BOB: bob.address,
      TOKEN: token.id,
    };
    for (const [k, v] of Object.entries(body)) if (typeof v === "string" && v in subst) body[k] = subst[v];
    if (body.chainSlug === undefined) delete body.chainSlug;
    const res = await s.call("send-token", body, alice);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error).toContain(message);
  });

  it("needs a credential", async () => {
    const res = await s.call("send-token", { to: bob.address, chainSlug: "base-sepolia", amount: 1 });
    expect(res.status).toBe(401);
  });
});

describe("get-user-fees", () => {
  type Amount = { usdc: string; usd: number };
  type Fees = {
    address: string;
    chains: {
      chain: string;
      claimable: Amount;
      claimed: Amount;
      lifetime: Amount;
      by_type: { creator: Amount; builder: Amount; referral: Amount; pool: Amount };
    }[];
  };
  const feesOf = async (u: SocialUser) => (await s.ok("get-user-fees", {}, u)) as unknown as Fees;
  /** Fee shares the chain's Trade logs paid to `who` as creator of `token`, as builder and as referral. */
  const sharesOnChain = async (who: string, created: string[]) => {
    const logs = parseEventLogs({
      abi: launchpadAbi,
      eventName: "Trade",
      logs: await s.c.publicClient.getLogs({ address: s.c.deployment.contracts.launchpad, fromBlock: 0n }),
    });
    const mine = (a: string) => a.toLowerCase() === who.toLowerCase();
    let [creator, builder, referral] = [0n, 0n, 0n];
    for (const l of logs) {
      if (created.some((t) => t.toLowerCase() === l.args.token.toLowerCase())) creator += l.args.fees.creator;
      if (mine(l.args.attribution.builder)) builder += l.args.fees.builder;
      if (mine(l.args.attribution.referral)) referral += l.args.fees.referral;
    }
    return { creator, builder, referral };
  };

  it("splits lifetime fees by type exactly as the chain paid them, and follows a claim", async () => {
    const carol = await s.user();
    const dave = await s.user();
    // Carol creates a token; dave is an approved builder; bob buys it twice, naming dave the second time.
    const made = await s.tokenOf(carol, "Shared Fees", "SHR");
    await send(s.c, s.c.owner(), {
      address: s.c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "setBuilder",
      args: [dave.address, 30],
    } as never);
    await s.buy(bob, made.address, 500n * USDC);
    await send(s.c, await bob.wallet(), {
      address: s.c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [
        made.address,
        300n * USDC,
        0n,
        maxUint256,
        { builder: dave.address, builderFeeBps: 25, referral: zeroAddress },
      ],
    } as never);
    await s.ix.sync();

    const mine = await sharesOnChain(carol.address, [made.address]);
    expect(mine.creator).toBeGreaterThan(0n);
    const fees = await feesOf(carol);
    expect(fees.address).toBe(getAddress(carol.address));
    expect(fees.chains).toHaveLength(1);
    expect(fees.chains[0]).toMatchObject({
      chain: "base-sepolia",
      claimable: { usdc: mine.creator.toString() },
      claimed: { usdc: "0" },
      lifetime: { usdc: mine.creator.toString() },
      by_type: {
        creator: { usdc: mine.creator.toString() },
        builder: { usdc: "0" },
        referral: { usdc: "0" },
        pool: { usdc: "0" },
      },
    });

    const builder = await sharesOnChain(dave.address, []);
    expect(builder.builder).toBe((300n * USDC * 25n) / 10_000n);
    const daves = await feesOf(dave);
    expect(daves.chains[0]?.by_type.builder.usdc).toBe(builder.builder.toString());
    expect(daves.chains[0]?.lifetime.usdc).toBe(builder.builder.toString());

    // After carol claims: nothing claimable, everything claimed, the lifetime unchanged.
    const claim = (await s.ok("claim-fees", { chainSlug: "base-sepolia" }, carol)) as unknown as {
      transaction: { to: `0x${string}`; data: `0x${string}`; gasLimit: string };
    };
    const hash = await (await carol.wallet()).sendTransaction({
      to: claim.transaction.to,
      data: claim.transaction.data,
      gas: BigInt(claim.transaction.gasLimit),
    });
    await s.c.publicClient.waitForTransactionReceipt({ hash });
    await s.ix.sync();
    expect((await feesOf(carol)).chains[0]).toMatchObject({
      claimable: { usdc: "0" },
      claimed: { usdc: mine.creator.toString() },
      lifetime: { usdc: mine.creator.toString() },
    });
  });

  it("answers no chains for a wallet that earned nothing, and needs a credential", async () => {
    const erin = await s.user();
    expect((await feesOf(erin)).chains).toEqual([]);
    expect((await s.call("get-user-fees", {})).status).toBe(401);
  });
});
