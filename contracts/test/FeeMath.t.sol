// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Test} from "./utils/Test.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {FeeMath} from "../src/libraries/FeeMath.sol";

/// @notice FeeMath.split: the four parts always add up to the fee; the creator's share is of the whole fee whatever
/// the attribution; referral and builder come out of the protocol's part, the builder capped at what is left.
contract FeeMathTest is Test {
    uint256 internal constant BPS = 10_000;
    uint256 internal constant REFERRAL_SHARE_BPS = 2_000;

    function test_split_example() public pure {
        // fee 10 on a base of 1000 (1%), builder 0.3%, referral 20%, creator 30%
        ILaunchpad.FeeSplit memory f = FeeMath.split(10e6, 1_000e6, 30, true, 3_000, REFERRAL_SHARE_BPS);
        assertEq(f.creator, 3e6, "creator: 30% of the whole fee");
        assertEq(f.referral, 2e6, "referral: 20% of the fee");
        assertEq(f.builder, 3e6, "builder: 0.3% of the base");
        assertEq(f.protocol, 2e6, "protocol keeps the rest");
    }

    function test_split_withoutAttributionGoesToCreatorAndProtocol() public pure {
        ILaunchpad.FeeSplit memory f = FeeMath.split(999, 99_900, 0, false, 3_000, REFERRAL_SHARE_BPS);
        assertEq(f.builder, 0, "builder");
        assertEq(f.referral, 0, "referral");
        assertEq(f.creator, 299, "creator rounded down");
        assertEq(f.protocol, 700, "protocol takes the rounding");
    }

    function test_split_capsBuilderAtProtocolPart() public pure {
        // 0.5% fee, creator 50%, referral 20%: 30% of the fee is left, less than a 0.5% builder cut
        ILaunchpad.FeeSplit memory f = FeeMath.split(50, 10_000, 50, true, 5_000, REFERRAL_SHARE_BPS);
        assertEq(f.creator, 25, "creator untouched");
        assertEq(f.referral, 10, "referral");
        assertEq(f.builder, 15, "builder capped at what is left");
        assertEq(f.protocol, 0, "nothing left");
    }

    function testFuzz_split_creatorShareNeverShrinks(uint256 fee, uint256 base, uint16 builderBps, bool hasReferral) public pure {
        base = bound(base, 0, 1e30);
        fee = bound(fee, 0, base);
        builderBps = uint16(bound(builderBps, 0, 50));
        ILaunchpad.FeeSplit memory bare = FeeMath.split(fee, base, 0, false, 3_000, REFERRAL_SHARE_BPS);
        ILaunchpad.FeeSplit memory f = FeeMath.split(fee, base, builderBps, hasReferral, 3_000, REFERRAL_SHARE_BPS);
        assertEq(f.creator, bare.creator, "attribution leaves the creator's share alone");
    }

    function testFuzz_split_sumsToFee(uint256 fee, uint256 base, uint16 builderBps, bool hasReferral, uint256 creatorShareBps)
        public
        pure
    {
        base = bound(base, 0, 1e30);
        fee = bound(fee, 0, base);
        builderBps = uint16(bound(builderBps, 0, 50));
        creatorShareBps = bound(creatorShareBps, 0, 5_000);
        ILaunchpad.FeeSplit memory f = FeeMath.split(fee, base, builderBps, hasReferral, creatorShareBps, REFERRAL_SHARE_BPS);
        assertEq(f.protocol + f.creator + f.referral + f.builder, fee, "parts add up to the fee");
        assertEq(f.creator, fee * creatorShareBps / BPS, "creator");
        assertEq(f.referral, hasReferral ? fee * REFERRAL_SHARE_BPS / BPS : 0, "referral");
        uint256 room = fee - f.creator - f.referral;
        uint256 b = base * builderBps / BPS;
        assertEq(f.builder, b < room ? b : room, "builder");
    }
}
