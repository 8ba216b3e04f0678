/**
 * get-portfolio through the API, against the real stack: a scripted sequence of buys, sells and transfers, with each
 * holding's cost basis and realised and unrealised PnL checked against average cost worked out step by step in this
 * file from the amounts the chain's Trade logs report; the wallet's USDC read from the chain; and every validation
 * error. The MCP tool get_portfolio returns the same service (tests/mcp.server.test.ts).
 */
import { type Address, getAddress, maxUint256, parseEventLogs, zeroAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi } from "../abis/index.js";
import { send } from "./helpers/chain.js";
import { type Social, type SocialUser, startSocial, USDC } from "./helpers/social.js";

let s: Social;
let alice: SocialUser;
let bob: SocialUser;
let token: Awaited<ReturnType<Social["token"]>>;

type Usd = { usdc: string; usd: number };
type Holding = {
  token_id: string;
  contract_address: string;
  balance: string;
  price_usd: number;
  value_usdc: string;
  average_cost_usd: number;
  cost_basis: Usd;
  realised_pnl: Usd;
  unrealised_pnl: Usd;
};
type Portfolio = {
  address: string;
  holdings: Holding[];
  totals: { value: Usd; cost_basis: Usd; realised_pnl: Usd; unrealised_pnl: Usd };
  usdc_balances: { chain: string; balance: Usd | null }[];
  total: number;
};

const NONE = { builder: zeroAddress, builderFeeBps: 0, referral: zeroAddress };
/** USDC base units of token wei at an 18-decimal USD price. */
const VALUE_SCALE = 10n ** 30n;

beforeAll(async () => {
  s = await startSocial();
  alice = await s.user();
  bob = await s.user();
  token = await s.token("Ledger", "LDG");
});

afterAll(async () => {
  await s?.close();
});

/** A launchpad trade from `u`'s wallet; what its Trade log reports: tokens, USDC (paid or received) and the price after. */
async function trade(u: SocialUser, functionName: "buyExactIn" | "sellExactIn", amount: bigint) {
  const receipt = await send(s.c, await u.wallet(), {
    address: s.c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName,
    args: [token.address, amount, 0n, maxUint256, NONE],
  } as never);
  await s.ix.sync();
  const [log] = parseEventLogs({ abi: launchpadAbi, eventName: "Trade", logs: receipt.logs });
  if (!log) throw new Error("no Trade log");
  return { tokens: log.args.tokenAmount, usdc: log.args.usdcAmount, price: log.args.state.price };
}

async function transfer(from: SocialUser, to: SocialUser, amount: bigint) {
  await send(s.c, await from.wallet(), {
    address: token.address,
    abi: launchTokenAbi,
    functionName: "transfer",
    args: [to.address, amount],
  } as never);
  await s.ix.sync();
}

const portfolio = async (body: Record<string, unknown>, as?: SocialUser) =>
  (await s.ok("get-portfolio", body, as)) as unknown as Portfolio;
const holdingOf = (p: Portfolio) => p.holdings.find((h) => h.token_id === token.id);

describe("get-portfolio", () => {
  it("books buys, sells and transfers at average cost, as worked out by hand", async () => {
    // 1. Alice buys for $100, then 2. for $50: her cost is what she paid, fees included.
    const b1 = await trade(alice, "buyExactIn", 100n * USDC);
    const b2 = await trade(alice, "buyExactIn", 50n * USDC);
    expect(b1.usdc).toBe(100n * USDC);
    let aliceTokens = b1.tokens + b2.tokens;
    let aliceCost = 150n * USDC;
    let aliceRealised = 0n;

    // 3. She sells half: it takes half her cost (rounded down), and realises what it received less that.
    const half = aliceTokens / 2n;
    const s3 = await trade(alice, "sellExactIn", half);
    const soldCost = (aliceCost * half) / aliceTokens;
    aliceRealised += s3.usdc - soldCost;
    aliceCost -= soldCost;
    aliceTokens -= half;
    // The half she sells is the top of the curve she bought up, so it fetches more than its average cost.
    expect(aliceRealised).toBeGreaterThan(0n);

    // 4. She gives Bob a quarter of the rest: her cost drops by its share, realising nothing; Bob's cost is its
    //    value at the price the last trade left.
    const gift = aliceTokens / 4n;
    await transfer(alice, bob, gift);
    aliceCost -= (aliceCost * gift) / aliceTokens;
    aliceTokens -= gift;
    const bobCost = (gift * s3.price) / VALUE_SCALE;
    expect(bobCost).toBeGreaterThan(0n);

    // 5. Bob sells all of it: he realises what he received less that value.
    const s5 = await trade(bob, "sellExactIn", gift);
    const bobRealised = s5.usdc - bobCost;

    const a = await portfolio({}, alice);
    const h = holdingOf(a);
    expect(h, JSON.stringify(a)).toBeDefined();
    if (!h) return;
    expect(BigInt(h.balance)).toBe(aliceTokens);
    expect(h.cost_basis.usdc).toBe(aliceCost.toString());
    expect(h.realised_pnl.usdc).toBe(aliceRealised.toString());
    // Valued at the price Bob's sale left.
    const value = (aliceTokens * s5.price) / VALUE_SCALE;
    expect(h.value_usdc).toBe(value.toString());
    expect(h.unrealised_pnl.usdc).toBe((value - aliceCost).toString());
    expect(h.average_cost_usd).toBeCloseTo(Number(aliceCost) / 1e6 / (Number(aliceTokens) / 1e18), 9);
    expect(h.cost_basis.usd).toBe(Number(aliceCost) / 1e6);
    expect(a.totals.realised_pnl.usdc).toBe(aliceRealised.toString());

    // Bob holds nothing now; what he realised stays in his totals.
    const b = await portfolio({}, bob);
    expect(holdingOf(b)).toBeUndefined();
    expect(b.totals.realised_pnl.usdc).toBe(bobRealised.toString());
    expect(b.totals.cost_basis.usdc).toBe("0");
    // Received at the marginal price; sold down the curve and less the fee, they fetched less.
    expect(bobRealised).toBeLessThan(0n);
  });

  it("gives the wallet's USDC on each chain as the chain has it", async () => {
    const p = await portfolio({}, alice);
    const onChain = await s.c.publicClient.readContract({
      address: s.c.deployment.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "balanceOf",
      args: [alice.address],
    });
    expect(p.usdc_balances).toEqual([
      { chain: "base-sepolia", balance: { usdc: onChain.toString(), usd: Number(onChain) / 1e6 } },
    ]);
  });

  it("shows any address to anyone, and the caller's wallet by default", async () => {
    const mine = await portfolio({}, alice);
    const asked = await portfolio({ address: alice.address.toLowerCase() });
    expect(asked.address).toBe(getAddress(alice.address));
    expect(asked.holdings).toEqual(mine.holdings);
    expect(asked.totals).toEqual(mine.totals);
  });

  it("refuses an anonymous call without an address, and bad parameters", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, "Missing required fields: address"],
      [{ address: "0x1234" }, "address"],
      [{ address: alice.address, limit: 0 }, "limit"],
      [{ address: alice.address, limit: 101 }, "limit"],
      [{ address: alice.address, offset: -1 }, "offset"],
    ];
    for (const [body, message] of cases) {
      const res = await s.call("get-portfolio", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toContain(message);
    }
  });

  it("lists nothing for a wallet that never held a token", async () => {
    const nobody = getAddress(`0x${"5".repeat(40)}`) as Address;
    const p = await portfolio({ address: nobody });
    expect(p.holdings).toEqual([]);
    expect(p.total).toBe(0);
    expect(p.totals.realised_pnl.usdc).toBe("0");
  });
});
