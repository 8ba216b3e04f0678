// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {Fixture} from "./utils/Fixture.sol";
import {ILaunchTokenFull} from "./utils/Deployed.sol";

/// @notice LaunchToken: only its launchpad mints and burns, the launchpad needs no allowance, and EIP-2612 permit
/// works.
contract LaunchTokenTest is Fixture {
    bytes32 internal constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");

    string internal constant POOL_ARTIFACT =
        "node_modules/@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json";

    ILaunchTokenFull internal token;
    uint256 internal holderKey = 0xA11CE;
    address internal holder;

    function setUp() public override {
        super.setUp();
        token = ILaunchTokenFull(_createToken(MEME));
        holder = vm.addr(holderKey);
        _buyIn(holder, address(token), 1_000e6);
    }

    function test_mint_byLaunchpad() public {
        uint256 supply = token.totalSupply();
        vm.prank(address(launchpad));
        token.mint(alice, 5e18);
        assertEq(token.balanceOf(alice), 5e18, "minted");
        assertEq(token.totalSupply(), supply + 5e18, "supply");
    }

    function test_mint_revertsIfNotLaunchpad() public {
        vm.prank(alice);
        vm.expectRevert(ILaunchTokenFull.OnlyLaunchpad.selector);
        token.mint(alice, 1);
        vm.prank(owner); // not even the launchpad's owner
        vm.expectRevert(ILaunchTokenFull.OnlyLaunchpad.selector);
        token.mint(owner, 1);
    }

    function test_burn_byLaunchpad() public {
        uint256 held = token.balanceOf(holder);
        vm.prank(address(launchpad));
        token.burn(holder, 1e18);
        assertEq(token.balanceOf(holder), held - 1e18, "burnt");
    }

    function test_burn_revertsIfNotLaunchpad() public {
        vm.prank(holder);
        vm.expectRevert(ILaunchTokenFull.OnlyLaunchpad.selector);
        token.burn(holder, 1);
    }

    function test_allowance_isUnlimitedForLaunchpadOnly() public view {
        assertEq(token.allowance(holder, address(launchpad)), type(uint256).max, "launchpad");
        assertEq(token.allowance(holder, alice), 0, "anyone else");
    }

    function test_transferFrom_launchpadNeedsNoApproval() public {
        vm.prank(address(launchpad));
        token.transferFrom(holder, alice, 1e18);
        assertEq(token.balanceOf(alice), 1e18, "moved");
    }

    function test_transferFrom_revertsIfNotApproved() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InsufficientAllowance.selector, alice, 0, 1));
        token.transferFrom(holder, alice, 1);
    }

    function test_permit_setsAllowance() public {
        uint256 deadline = block.timestamp + 1 days;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(holderKey, alice, 7e18, 0, deadline);
        token.permit(holder, alice, 7e18, deadline, v, r, s);
        assertEq(token.allowance(holder, alice), 7e18, "allowance");
        assertEq(token.nonces(holder), 1, "nonce used");
        vm.prank(alice);
        token.transferFrom(holder, bob, 7e18);
        assertEq(token.balanceOf(bob), 7e18, "spent through the permit");
    }

    function test_permit_revertsIfReplayed() public {
        uint256 deadline = block.timestamp + 1 days;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(holderKey, alice, 7e18, 0, deadline);
        token.permit(holder, alice, 7e18, deadline, v, r, s);
        // the nonce moved on, so the signature recovers some other address than the holder
        vm.expectPartialRevert(ERC20Permit.ERC2612InvalidSigner.selector);
        token.permit(holder, alice, 7e18, deadline, v, r, s);
    }

    function test_permit_revertsIfExpired() public {
        vm.warp(1_000_000);
        uint256 deadline = block.timestamp - 1;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(holderKey, alice, 1, 0, deadline);
        vm.expectRevert(abi.encodeWithSelector(ERC20Permit.ERC2612ExpiredSignature.selector, deadline));
        token.permit(holder, alice, 1, deadline, v, r, s);
    }

    function test_permit_revertsIfWrongSigner() public {
        uint256 deadline = block.timestamp + 1;
        (uint8 v, bytes32 r, bytes32 s) = _signPermitAs(0xB0B, holder, alice, 1, 0, deadline);
        vm.expectRevert(abi.encodeWithSelector(ERC20Permit.ERC2612InvalidSigner.selector, vm.addr(0xB0B), holder));
        token.permit(holder, alice, 1, deadline, v, r, s);
    }

    function test_permit_domainIsTheToken() public view {
        bytes32 expected = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256(bytes(NAME)),
                keccak256("1"),
                block.chainid,
                address(token)
            )
        );
        assertEq(token.DOMAIN_SEPARATOR(), expected, "domain separator");
    }

    function _signPermit(uint256 key, address spender, uint256 value, uint256 nonce, uint256 deadline)
        private
        view
        returns (uint8, bytes32, bytes32)
    {
        return _signPermitAs(key, vm.addr(key), spender, value, nonce, deadline);
    }

    /// @dev Signs with `key` a permit whose owner field is `permitOwner` (a wrong signer when they differ).
    function _signPermitAs(
        uint256 key,
        address permitOwner,
        address spender,
        uint256 value,
        uint256 nonce,
        uint256 deadline
    ) private view returns (uint8, bytes32, bytes32) {
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, permitOwner, spender, value, nonce, deadline));
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash));
        return vm.sign(key, digest);
    }

    // ================================================================ the graduation pool, closed until graduation

    /// @notice Before graduation nobody but the launchpad may send tokens to the token's V3 pool, by transfer,
    /// transferFrom or the pool's own callbacks; after it anyone may.
    function test_transfer_toGraduationPoolRevertsUntilGraduation() public {
        address pool = token.graduationPool();
        assertEq(pool, launchpad.graduationPoolOf(address(token)), "the launchpad's address of it");
        assertEq(pool, _v3PoolAddress(address(token), 10_000), "the factory's CREATE2 address");
        vm.prank(holder);
        vm.expectRevert(ILaunchTokenFull.GraduationPoolClosed.selector);
        token.transfer(pool, 1);
        vm.prank(holder);
        token.approve(alice, 1);
        vm.prank(alice);
        vm.expectRevert(ILaunchTokenFull.GraduationPoolClosed.selector);
        token.transferFrom(holder, pool, 1);
        vm.prank(holder);
        token.transfer(alice, 1); // anywhere else is fine

        _graduate(bob, address(token));
        assertTrue(token.poolOpen(), "opened at graduation");
        vm.prank(holder);
        token.transfer(pool, 1);
    }

    function test_openPool_revertsIfNotLaunchpad() public {
        vm.prank(alice);
        vm.expectRevert(ILaunchTokenFull.OnlyLaunchpad.selector);
        token.openPool();
    }

    function _v3PoolAddress(address t, uint24 fee) private view returns (address) {
        (address t0, address t1) = t < address(usdc) ? (t, address(usdc)) : (address(usdc), t);
        bytes32 initCodeHash = keccak256(vm.parseJsonBytes(vm.readFile(POOL_ARTIFACT), ".bytecode"));
        bytes32 salt = keccak256(abi.encode(t0, t1, fee));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(factory), salt, initCodeHash)))));
    }
}
