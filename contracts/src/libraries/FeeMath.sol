// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ILaunchpad} from "../interfaces/ILaunchpad.sol";

/// @title FeeMath
/// @notice The launch fee's schedule, and the split of one trade fee between creator, referral, builder and
/// protocol. core/fees.ts mirrors it.
library FeeMath {
    uint256 internal constant BPS = 10_000;

    /// @notice A curve trade's fee in bps, `elapsed` seconds after its token's creation: launchFeeBps at creation,
    /// falling in a straight line to tradeFeeBps at launchFeeSeconds, and tradeFeeBps from then on. Rounded up (the
    /// pool's way): base + ceil((launchFeeBps - base) * (launchFeeSeconds - elapsed) / launchFeeSeconds).
    function feeBpsAt(ILaunchpad.PoolTypeParams memory p, uint256 elapsed) internal pure returns (uint256) {
        uint256 base = p.tradeFeeBps;
        uint256 window = p.launchFeeSeconds;
        if (elapsed >= window) return base;
        uint256 drop = uint256(p.launchFeeBps) - base;
        return base + (drop * (window - elapsed) + window - 1) / window;
    }

    /// @notice The launch part of `fee`, a fee charged at `feeBps` where the trade fee is `tradeFeeBps`: the share
    /// of the fee above the trade fee, floor(fee * (feeBps - tradeFeeBps) / feeBps). Zero outside the launch window.
    function launchPart(uint256 fee, uint256 feeBps, uint256 tradeFeeBps) internal pure returns (uint256) {
        if (feeBps <= tradeFeeBps) return 0;
        return fee * (feeBps - tradeFeeBps) / feeBps;
    }

    /// @notice Split `fee` (USDC base units) of a trade whose USDC side is `base`.
    /// @dev The creator gets floor(fee * creatorShareBps / BPS) whatever the attribution, so attribution never
    /// shrinks its reward. The referral (when paid) gets floor(fee * referralShareBps / BPS); the builder
    /// floor(base * builderFeeBps / BPS), capped at what is left; the protocol keeps the rest. The parts add up to
    /// `fee` exactly. Requires creatorShareBps + referralShareBps <= BPS (the launchpad's caps guarantee it).
    /// @param builderFeeBps The builder's cut in bps of `base`; zero when no builder is paid.
    /// @param payReferral Whether a referral is paid on this trade.
    function split(
        uint256 fee,
        uint256 base,
        uint256 builderFeeBps,
        bool payReferral,
        uint256 creatorShareBps,
        uint256 referralShareBps
    ) internal pure returns (ILaunchpad.FeeSplit memory f) {
        f.creator = (fee * creatorShareBps) / BPS;
        if (payReferral) f.referral = (fee * referralShareBps) / BPS;
        uint256 room = fee - f.creator - f.referral;
        f.builder = (base * builderFeeBps) / BPS;
        if (f.builder > room) f.builder = room;
        f.protocol = room - f.builder;
    }
}
