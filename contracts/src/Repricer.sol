// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BitMath} from "@uniswap/v4-core/src/libraries/BitMath.sol";
import {TickMath} from "@uniswap/v4-core/src/libraries/TickMath.sol";
import {IUniswapV3Pool} from "./interfaces/IUniswapV3.sol";

/// @title Repricer
/// @notice Bounds the work of a graduation swap that moves a V3 pool to a target price. A V3 swap costs gas for every
/// initialized tick it crosses, and anyone can initialize ticks, so graduation never swaps across more than
/// `maxCrossings` of them at once: it stops short and finishes in a later call.
/// @dev A stateless contract the launchpad creates in its constructor and calls with STATICCALL: its code (and
/// TickMath's) would not fit in the launchpad's 24 KiB.
contract Repricer {
    /// @notice The sqrt price limit for a swap from the pool's price toward `target` that crosses at most
    /// `maxCrossings` initialized ticks (one more when a tick lies exactly on `target`). It is `target` itself when
    /// no more than that many lie in the way.
    /// @dev Reads the pool's tick bitmap word by word from the current tick toward the target: at most
    /// (tick distance) / (256 * spacing) + 1 words. A zeroForOne swap crosses a tick t when the price comes down to
    /// sqrt(t), so the limit sits 1 above the first tick it must not cross; a oneForZero swap crosses t when the
    /// price rises to sqrt(t), so the limit sits 1 below it.
    function limitWithin(IUniswapV3Pool pool, int24 spacing, int24 tick, bool zeroForOne, uint160 target, uint256 maxCrossings)
        external
        view
        returns (uint160)
    {
        int24 targetTick = TickMath.getTickAtSqrtPrice(target);
        int24 compressed = tick / spacing;
        if (tick < 0 && tick % spacing != 0) compressed--; // round toward negative infinity
        uint256 found;
        unchecked {
            if (zeroForOne) {
                // initialized ticks at or below the current tick, highest first
                int16 word = int16(compressed >> 8);
                uint256 mask = pool.tickBitmap(word) & ((2 << uint8(uint24(compressed & 255))) - 1);
                while (true) {
                    while (mask != 0) {
                        uint8 bit = BitMath.mostSignificantBit(mask);
                        int24 t = (int24(word) * 256 + int24(uint24(bit))) * spacing;
                        if (t <= targetTick) return target;
                        if (++found > maxCrossings) return TickMath.getSqrtPriceAtTick(t) + 1;
                        mask ^= 1 << bit;
                    }
                    // the next word down starts below the target: nothing more to cross on the way
                    if ((int24(word) * 256) * spacing <= targetTick) return target;
                    mask = pool.tickBitmap(--word);
                }
            } else {
                // initialized ticks above the current tick, lowest first
                int24 next = compressed + 1;
                int16 word = int16(next >> 8);
                uint256 mask = pool.tickBitmap(word) & ~((1 << uint8(uint24(next & 255))) - 1);
                while (true) {
                    while (mask != 0) {
                        uint8 bit = BitMath.leastSignificantBit(mask);
                        int24 t = (int24(word) * 256 + int24(uint24(bit))) * spacing;
                        if (t > targetTick) return target;
                        if (++found > maxCrossings) return TickMath.getSqrtPriceAtTick(t) - 1;
                        mask ^= 1 << bit;
                    }
                    if ((int24(word) * 256 + 255) * spacing >= targetTick) return target;
                    mask = pool.tickBitmap(++word);
                }
            }
        }
        return target; // unreachable: both loops return
    }
}
