// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TickMath} from "@uniswap/v4-core/src/libraries/TickMath.sol";
import {Fixture} from "./utils/Fixture.sol";
import {PoolAttacker} from "./utils/PoolAttacker.sol";
import {Vm} from "./utils/Test.sol";
import {IUniswapV3PoolFull} from "./utils/UniswapV3.sol";
import {ILaunchTokenFull} from "./utils/Deployed.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {CurveMath} from "../src/libraries/CurveMath.sol";
import {PriceMath} from "../src/libraries/PriceMath.sol";

/// @notice The attacks of the outside reviews, run against graduation: an attacker with capital works on the token's
/// V3 pool before graduation (creates it early at any price, fills the per-tick liquidity cap where the locked
/// position goes, lays dust ranges, swaps through it, sandwiches the graduating buy). Every test states what
/// graduation must still deliver: it finishes in the graduating buy, under GRADUATION_GAS_BOUND; the locked position
/// holds at least 97% of the DEX reserve and the DEX supply within 1% at the curve's final price within 1%; and the
/// attacker ends with no more USDC than it put in.
contract GraduationAttackTest is Fixture {
    /// @notice The most gas any graduating call may use, whatever was done to the pool (docs/contracts.md, Graduation).
    uint256 internal constant GRADUATION_GAS_BOUND = 6_000_000;

    PoolAttacker internal att;
    address internal attacker;
    uint256 internal attackerFunded;

    /// @dev Printed by forge with -vv: the figures docs/contracts.md quotes.
    event log_named_uint(string key, uint256 val);

    function setUp() public override {
        super.setUp();
        attacker = makeAddr("attacker");
        att = new PoolAttacker();
        vm.label(address(att), "PoolAttacker");
    }

    // ================================================================ the per-tick cap at the position's ticks

    /// @notice The review's parking attack: fill Uniswap's maxLiquidityPerTick at the ticks the locked full-range
    /// position uses, with one-spacing positions on either side of each (USDC only where the price allows, launch
    /// tokens otherwise), so that minting the position reverts "LO". Both pair orders, both fee tiers. Against the
    /// contracts before the pool was pinned at creation, the attacker created the pool, filled the cap for about
    /// 1.9M USDC (0.3% tier) and every graduating buy reverted.
    function test_attack_fillTickCapAtThePositionTicks() public {
        for (uint256 k; k < 4; ++k) {
            address token = _createTokenOrdered(k < 2 ? MEME : STARTUP, k % 2 == 0);
            IUniswapV3PoolFull pool = _attackerPool(token, 1, 1);
            int24 spacing = pool.tickSpacing();
            int24 edge = TickMath.maxUsableTick(spacing);
            uint128 cap = pool.maxLiquidityPerTick();
            _fundAttackerContract(50_000_000e6);
            // the attacker's tokens too, for the ranges that need them
            _fundAttacker(_buyOutCost(token, 100_000_000e18));
            vm.prank(attacker);
            launchpad.buyExactOut(token, 100_000_000e18, type(uint256).max, _deadline(), _none());
            vm.prank(attacker);
            ILaunchTokenFull(token).transfer(address(att), 100_000_000e18);
            int24[4] memory lowers = [-edge, -edge + spacing, edge - 2 * spacing, edge - spacing];
            for (uint256 i; i < 4; ++i) {
                try att.mint(lowers[i], lowers[i] + spacing, cap) {} catch {}
                try att.mint(lowers[i], lowers[i] + spacing, cap / 1_000_000) {} catch {}
            }
            _graduateAndCheck(token);
        }
    }

    // ================================================================ dust, resets and sandwiches

    /// @notice The review's reset attack: dust ranges (1 wei of USDC each) between the pool's price and the final
    /// price. Against the contracts before the pool was pinned, graduation went pending, and stayed so as long as the
    /// attacker laid them again between calls for a few units of USDC a round.
    function test_attack_dustRangesLaidBeforeGraduation() public {
        for (uint256 o; o < 2; ++o) {
            address token = _createTokenOrdered(MEME, o == 0);
            IUniswapV3PoolFull pool = _attackerPool(token, 1_000, 1);
            int24 spacing = pool.tickSpacing();
            _fundAttackerContract(10_000e6);
            (, int24 tick,,,,,) = pool.slot0();
            int24 target = _tickAt(token, 1, 1);
            // one-spacing ranges every other spacing from the pool's price toward the final price
            int24 step = tick > target ? -2 * spacing : 2 * spacing;
            int24 from = _floorTo(tick, spacing) + step;
            for (int24 i; i < 200; ++i) {
                int24 a = from + step * i;
                if (step < 0 ? a <= target : a >= target) break;
                try att.mint(a, a + spacing, 1e6) {} catch {}
            }
            _graduateAndCheck(token);
        }
    }

    /// @notice The graduating buy front-run: the attacker moves the pool's price as far as any swap lets it (a
    /// 1-unit swap, a million USDC through the seed, and back) and tries to stand liquidity either side of the price.
    /// Graduation still finishes in the buy, and the attacker ends with no more USDC than it brought.
    function test_attack_sandwichTheGraduatingBuy() public {
        for (uint256 o; o < 2; ++o) {
            bool usdcIsToken0 = o == 0;
            address token = _createTokenOrdered(MEME, usdcIsToken0);
            IUniswapV3PoolFull pool = _attackerPool(token, 1, 1);
            _fundAttackerContract(1_000_000e6);
            // toward a higher USD price: zeroForOne when USDC is token0
            (uint160 p,,,,,,) = pool.slot0();
            uint160 up = usdcIsToken0 ? TickMath.MIN_SQRT_PRICE + 1 : TickMath.MAX_SQRT_PRICE - 1;
            try att.swap(usdcIsToken0, 1, up) {} catch {}
            try att.swap(usdcIsToken0, 1_000_000e6, up) {} catch {}
            (uint160 moved,,,,,,) = pool.slot0();
            if (moved != p) {
                try att.swap(!usdcIsToken0, 1, p) {} catch {}
            }
            int24 spacing = pool.tickSpacing();
            (, int24 tick,,,,,) = pool.slot0();
            int24 at = _floorTo(tick, spacing);
            try att.mint(at - spacing, at, 1e18) {} catch {}
            try att.mint(at + spacing, at + 2 * spacing, 1e18) {} catch {}
            _graduateAndCheck(token);
        }
    }

    // ================================================================ pools created before their token

    /// @notice A pool created before its token exists (its address is predictable), at Uniswap's real
    /// MIN_SQRT_RATIO and just under its MAX_SQRT_RATIO, both pair orders, with no liquidity: createToken moves it to
    /// the lowest price, graduation finishes, and every trade mode works on V3 afterwards.
    function test_attack_poolCreatedEarlyAtExtremePrices() public {
        for (uint256 k; k < 4; ++k) {
            bool usdcIsToken0 = k % 2 == 0;
            uint8 poolType = k < 2 ? MEME : STARTUP;
            for (uint256 e; e < 2; ++e) {
                bytes32 salt = _orderedSalt(usdcIsToken0);
                address token = launchpad.predictTokenAddress(creator, salt, NAME, SYMBOL, URI);
                address pool = factory.createPool(token, address(usdc), launchpad.poolType(poolType).dexFeeTier);
                IUniswapV3PoolFull(pool).initialize(e == 0 ? TickMath.MIN_SQRT_PRICE : TickMath.MAX_SQRT_PRICE - 1);
                assertEq(_createToken(creator, poolType, salt), token, "the predicted token");
                _graduateAndCheck(token);
                _tradeAllModesOnV3(token);
            }
        }
    }

    // ================================================================ helpers: graduation and its checks

    /// @dev Bob buys what is left on the curve: the buy graduates the token, under the bound. Then: the locked
    /// position, the price, and the attacker's USDC.
    function _graduateAndCheck(address token) internal {
        ILaunchpad.PoolTypeParams memory p = _pool(token).params;
        uint256 left = p.migrationSupply - _pool(token).supply;
        _fund(bob, _buyOutCost(token, left));
        vm.recordLogs();
        vm.prank(bob);
        uint256 g = gasleft();
        launchpad.buyExactOut(token, left, type(uint256).max, _deadline(), _none());
        uint256 used = g - gasleft();
        emit log_named_uint("graduating buy gas", used);
        assertLe(used, GRADUATION_GAS_BOUND, "graduating buy over the gas bound");
        assertEq(_bal(token, bob), left, "the graduating buyer got its tokens");
        assertTrue(_pool(token).graduated, "graduated in the buy");
        _assertLockedPosition(token, vm.getRecordedLogs(), p);
        _assertAttackerGainedNoUsdc();
    }

    function _assertLockedPosition(address token, Vm.Log[] memory logs, ILaunchpad.PoolTypeParams memory p) internal view {
        ILaunchpad.PoolView memory v = _pool(token);
        assertEq(npm.ownerOf(v.positionId), address(launchpad), "position locked in the launchpad");
        uint256 gi = type(uint256).max;
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter == address(launchpad) && logs[i].topics[0] == ILaunchpad.Graduated.selector) gi = i;
        }
        assertTrue(gi != type(uint256).max, "Graduated emitted by the call that finished");
        (,, uint256 usedTokens, uint256 usedUsdc,) = abi.decode(logs[gi].data, (uint24, uint256, uint256, uint256, uint256));
        assertGe(usedUsdc * BPS, uint256(p.dexReserve) * 9_700, "position holds under 97% of the DEX reserve");
        assertApproxEqRel(usedTokens, p.dexSupply, 0.01e18, "position tokens off the DEX supply by over 1%");
        assertApproxEqRel(_v3PriceE36(token), _finalPriceE36(token), 0.01e18, "pool price off the final price by over 1%");
        _assertSolvent();
    }

    /// @dev The attacker withdraws everything it has in the pool; its USDC (wallet and contract) is then at most
    /// what it was given.
    function _assertAttackerGainedNoUsdc() internal {
        if (att.positionsLength() > 0 && address(att.pool()) != address(0)) att.withdrawAll();
        uint256 holds = usdc.balanceOf(attacker) + usdc.balanceOf(address(att));
        assertLe(holds, attackerFunded, "the attacker ended with more USDC than it put in");
    }

    function _tradeAllModesOnV3(address token) internal {
        _fund(alice, 10_000e6);
        vm.startPrank(alice);
        uint256 got = launchpad.buyExactIn(token, 1_000e6, 1, _deadline(), _none());
        launchpad.buyExactOut(token, got / 2, type(uint256).max, _deadline(), _none());
        launchpad.sellExactIn(token, got / 2, 1, _deadline(), _none());
        launchpad.sellExactOut(token, 100e6, type(uint256).max, _deadline(), _none());
        vm.stopPrank();
    }

    // ================================================================ helpers: the attacker's pool

    function _fundAttacker(uint256 amount) internal {
        _fund(attacker, amount);
        attackerFunded += amount;
    }

    function _fundAttackerContract(uint256 amount) internal {
        uint256 limit = usdc.FAUCET_LIMIT();
        for (uint256 left = amount; left > 0;) {
            uint256 a = left < limit ? left : limit;
            usdc.faucet(address(att), a);
            left -= a;
        }
        attackerFunded += amount;
    }

    /// @dev The token's V3 pool, with the attacker's contract on it. Before the pool was pinned at creation, the
    /// attacker created it here, priced at `num/den` of the curve's final price.
    function _attackerPool(address token, uint256 num, uint256 den) internal returns (IUniswapV3PoolFull pool) {
        address a = launchpad.graduationPoolOf(token);
        if (a.code.length == 0) {
            factory.createPool(token, address(usdc), _pool(token).params.dexFeeTier);
            IUniswapV3PoolFull(a).initialize(_sqrtAt(token, num, den));
        }
        att.setPool(a);
        return IUniswapV3PoolFull(a);
    }

    /// @dev sqrtPriceX96 of `num/den` times the curve's final price (in USDC per token).
    function _sqrtAt(address token, uint256 num, uint256 den) internal view returns (uint160) {
        (uint256 fNum, uint256 fDen) = CurveMath.finalPrice(_pool(token).params);
        return PriceMath.sqrtPriceX96(fNum * num, fDen * den, address(usdc) < token);
    }

    function _tickAt(address token, uint256 num, uint256 den) internal view returns (int24) {
        return TickMath.getTickAtSqrtPrice(_sqrtAt(token, num, den));
    }

    function _floorTo(int24 t, int24 s) internal pure returns (int24) {
        int24 q = t / s;
        if (t < 0 && t % s != 0) --q;
        return q * s;
    }

}
