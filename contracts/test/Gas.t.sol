// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Fixture} from "./utils/Fixture.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";

/// @notice One call per test, from state prepared in setUp, so that `forge snapshot --match-contract Gas` records
/// what each entry point costs (plus the fixed overhead of a test call and one prank).
contract GasTest is Fixture {
    address internal onCurve;
    address internal nearGraduation;
    uint256 internal held;
    ILaunchpad.CreateTokenParams internal createParams;

    function setUp() public override {
        super.setUp();
        onCurve = _createToken(MEME);
        held = _buyIn(alice, onCurve, 1_000e6);
        nearGraduation = _createToken(MEME);
        _fillTo(nearGraduation, 790_000_000e18);
        _fund(alice, 20_000e6);
        createParams = _createParams(MEME, keccak256("gas"));
    }

    /// @notice createToken: deploys the LaunchToken with CREATE2 and registers its pool, without a first buy.
    function test_gas_createToken() public {
        vm.prank(creator);
        launchpad.createToken(createParams);
    }

    /// @notice A 1,000 USDC buy on the curve with builder and referral attribution.
    function test_gas_buyExactIn() public {
        vm.prank(alice);
        launchpad.buyExactIn(onCurve, 1_000e6, 0, block.timestamp, _attr(builder, 25, referral));
    }

    /// @notice Selling half of a holding back to the curve, with attribution.
    function test_gas_sellExactIn() public {
        vm.prank(alice);
        launchpad.sellExactIn(onCurve, held / 2, 0, block.timestamp, _attr(builder, 25, referral));
    }

    /// @notice A 5,000 USDC buy that fills the last 10M curve tokens (about 1,800 USDC), graduates (creates and
    /// initializes the V3 pool, mints the locked full-range position) and swaps the rest on V3, in one call.
    function test_gas_graduate() public {
        vm.prank(alice);
        launchpad.buyExactIn(nearGraduation, 5_000e6, 0, block.timestamp, _attr(builder, 25, referral));
    }
}
