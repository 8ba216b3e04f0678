// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Test} from "./utils/Test.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {FeeMath} from "../src/libraries/FeeMath.sol";

/// @notice FeeMath.split: the four parts always add up to the fee, the builder's cut is its bps of the base (capped
/// at the fee), and the referral and creator take their shares of what is left, rounded down.
contract FeeMathTest is Test {
    uint256 internal constant BPS = 10_000;
    uint256 internal constant REFERRAL_SHARE_BPS = 2_000;

    function test_split_example() public pure {
        // fee 10 on a base of 1000 (1%), builder 0.5%, referral 20%, creator 30%
        ILaunchpad.FeeSplit memory f =
            FeeMath.split(10e6, 1_000e6, ILaunchpad.Attribution(address(1), 50, address(2)), 3_000, REFERRAL_SHARE_BPS);
        assertEq(f.builder, 5e6, "builder");
        assertEq(f.referral, 1e6, "referral");
        assertEq(f.creator, 1.5e6, "creator");
        assertEq(f.protocol, 2.5e6, "protocol");
    }

    function test_split_withoutAttributionGoesToCreatorAndProtocol() public pure {
        ILaunchpad.FeeSplit memory f =
            FeeMath.split(999, 99_900, ILaunchpad.Attribution(address(0), 50, address(0)), 3_000, REFERRAL_SHARE_BPS);
        assertEq(f.builder, 0, "builder");
        assertEq(f.referral, 0, "referral");
        assertEq(f.creator, 299, "creator rounded down");
        assertEq(f.protocol, 700, "protocol takes the rounding");
    }

    function test_split_capsBuilderAtFee() public pure {
        ILaunchpad.FeeSplit memory f =
            FeeMath.split(3, 10_000, ILaunchpad.Attribution(address(1), 50, address(2)), 5_000, REFERRAL_SHARE_BPS);
        assertEq(f.builder, 3, "capped at the fee");
        assertEq(f.referral + f.creator + f.protocol, 0, "nothing left");
    }

    function testFuzz_split_sumsToFee(
        uint256 fee,
        uint256 base,
        bool hasBuilder,
        uint16 builderBps,
        bool hasReferral,
        uint256 creatorShareBps
    ) public pure {
        base = bound(base, 0, 1e30);
        fee = bound(fee, 0, base);
        builderBps = uint16(bound(builderBps, 0, 50));
        creatorShareBps = bound(creatorShareBps, 0, 5_000);
        ILaunchpad.Attribution memory a = ILaunchpad.Attribution(
            hasBuilder ? address(0xB) : address(0), builderBps, hasReferral ? address(0xF) : address(0)
        );
        ILaunchpad.FeeSplit memory f = FeeMath.split(fee, base, a, creatorShareBps, REFERRAL_SHARE_BPS);
        assertEq(f.protocol + f.creator + f.referral + f.builder, fee, "parts add up to the fee");
        uint256 b = hasBuilder ? base * builderBps / BPS : 0;
        if (b > fee) b = fee;
        assertEq(f.builder, b, "builder");
        uint256 rest = fee - b;
        assertEq(f.referral, hasReferral ? rest * REFERRAL_SHARE_BPS / BPS : 0, "referral");
        assertEq(f.creator, rest * creatorShareBps / BPS, "creator");
        assertGe(f.protocol, rest * (BPS - REFERRAL_SHARE_BPS - creatorShareBps) / BPS, "protocol keeps the rounding");
    }
}
