/**
 * The pool types registered at deploy, as contracts/src/libraries/PoolTypes.sol. The chain is the authority: the
 * indexer reads each pool's parameters from its TokenCreated event. These copies serve docs, seeds and tests.
 */
import { finalPrice, fullMulDiv, type PoolTypeParams } from "./curve.js";

export const poolTypeIds = { meme: 7, "startup-preseed": 8 } as const;

/** A pool's parameters as the indexer's `pool` table holds them (numeric columns read as decimal strings). */
export type PoolParamsRow = {
  weight_ppm: number;
  virtual_supply: string;
  virtual_reserve: string;
  migration_supply: string;
  dex_supply: string;
  dex_reserve: string;
  trade_fee_bps: number;
  creator_share_bps: number;
  dex_fee_tier: number;
  launch_fee_bps: number;
  launch_fee_seconds: number;
};

/** The parameters of an indexed pool row, in base units. */
export function poolParamsOfRow(r: PoolParamsRow): PoolTypeParams {
  return {
    weightPpm: r.weight_ppm,
    virtualSupply: BigInt(r.virtual_supply),
    virtualReserve: BigInt(r.virtual_reserve),
    migrationSupply: BigInt(r.migration_supply),
    dexSupply: BigInt(r.dex_supply),
    dexReserve: BigInt(r.dex_reserve),
    tradeFeeBps: r.trade_fee_bps,
    creatorShareBps: r.creator_share_bps,
    dexFeeTier: r.dex_fee_tier,
    launchFeeBps: r.launch_fee_bps,
    launchFeeSeconds: r.launch_fee_seconds,
  };
}
export type PoolTypeName = keyof typeof poolTypeIds;

function withDexSupply(p: Omit<PoolTypeParams, "dexSupply">): PoolTypeParams {
  const { num, den } = finalPrice({ ...p, dexSupply: 0n });
  return { ...p, dexSupply: fullMulDiv(p.dexReserve, den, num) };
}

export const defaultPoolTypes: Record<PoolTypeName, PoolTypeParams> = {
  meme: withDexSupply({
    weightPpm: 500_000,
    virtualSupply: 100_000_000n * 10n ** 18n,
    virtualReserve: 500n * 10n ** 6n,
    migrationSupply: 800_000_000n * 10n ** 18n,
    dexReserve: 38_000n * 10n ** 6n,
    tradeFeeBps: 100,
    creatorShareBps: 3_000,
    dexFeeTier: 10_000,
    launchFeeBps: 8_000,
    launchFeeSeconds: 30,
  }),
  "startup-preseed": withDexSupply({
    weightPpm: 500_000,
    virtualSupply: 200_000_000n * 10n ** 18n,
    virtualReserve: 20_000n * 10n ** 6n,
    migrationSupply: 600_000_000n * 10n ** 18n,
    dexReserve: 285_000n * 10n ** 6n,
    tradeFeeBps: 150,
    creatorShareBps: 4_000,
    dexFeeTier: 3_000,
    launchFeeBps: 8_000,
    launchFeeSeconds: 30,
  }),
};
