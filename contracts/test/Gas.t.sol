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
        _fund(alice, 200_000e6);
        createParams = _createParams(MEME, keccak256("gas"));
    }

    /// @notice createToken: deploys the LaunchToken with CREATE2, registers its curve, and creates its V3 pool pinned by
    /// the seed (see Launchpad._pinPool), without a first buy.
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

    /// @notice A 5,000 USDC buy that fills the last 10M curve tokens (about 1,800 USDC), graduates (buys the seed back
    /// on the way to the final price, mints the locked full-range position) and swaps the rest on V3, in one call.
    /// Nobody can put anything in the pool before graduation, so this is graduation's gas whatever anyone did.
    function test_gas_graduateCleanPool() public {
        vm.prank(alice);
        launchpad.buyExactIn(nearGraduation, 5_000e6, 0, block.timestamp, _attr(builder, 25, referral));
        vm.snapshotGasLastCall("graduation");
    }
}
