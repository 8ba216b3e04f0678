// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ILaunchpad} from "../../src/interfaces/ILaunchpad.sol";
import {HookedUSDC, ITransferHook} from "./HookedUSDC.sol";

/// @notice A malicious builder / referral / trader: whenever the launchpad pays it USDC, it re-enters the launchpad
/// once with the armed attack, and records what happened.
contract ReentrantRecipient is ITransferHook {
    enum Attack {
        ClaimFees,
        BuyExactIn,
        BuyExactOut,
        SellExactIn,
        SellExactOut,
        CreateToken,
        SwapCallback
    }

    ILaunchpad public immutable launchpad;
    HookedUSDC public immutable usdc;
    address public token;
    Attack public attack;
    /// When set, a failed re-entry reverts the payout it happened in.
    bool public propagate;
    bool internal armed;

    uint256 public attempts;
    uint256 public successes;
    bytes public lastError;

    constructor(ILaunchpad launchpad_, HookedUSDC usdc_) {
        launchpad = launchpad_;
        usdc = usdc_;
        usdc_.registerHook();
        usdc_.approve(address(launchpad_), type(uint256).max);
    }

    function arm(Attack attack_, address token_, bool propagate_) external {
        attack = attack_;
        token = token_;
        propagate = propagate_;
        armed = true;
    }

    function claim() external returns (uint256) {
        return launchpad.claimFees();
    }

    function buy(address token_, uint256 usdcIn) external returns (uint256) {
        return launchpad.buyExactIn(token_, usdcIn, 0, block.timestamp, ILaunchpad.Attribution(address(0), 0, address(0)));
    }

    function sell(address token_, uint256 tokensIn) external returns (uint256) {
        return launchpad.sellExactIn(token_, tokensIn, 0, block.timestamp, ILaunchpad.Attribution(address(0), 0, address(0)));
    }

    function onTokenTransfer(address from, uint256) external {
        if (msg.sender != address(usdc) || from != address(launchpad) || !armed) return;
        armed = false; // once per arming
        ++attempts;
        (bool ok, bytes memory err) = address(launchpad).call(_payload());
        if (ok) {
            ++successes;
        } else {
            lastError = err;
            if (propagate) {
                assembly ("memory-safe") {
                    revert(add(err, 0x20), mload(err))
                }
            }
        }
    }

    function _payload() internal view returns (bytes memory) {
        ILaunchpad.Attribution memory self = ILaunchpad.Attribution(address(this), 50, address(this));
        uint256 held = IERC20(token).balanceOf(address(this));
        if (attack == Attack.ClaimFees) return abi.encodeCall(ILaunchpad.claimFees, ());
        if (attack == Attack.BuyExactIn) {
            return abi.encodeCall(ILaunchpad.buyExactIn, (token, 1_000e6, 0, block.timestamp, self));
        }
        if (attack == Attack.BuyExactOut) {
            return abi.encodeCall(ILaunchpad.buyExactOut, (token, 1e24, type(uint256).max, block.timestamp, self));
        }
        if (attack == Attack.SellExactIn) {
            return abi.encodeCall(ILaunchpad.sellExactIn, (token, held / 2, 0, block.timestamp, self));
        }
        if (attack == Attack.SellExactOut) {
            return abi.encodeCall(ILaunchpad.sellExactOut, (token, 1e6, type(uint256).max, block.timestamp, self));
        }
        if (attack == Attack.CreateToken) {
            ILaunchpad.CreateTokenParams memory p;
            p.name = "Re";
            p.symbol = "RE";
            p.poolType = 7;
            p.salt = keccak256(abi.encode(attempts));
            p.attribution = self;
            p.initialBuyUsdc = 1_000e6;
            p.deadline = block.timestamp;
            return abi.encodeCall(ILaunchpad.createToken, (p));
        }
        // pretend to be a pool asking to be paid
        return abi.encodeWithSignature("uniswapV3SwapCallback(int256,int256,bytes)", int256(1e6), int256(1e6), "");
    }
}
