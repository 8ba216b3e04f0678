// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {FixedPointMathLib as M} from "solady/utils/FixedPointMathLib.sol";
import {ILaunchpad} from "../interfaces/ILaunchpad.sol";

/// @title CurveMath
/// @notice The bonding curve and its fee arithmetic. core/curve.ts runs the same integer steps and must agree to
/// the wei; change both together.
/// @dev A Bancor curve with reserve weight w has price P = R / (w * S). With w = 1/2 it is a polynomial:
/// the virtual reserve is R(S) = R0 * S^2 / S0^2 and the price P(S) = 2 * R0 * S / S0^2, where S is the virtual
/// supply (S0 plus the curve supply s). Inverting R(S) needs only an integer square root, which is exact, so a buy
/// of a USDC amount has a closed form that both languages compute identically. Every step rounds for the pool:
/// reserves up, supplies down, fees up.
library CurveMath {
    uint256 internal constant BPS = 10_000;
    /// @dev USDC base units per token wei -> USD per whole token with 18 decimals: 1e18 (per token) * 1e12.
    uint256 internal constant PRICE_SCALE = 1e30;

    /// @notice Virtual reserve at virtual supply `S`: ceil(R0 * S^2 / S0^2), in USDC base units.
    function reserveAt(uint256 S, uint256 S0, uint256 R0) internal pure returns (uint256) {
        return M.fullMulDivUp(R0, S * S, S0 * S0);
    }

    /// @notice Largest virtual supply whose reserveAt is at most `Rv`: isqrt(floor(Rv * S0^2 / R0)), in token wei.
    function supplyAt(uint256 Rv, uint256 S0, uint256 R0) internal pure returns (uint256) {
        return M.sqrt(M.fullMulDiv(Rv, S0 * S0, R0));
    }

    /// @notice USDC the curve must hold at curve supply `s`, in USDC base units, rounded up.
    function cost(ILaunchpad.PoolTypeParams memory p, uint256 s) internal pure returns (uint256) {
        return reserveAt(p.virtualSupply + s, p.virtualSupply, p.virtualReserve) - p.virtualReserve;
    }

    /// @notice Fee on a gross USDC amount, in USDC base units, rounded up.
    function feeOf(uint256 gross, uint256 feeBps) internal pure returns (uint256) {
        return M.mulDivUp(gross, feeBps, BPS);
    }

    /// @notice Smallest gross amount g with g - feeOf(g) >= net, in USDC base units.
    function grossUp(uint256 net, uint256 feeBps) internal pure returns (uint256) {
        return M.mulDivUp(net, BPS, BPS - feeBps);
    }

    /// @notice Buy with an exact USDC amount (fee included). Fills the curve up to the migration supply and
    /// leaves the rest as `remainder` for Uniswap V3.
    function buyExactIn(ILaunchpad.PoolTypeParams memory p, uint256 s, uint256 usdcIn)
        internal
        pure
        returns (ILaunchpad.CurveQuote memory q)
    {
        uint256 net = usdcIn - feeOf(usdcIn, p.tradeFeeBps);
        uint256 costNow = cost(p, s);
        uint256 toMigration = cost(p, p.migrationSupply) - costNow;
        if (net >= toMigration) {
            q.usdcAmount = grossUp(toMigration, p.tradeFeeBps);
            q.fee = q.usdcAmount - toMigration;
            q.tokenAmount = p.migrationSupply - s;
            q.remainder = usdcIn - q.usdcAmount;
            q.graduates = true;
        } else {
            uint256 S = p.virtualSupply + s;
            uint256 newS = supplyAt(costNow + p.virtualReserve + net, p.virtualSupply, p.virtualReserve);
            q.usdcAmount = usdcIn;
            q.fee = usdcIn - net;
            q.tokenAmount = newS - S;
        }
    }

    /// @notice Buy an exact token amount. Beyond the migration supply the rest is left as `remainder` (tokens).
    function buyExactOut(ILaunchpad.PoolTypeParams memory p, uint256 s, uint256 tokensOut)
        internal
        pure
        returns (ILaunchpad.CurveQuote memory q)
    {
        uint256 onCurve = tokensOut;
        if (s + tokensOut >= p.migrationSupply) {
            onCurve = p.migrationSupply - s;
            q.remainder = tokensOut - onCurve;
            q.graduates = true;
        }
        uint256 net = cost(p, s + onCurve) - cost(p, s);
        q.tokenAmount = onCurve;
        q.usdcAmount = grossUp(net, p.tradeFeeBps);
        q.fee = q.usdcAmount - net;
    }

    /// @notice Sell an exact token amount; `usdcAmount` is what the seller receives after the fee.
    function sellExactIn(ILaunchpad.PoolTypeParams memory p, uint256 s, uint256 tokensIn)
        internal
        pure
        returns (ILaunchpad.CurveQuote memory q)
    {
        if (tokensIn > s) revert ILaunchpad.InsufficientReserve();
        uint256 gross = cost(p, s) - cost(p, s - tokensIn);
        q.tokenAmount = tokensIn;
        q.fee = feeOf(gross, p.tradeFeeBps);
        q.usdcAmount = gross - q.fee;
    }

    /// @notice Sell for an exact USDC amount after the fee; `tokenAmount` is the fewest tokens that pay for it.
    function sellExactOut(ILaunchpad.PoolTypeParams memory p, uint256 s, uint256 usdcOut)
        internal
        pure
        returns (ILaunchpad.CurveQuote memory q)
    {
        uint256 gross = grossUp(usdcOut, p.tradeFeeBps);
        uint256 costNow = cost(p, s);
        if (gross > costNow) revert ILaunchpad.InsufficientReserve();
        uint256 newS = supplyAt(costNow + p.virtualReserve - gross, p.virtualSupply, p.virtualReserve);
        q.tokenAmount = p.virtualSupply + s - newS;
        q.usdcAmount = usdcOut;
        q.fee = gross - usdcOut;
    }

    /// @notice Marginal price at curve supply `s`, in USD per whole token with 18 decimals (1e18 = $1), rounded
    /// down.
    function price(ILaunchpad.PoolTypeParams memory p, uint256 s) internal pure returns (uint256) {
        uint256 S0 = p.virtualSupply;
        return M.fullMulDiv(2 * uint256(p.virtualReserve) * PRICE_SCALE, S0 + s, S0 * S0);
    }

    /// @notice Curve supply times price, in USDC base units, rounded down.
    function marketCap(ILaunchpad.PoolTypeParams memory p, uint256 s) internal pure returns (uint256) {
        return M.fullMulDiv(price(p, s), s, PRICE_SCALE);
    }

    /// @notice Curve supply over migration supply, in bps, rounded down.
    function progressBps(ILaunchpad.PoolTypeParams memory p, uint256 s) internal pure returns (uint256) {
        return s >= p.migrationSupply ? BPS : (s * BPS) / p.migrationSupply;
    }

    /// @notice The curve's exact final price as a fraction: USDC base units per token wei = num / den.
    function finalPrice(ILaunchpad.PoolTypeParams memory p) internal pure returns (uint256 num, uint256 den) {
        uint256 S0 = p.virtualSupply;
        num = 2 * uint256(p.virtualReserve) * (S0 + p.migrationSupply);
        den = S0 * S0;
    }
}
