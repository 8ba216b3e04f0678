/**
 * The address of a token's Uniswap V3 pool, as the launchpad computes it (Launchpad.graduationPoolOf): the factory's
 * CREATE2 address for (token0, token1, fee). The launchpad creates that pool with the token, pinned by a seed of
 * launch tokens until graduation, so the pool is a holder of every token from its creation.
 */
import { type Address, encodeAbiParameters, getContractAddress, keccak256 } from "viem";

/** keccak256 of UniswapV3Pool's creation code, as v3-periphery's PoolAddress library (and the launchpad) have it. */
export const POOL_INIT_CODE_HASH = "0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54";

export function graduationPoolAddress(v3Factory: Address, usdc: Address, token: Address, feeTier: number): Address {
  const [token0, token1] = BigInt(token) < BigInt(usdc) ? [token, usdc] : [usdc, token];
  const salt = keccak256(
    encodeAbiParameters([{ type: "address" }, { type: "address" }, { type: "uint24" }], [token0, token1, feeTier]),
  );
  return getContractAddress({ opcode: "CREATE2", from: v3Factory, salt, bytecodeHash: POOL_INIT_CODE_HASH });
}
