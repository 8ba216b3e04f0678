// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TickMath} from "@uniswap/v4-core/src/libraries/TickMath.sol";
import {Fixture} from "./utils/Fixture.sol";
import {IUniswapV3PoolFull} from "./utils/UniswapV3.sol";

/// @notice Every Uniswap constant the launchpad uses, checked against Uniswap itself: the v3-core TickMath source as
/// published on npm, and the UniswapV3Pool bytecode the fixture deploys. (PriceMath's MAX_SQRT_RATIO was once 1000×
/// too small; it was only ever checked against itself.)
contract UniswapConstantsTest is Fixture {
    string internal constant TICK_MATH = "node_modules/@uniswap/v3-core/contracts/libraries/TickMath.sol";
    string internal constant POOL_ARTIFACT =
        "node_modules/@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json";

    function test_constants_equalV3CoreTickMathSource() public view {
        string memory src = vm.readFile(TICK_MATH);
        assertEq(uint256(uint160(TickMath.MIN_SQRT_PRICE)), vm.parseUint(_valueOf(src, "MIN_SQRT_RATIO")), "MIN_SQRT_RATIO");
        assertEq(uint256(uint160(TickMath.MAX_SQRT_PRICE)), vm.parseUint(_valueOf(src, "MAX_SQRT_RATIO")), "MAX_SQRT_RATIO");
        assertTrue(int256(TickMath.MIN_TICK) == vm.parseInt(_valueOf(src, "MIN_TICK")), "MIN_TICK");
        assertTrue(TickMath.MAX_TICK == -TickMath.MIN_TICK, "MAX_TICK is -MIN_TICK, as v3-core defines it");
    }

    function test_poolInitCodeHash_equalsTheDeployedPoolsCreationCode() public view {
        bytes32 hash = keccak256(vm.parseJsonBytes(vm.readFile(POOL_ARTIFACT), ".bytecode"));
        assertEq(launchpad.POOL_INIT_CODE_HASH(), hash, "POOL_INIT_CODE_HASH");
    }

    /// @notice The real pool accepts exactly [MIN_SQRT_RATIO, MAX_SQRT_RATIO) and reports MIN_TICK and MAX_TICK - 1
    /// at its ends.
    function test_sqrtRatioBounds_matchTheRealPool() public {
        _expectInitReverts(TickMath.MIN_SQRT_PRICE - 1);
        _expectInitReverts(TickMath.MAX_SQRT_PRICE);
        assertTrue(_tickAfterInit(TickMath.MIN_SQRT_PRICE) == TickMath.MIN_TICK, "tick at MIN_SQRT_RATIO");
        assertTrue(_tickAfterInit(TickMath.MAX_SQRT_PRICE - 1) == TickMath.MAX_TICK - 1, "tick just under MAX_SQRT_RATIO");
    }

    /// @notice getSqrtPriceAtTick(t) is exactly Uniswap's: the real pool puts that price at tick t and one unit less
    /// at tick t - 1, which pins it as the least sqrt price of tick t.
    function testFuzz_getSqrtPriceAtTick_matchesTheRealPool(int24 tick) public {
        tick = int24(int256(bound(uint256(int256(tick) + 887272), 1, 2 * 887272 - 1)) - 887272);
        uint160 s = TickMath.getSqrtPriceAtTick(tick);
        assertTrue(_tickAfterInit(s) == tick, "the pool's tick at getSqrtPriceAtTick(t)");
        assertTrue(_tickAfterInit(s - 1) == tick - 1, "the pool's tick one unit below");
    }

    uint256 private _n;

    /// @dev A fresh pool (a new token pair each time), initialized at `sqrtP`; returns the tick the pool computed.
    function _tickAfterInit(uint160 sqrtP) private returns (int24 tick) {
        address pool = factory.createPool(address(uint160(0x1000 + ++_n)), address(usdc), 3000);
        IUniswapV3PoolFull(pool).initialize(sqrtP);
        (, tick,,,,,) = IUniswapV3PoolFull(pool).slot0();
    }

    function _expectInitReverts(uint160 sqrtP) private {
        address pool = factory.createPool(address(uint160(0x1000 + ++_n)), address(usdc), 3000);
        vm.expectRevert(bytes("R"));
        IUniswapV3PoolFull(pool).initialize(sqrtP);
    }

    /// @dev The literal after `<name> = ` in the source, up to the `;`.
    function _valueOf(string memory src, string memory name) private pure returns (string memory) {
        bytes memory s = bytes(src);
        bytes memory key = bytes(string.concat(name, " = "));
        for (uint256 i; i + key.length <= s.length; ++i) {
            bool hit = true;
            for (uint256 j; j < key.length && hit; ++j) hit = s[i + j] == key[j];
            if (!hit) continue;
            uint256 start = i + key.length;
            uint256 end = start;
            while (s[end] != ";") ++end;
            bytes memory v = new bytes(end - start);
            for (uint256 k; k < v.length; ++k) v[k] = s[start + k];
            return string(v);
        }
        revert(string.concat(name, " not found in TickMath.sol"));
    }
}
