/**
 * Wallet endpoints through the API, against the real stack: check-token-ownership (the caller's wallet or any
 * address, a minimum balance, the block the answer holds at, checked against the chain at that block; every
 * validation error); claim-fees (the creator's share of a trade's fee, claimed with the prepared transaction, to the
 * base unit; nothing left to claim; every validation error).
 */
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchTokenAbi, mockUsdcAbi } from "../abis/index.js";
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
  const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
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
