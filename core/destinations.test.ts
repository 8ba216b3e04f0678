import { describe, expect, it } from "vitest";
import { planDestinations } from "./destinations.js";

describe("planDestinations", () => {
  const served = new Set(["base-sepolia", "bnb-testnet"]);

  it("deploys to served EVM chains and reports every other chain with its reason, home chain excluded", () => {
    const plans = planDestinations("base-sepolia", undefined, served);
    expect(plans.map((p) => [p.chain, p.deploy])).toEqual([
      ["bnb-testnet", true],
      ["solana-devnet", false],
    ]);
    expect(plans[1]).toMatchObject({ reason: expect.stringMatching(/solana-devnet is not an EVM chain/) });
  });

  it("keeps the order asked, drops duplicates, and says why a chain is not served", () => {
    const plans = planDestinations(
      "base-sepolia",
      ["unichain-testnet", "bnb-testnet", "bnb-testnet", "base", "zkSync-testnet", "base-sepolia"],
      served,
    );
    expect(plans).toEqual([
      { chain: "unichain-testnet", deploy: false, reason: expect.stringMatching(/does not run on unichain-testnet/) },
      { chain: "bnb-testnet", deploy: true },
      { chain: "base", deploy: false, reason: expect.stringMatching(/base is a mainnet and base-sepolia a testnet/) },
      { chain: "zkSync-testnet", deploy: false, reason: expect.stringMatching(/EraVM/) },
    ]);
  });

  it("refuses an unknown slug", () => {
    expect(() => planDestinations("base-sepolia", ["mars"], served)).toThrow();
  });
});
