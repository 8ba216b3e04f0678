// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ILaunchpad} from "../interfaces/ILaunchpad.sol";

/// @title FeeMath
/// @notice Splits one trade fee between builder, referral, creator and protocol. core/fees.ts mirrors it.
library FeeMath {
    uint256 internal constant BPS = 10_000;

    /// @notice Split `fee` (USDC base units) of a trade whose USDC side is `base`.
    /// @dev builder = floor(base * builderFeeBps / BPS), capped at the fee; of the rest, the referral (when set)
    /// gets floor(rest * referralShareBps / BPS) and the creator floor(rest * creatorShareBps / BPS); the protocol
    /// gets what remains, so the parts always add up to `fee` exactly.
    function split(
        uint256 fee,
        uint256 base,
        ILaunchpad.Attribution memory a,
        uint256 creatorShareBps,
        uint256 referralShareBps
    ) internal pure returns (ILaunchpad.FeeSplit memory f) {
        if (a.builder != address(0)) {
            f.builder = (base * a.builderFeeBps) / BPS;
            if (f.builder > fee) f.builder = fee;
        }
        uint256 rest = fee - f.builder;
        if (a.referral != address(0)) f.referral = (rest * referralShareBps) / BPS;
        f.creator = (rest * creatorShareBps) / BPS;
        f.protocol = rest - f.referral - f.creator;
    }
}
