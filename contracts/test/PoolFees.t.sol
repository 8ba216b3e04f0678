// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Fixture} from "./utils/Fixture.sol";
import {ISwapRouter} from "./utils/UniswapV3.sol";
import {ILaunchTokenFull} from "./utils/Deployed.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";

/// @notice The locked position's swap fees: anyone collects them, and they become claimable balances of creator and
/// protocol (creatorShareBps to the creator), in USDC and in launch tokens. The position itself stays locked.
contract PoolFeesTest is Fixture {
    function test_collectPoolFees_splitsBetweenCreatorAndProtocol() public {
        address token = _createTokenOrdered(MEME, true);
        _graduate(bob, token);
        ILaunchpad.PoolView memory v = _pool(token);
        // trading straight on the pool, both ways, earns the position its 1% fee in both assets
        _routerSwap(alice, address(usdc), token, 5_000e6);
        uint256 bobTokens = _bal(token, bob);
        vm.prank(bob);
        ILaunchTokenFull(token).approve(address(router), type(uint256).max);
        _routerSwap(bob, token, address(usdc), bobTokens / 4);

        uint256 creatorBefore = launchpad.claimable(creator);
        uint256 protocolBefore = launchpad.claimable(protocol);
        uint256 totalBefore = launchpad.totalClaimable();
        vm.prank(makeAddr("anyone"));
        (uint256 usdcFees, uint256 tokenFees) = launchpad.collectPoolFees(token);
        assertGe(usdcFees, 49e6, "about 1% of 5,000 USDC");
        assertGt(tokenFees, 0, "token fees");
        uint256 creatorUsdc = usdcFees * v.params.creatorShareBps / BPS;
        assertEq(launchpad.claimable(creator) - creatorBefore, creatorUsdc, "creator's USDC");
        assertEq(launchpad.claimable(protocol) - protocolBefore, usdcFees - creatorUsdc, "protocol's USDC");
        assertEq(launchpad.totalClaimable() - totalBefore, usdcFees, "totalClaimable");
        uint256 creatorTokens = tokenFees * v.params.creatorShareBps / BPS;
        assertEq(launchpad.claimableToken(token, creator), creatorTokens, "creator's tokens");
        assertEq(launchpad.claimableToken(token, protocol), tokenFees - creatorTokens, "protocol's tokens");
        assertEq(npm.ownerOf(v.positionId), address(launchpad), "still locked");
        _assertSolvent();

        vm.prank(creator);
        assertEq(launchpad.claimTokenFees(token), creatorTokens, "claimed");
        assertEq(_bal(token, creator), creatorTokens, "creator holds its tokens");
        vm.prank(creator);
        vm.expectRevert(ILaunchpad.NothingToClaim.selector);
        launchpad.claimTokenFees(token);
        // nothing new: collecting again credits nothing
        (usdcFees, tokenFees) = launchpad.collectPoolFees(token);
        assertEq(usdcFees + tokenFees, 0, "nothing left to collect");
    }

    function test_collectPoolFees_revertsIfNotGraduated() public {
        address token = _createToken(MEME);
        vm.expectRevert(ILaunchpad.NotGraduated.selector);
        launchpad.collectPoolFees(token);
        vm.expectRevert(ILaunchpad.UnknownToken.selector);
        launchpad.collectPoolFees(alice);
    }

    function _routerSwap(address who, address tokenIn, address tokenOut, uint256 amountIn) private {
        if (tokenIn == address(usdc)) {
            usdc.faucet(who, amountIn);
            vm.prank(who);
            usdc.approve(address(router), type(uint256).max);
        }
        vm.prank(who);
        router.exactInputSingle(
            ISwapRouter.ExactInputSingleParams(tokenIn, tokenOut, 10_000, who, block.timestamp, amountIn, 0, 0)
        );
    }
}
