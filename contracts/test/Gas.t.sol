// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TickMath} from "@uniswap/v4-core/src/libraries/TickMath.sol";
import {Fixture} from "./utils/Fixture.sol";
import {PoolAttacker} from "./utils/PoolAttacker.sol";
import {IUniswapV3PoolFull} from "./utils/UniswapV3.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {CurveMath} from "../src/libraries/CurveMath.sol";
import {PriceMath} from "../src/libraries/PriceMath.sol";

/// @notice One call per test, from state prepared in setUp. Each records its gas in contracts/snapshots/GasTest.json
/// (snapshotGasLastCall), and with gas_snapshot_check on (foundry.toml) forge test fails when one changes.
contract GasTest is Fixture {
    address internal onCurve;
    address internal nearGraduation;
    address internal adversarial;
    uint256 internal held;
    ILaunchpad.CreateTokenParams internal createParams;

    function setUp() public override {
        super.setUp();
        // Referred at creation (only createToken names a token's referral), so the trades below pay one.
        ILaunchpad.CreateTokenParams memory referred = _createParams(MEME, keccak256("gas, referred"));
        referred.attribution = _attr(address(0), 0, referral);
        vm.prank(creator);
        (onCurve,) = launchpad.createToken(referred);
        held = _buyIn(alice, onCurve, 1_000e6);
        nearGraduation = _createToken(MEME);
        _fillTo(nearGraduation, 790_000_000e18);
        adversarial = _createTokenOrdered(STARTUP, false);
        _fillTo(adversarial, 590_000_000e18);
        _worstPool(adversarial);
        _fund(alice, 200_000e6);
        createParams = _createParams(MEME, keccak256("gas"));
    }

    /// @notice createToken: deploys the LaunchToken with CREATE2 and registers its pool, without a first buy.
    function test_gas_createToken() public {
        vm.prank(creator);
        launchpad.createToken(createParams);
        vm.snapshotGasLastCall("createToken");
    }

    /// @notice A 1,000 USDC buy on the curve with builder and referral attribution.
    function test_gas_buyExactIn() public {
        vm.prank(alice);
        launchpad.buyExactIn(onCurve, 1_000e6, 0, block.timestamp, _attr(builder, 25, referral));
        vm.snapshotGasLastCall("curve buyExactIn");
    }

    /// @notice Selling half of a holding back to the curve, with attribution.
    function test_gas_sellExactIn() public {
        vm.prank(alice);
        launchpad.sellExactIn(onCurve, held / 2, 0, block.timestamp, _attr(builder, 25, referral));
        vm.snapshotGasLastCall("curve sellExactIn");
    }

    /// @notice A 5,000 USDC buy that fills the last 10M curve tokens (about 1,800 USDC), graduates into a clean pool
    /// (creates and initializes it, mints the locked full-range position) and swaps the rest on V3, in one call.
    function test_gas_graduateCleanPool() public {
        vm.prank(alice);
        launchpad.buyExactIn(nearGraduation, 5_000e6, 0, block.timestamp, _attr(builder, 25, referral));
        vm.snapshotGasLastCall("graduation, clean pool");
    }

    /// @notice The worst pool an attacker can leave for graduation: a 0.3% pool (spacing 60, the narrowest allowed)
    /// priced at the top of Uniswap's range, with more than MAX_REPRICE_CROSSINGS dust positions spread from there
    /// down to the final price, so the graduating buy reads every bitmap word in between and crosses the most ticks
    /// one call may. It stops there; the next call (graduate) is the same work.
    function test_gas_graduateWorstAdversarialPool() public {
        vm.prank(alice);
        launchpad.buyExactIn(adversarial, 200_000e6, 0, block.timestamp, _none());
        vm.snapshotGasLastCall("graduation, worst adversarial pool: one step");
        assertTrue(_pool(adversarial).graduating, "stopped after the crossings one call may make");
    }

    /// @dev Priced at MAX_SQRT_PRICE - 1 (token1 is USDC: the token at its dearest) with 40 one-spacing USDC
    /// positions (80 ticks) just above the final price: the walk down from the top reads every bitmap word before it
    /// finds them, then the swap crosses as many as one call may.
    function _worstPool(address token) private {
        address pool = factory.createPool(token, address(usdc), 3000);
        IUniswapV3PoolFull(pool).initialize(TickMath.MAX_SQRT_PRICE - 1);
        PoolAttacker att = new PoolAttacker();
        att.setPool(pool);
        usdc.faucet(address(att), 10_000e6);
        (uint256 num, uint256 den) = CurveMath.finalPrice(_pool(token).params);
        int24 target = TickMath.getTickAtSqrtPrice(PriceMath.sqrtPriceX96(num, den, false));
        int24 first = (target / 60 + 2) * 60;
        for (int24 i; i < 40; ++i) att.mint(first + i * 120, first + i * 120 + 60, 1e6);
    }
}
