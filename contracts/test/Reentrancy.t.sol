// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {Fixture} from "./utils/Fixture.sol";
import {HookedUSDC} from "./utils/HookedUSDC.sol";
import {ReentrantRecipient} from "./utils/ReentrantRecipient.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {MockUSDC} from "../src/mocks/MockUSDC.sol";

/// @notice A fee recipient (or seller) whose USDC transfers call it back re-enters the launchpad during its payout.
/// Every re-entry fails, and it ends with exactly what it was owed.
contract ReentrancyTest is Fixture {
    ReentrantRecipient internal evil;

    function _deployUsdc() internal override returns (MockUSDC) {
        return new HookedUSDC();
    }

    function setUp() public override {
        super.setUp();
        evil = new ReentrantRecipient(launchpad, HookedUSDC(address(usdc)));
        vm.label(address(evil), "evil");
        usdc.faucet(address(evil), 100_000e6);
        vm.startPrank(owner);
        launchpad.setBuilder(address(evil), 50);
        launchpad.setReferrer(address(evil), true);
        vm.stopPrank();
    }

    function test_claimFees_reentrantFeeRecipientGainsNothing() public {
        address token = _createToken(MEME);
        evil.buy(token, 1_000e6); // so that its re-entrant sells have something to sell
        for (uint8 a; a <= uint8(ReentrantRecipient.Attack.SwapCallback); ++a) {
            // alice's trade makes evil her builder and referral
            _fund(alice, 5_000e6);
            vm.prank(alice);
            launchpad.buyExactIn(token, 5_000e6, 0, _deadline(), _attr(address(evil), 50, address(evil)));
            uint256 accrued = launchpad.claimable(address(evil));
            assertGt(accrued, 0, "accrued");
            uint256 usdcBefore = usdc.balanceOf(address(evil));
            uint256 tokensBefore = _bal(token, address(evil));
            uint256 totalBefore = launchpad.totalClaimable();
            uint256 tokenCount = launchpad.allTokensLength();

            evil.arm(ReentrantRecipient.Attack(a), token, false);
            assertEq(evil.claim(), accrued, "claimFees returned the accrued fees");

            assertEq(usdc.balanceOf(address(evil)) - usdcBefore, accrued, "exactly its accrued fees, nothing more");
            assertEq(_bal(token, address(evil)), tokensBefore, "no tokens moved");
            assertEq(launchpad.claimable(address(evil)), 0, "claimable zeroed");
            assertEq(totalBefore - launchpad.totalClaimable(), accrued, "totalClaimable down by the claim");
            assertEq(launchpad.allTokensLength(), tokenCount, "no token created");
            _assertReentryFailed(a, a + 1);
            _assertSolvent();
        }
        vm.expectRevert(ILaunchpad.NothingToClaim.selector);
        evil.claim();
    }

    function test_claimFees_revertsIfReentrantRecipientRevertsOnReentry() public {
        address token = _createToken(STARTUP);
        _fund(alice, 5_000e6);
        vm.prank(alice);
        launchpad.buyExactIn(token, 5_000e6, 0, _deadline(), _attr(address(evil), 50, address(0)));
        uint256 accrued = launchpad.claimable(address(evil));
        uint256 usdcBefore = usdc.balanceOf(address(evil));

        evil.arm(ReentrantRecipient.Attack.ClaimFees, token, true);
        // the hook's ReentrancyGuardReentrantCall fails the USDC transfer, which solady reports as TransferFailed
        vm.expectRevert(SafeTransferLib.TransferFailed.selector);
        evil.claim();

        assertEq(launchpad.claimable(address(evil)), accrued, "still owed");
        assertEq(usdc.balanceOf(address(evil)), usdcBefore, "paid nothing");
        _assertSolvent();
    }

    function test_sellExactIn_reentrantSellerGainsNothingOnCurve() public {
        address token = _createToken(MEME);
        uint256 held = evil.buy(token, 20_000e6);
        for (uint8 a; a <= uint8(ReentrantRecipient.Attack.SwapCallback); ++a) {
            uint256 tokensIn = held / 16;
            held -= tokensIn;
            uint256 quoted = launchpad.quoteSellExactIn(token, tokensIn).usdcAmount;
            uint256 usdcBefore = usdc.balanceOf(address(evil));
            evil.arm(ReentrantRecipient.Attack(a), token, false);
            assertEq(evil.sell(token, tokensIn), quoted, "sell returned the quote");
            assertEq(usdc.balanceOf(address(evil)) - usdcBefore, quoted, "exactly the quote");
            assertEq(_bal(token, address(evil)), held, "exactly tokensIn burnt");
            _assertReentryFailed(a, a + 1);
            _assertSolvent();
        }
    }

    function test_sellExactIn_reentrantSellerGainsNothingOnV3() public {
        address token = _createTokenOrdered(MEME, false);
        uint256 held = evil.buy(token, 60_000e6); // crosses graduation
        assertTrue(_pool(token).graduated, "graduated");
        for (uint8 a; a <= uint8(ReentrantRecipient.Attack.SwapCallback); ++a) {
            uint256 tokensIn = held / 16;
            held -= tokensIn;
            uint256 usdcBefore = usdc.balanceOf(address(evil));
            uint256 launchpadBefore = usdc.balanceOf(address(launchpad));
            evil.arm(ReentrantRecipient.Attack(a), token, false);
            uint256 out = evil.sell(token, tokensIn);
            assertEq(usdc.balanceOf(address(evil)) - usdcBefore, out, "exactly what the sell returned");
            assertEq(_bal(token, address(evil)), held, "exactly tokensIn sold");
            // the launchpad kept only the fee: out + fee = gross, fee = tradeFeeBps of gross rounded up
            uint256 fee = usdc.balanceOf(address(launchpad)) - launchpadBefore;
            assertEq(fee, _fee(out + fee, 100), "fee");
            _assertReentryFailed(a, a + 1);
            _assertSolvent();
        }
    }

    function _assertReentryFailed(uint8 attack, uint256 attempts) private view {
        assertEq(evil.attempts(), attempts, "re-entry attempted");
        assertEq(evil.successes(), 0, "a re-entry succeeded");
        bytes4 expected = attack == uint8(ReentrantRecipient.Attack.SwapCallback)
            ? ILaunchpad.UnauthorizedCallback.selector
            : ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector;
        assertEq(keccak256(evil.lastError()), keccak256(abi.encodeWithSelector(expected)), "re-entry error");
    }
}
