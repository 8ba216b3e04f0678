import { describe, expect, it } from "vitest";
import { graduationPoolAddress } from "./graduation-pool.js";

describe("graduationPoolAddress", () => {
  // Uniswap's own published pool: USDC/WETH 0.05% on Ethereum mainnet, from the mainnet factory.
  it("gives the address Uniswap's factory gives, whichever order the pair comes in", () => {
    const factory = "0x1F98431c8aD98523631AE4a59f267346ea31F984";
    const usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    const weth = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
    const pool = "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640";
    expect(graduationPoolAddress(factory, usdc, weth, 500)).toBe(pool);
    expect(graduationPoolAddress(factory, weth, usdc, 500)).toBe(pool);
  });
});
