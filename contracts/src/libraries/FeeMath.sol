// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ILaunchpad} from "../interfaces/ILaunchpad.sol";

/// @title FeeMath
/// @notice Splits one trade fee between creator, referral, builder and protocol. core/fees.ts mirrors it.
library FeeMath {
    uint256 internal constant BPS = 10_000;

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
