// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TestHelperOz5} from "@layerzerolabs/test-devtools-evm-foundry/contracts/TestHelperOz5.sol";
import {OptionsBuilder} from "@layerzerolabs/oapp-evm/contracts/oapp/libs/OptionsBuilder.sol";
import {MessagingFee, SendParam} from "@layerzerolabs/oft-evm/contracts/interfaces/IOFT.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ILaunchTokenFull, ILaunchpadFull, IPeerTokenFactoryFull, IPeerTokenFull} from "./utils/Deployed.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {INonfungiblePositionManager, IUniswapV3Factory} from "../src/interfaces/IUniswapV3.sol";
import {MockUSDC} from "../src/mocks/MockUSDC.sol";
import {WETH9} from "../src/mocks/WETH9.sol";

/// @notice A launched token as an OFT between its home chain (A, with the launchpad) and a destination chain (B), over
/// LayerZero's own endpoints, message libraries, DVN and executor mocks (TestHelperOz5), all in one EVM.
/// @dev On real chains the PeerTokenFactory stands at one address everywhere; one EVM cannot hold two contracts at
/// one address, so here the launchpad on A is given B's factory, whose predict is the same function of the same
/// arguments that A's own factory would run.
contract OFTTest is TestHelperOz5 {
    using OptionsBuilder for bytes;

    uint32 internal constant A = 1;
    uint32 internal constant B = 2;
    uint8 internal constant MEME = 7;

    MockUSDC internal usdc;
    ILaunchpadFull internal launchpad;
    IPeerTokenFactoryFull internal factoryB;
    ILaunchTokenFull internal home;
    IPeerTokenFull internal peer;

    address internal creator = makeAddr("creator");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");

    function setUp() public override {
        super.setUp();
        setUpEndpoints(2, LibraryType.UltraLightNode);
        usdc = new MockUSDC();
        WETH9 weth = new WETH9();
        address v3 = _deployArtifact(
            "node_modules/@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json", ""
        );
        address npm = _deployArtifact(
            "node_modules/@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json",
            abi.encode(v3, weth, address(0))
        );
        factoryB = IPeerTokenFactoryFull(deployCode("PeerTokenFactory.sol:PeerTokenFactory", abi.encode(endpoints[B])));
        launchpad = ILaunchpadFull(
            deployCode(
                "Launchpad.sol:Launchpad",
                abi.encode(
                    makeAddr("owner"),
                    address(usdc),
                    IUniswapV3Factory(v3),
                    INonfungiblePositionManager(npm),
                    makeAddr("protocol"),
                    address(endpoints[A]),
                    address(factoryB)
                )
            )
        );

        ILaunchpad.CreateTokenParams memory p;
        p.name = "Token";
        p.symbol = "TKN";
        p.tokenURI = "ipfs://bafkreigh2akiscaildc";
        p.poolType = MEME;
        p.salt = keccak256("oft");
        p.deadline = block.timestamp + 1 hours;
        vm.prank(creator);
        (address token,) = launchpad.createToken(p);
        home = ILaunchTokenFull(token);
        home.connectPeer(B);
        peer = IPeerTokenFull(factoryB.deploy(A, token, p.name, p.symbol, p.tokenURI));

        _buy(alice, 5_000e6);
        vm.deal(alice, 10 ether);
        vm.deal(bob, 10 ether);
    }

    // ---------------------------------------------------------------- wiring

    function test_wiring_peersPointAtEachOther() public view {
        assertEq(home.peers(B), _b32(address(peer)), "home -> peer");
        assertEq(peer.peers(A), _b32(address(home)), "peer -> home");
        assertEq(address(home.endpoint()), address(endpoints[A]));
        assertEq(address(peer.endpoint()), address(endpoints[B]));
        assertEq(home.owner(), address(launchpad), "home owner");
        assertEq(peer.owner(), address(factoryB), "peer owner");
        assertEq(peer.homeEid(), A);
        assertEq(peer.homeToken(), address(home));
        assertEq(peer.name(), "Token");
        assertEq(peer.symbol(), "TKN");
        assertEq(peer.tokenURI(), home.tokenURI());
        assertEq(peer.totalSupply(), 0);
    }

    function test_deploy_isIdempotent_andConnectPeerNeverMovesAPeer() public {
        address again = factoryB.deploy(A, address(home), "Token", "TKN", "ipfs://bafkreigh2akiscaildc");
        assertEq(again, address(peer));
        home.connectPeer(B);
        assertEq(home.peers(B), _b32(address(peer)));
        vm.expectRevert(ILaunchTokenFull.HomeChain.selector);
        home.connectPeer(A);
        vm.expectRevert(IPeerTokenFull.HomePeerFixed.selector);
        peer.connectPeer(A);
    }

    /// @notice An attacker's own "peer" (other name, other home) lands at another address, which neither side trusts;
    /// and nobody but the owners (launchpad, factory: no function for it) can set a peer.
    function test_attacker_cannotBecomeAPeer() public {
        address fake = factoryB.deploy(A, address(home), "Token", "TKN2", "ipfs://x");
        assertTrue(fake != address(peer));
        assertFalse(home.isPeer(B, _b32(fake)), "home trusts the fake");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        home.setPeer(B, _b32(alice));
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        peer.setPeer(A, _b32(alice));
        IPeerTokenFactoryFull factoryA =
            IPeerTokenFactoryFull(deployCode("PeerTokenFactory.sol:PeerTokenFactory", abi.encode(endpoints[A])));
        vm.expectRevert(IPeerTokenFactoryFull.HomeChain.selector);
        factoryA.deploy(A, address(home), "Token", "TKN", "ipfs://x");
    }

    function test_nobodyCanSendToTheLock() public {
        vm.prank(alice);
        vm.expectRevert(ILaunchTokenFull.TokenIsNotARecipient.selector);
        home.transfer(address(home), 1);
    }

    // ---------------------------------------------------------------- moves

    function test_send_homeToPeer_locksAndMints() public {
        uint256 supply = home.totalSupply();
        uint256 amount = 1_000e18;
        _send(alice, address(home), B, bob, amount);
        assertEq(home.balanceOf(address(home)), amount, "locked on home");
        assertEq(home.totalSupply(), supply, "home supply is the curve's");
        assertEq(peer.balanceOf(bob), 0, "nothing before delivery");
        verifyPackets(B, address(peer));
        assertEq(peer.balanceOf(bob), amount, "minted on B");
        assertEq(peer.totalSupply(), amount);
    }

    function test_send_roundTrip_unlocks() public {
        uint256 before = home.balanceOf(alice);
        _send(alice, address(home), B, bob, 700e18);
        verifyPackets(B, address(peer));
        _send(bob, address(peer), A, alice, 300e18);
        assertEq(peer.totalSupply(), 400e18, "burned on B at send");
        verifyPackets(A, address(home));
        assertEq(home.balanceOf(alice), before - 400e18);
        assertEq(home.balanceOf(address(home)), 400e18);
    }

    /// @notice Amounts travel in 6 shared decimals: the dust below them stays with the sender.
    function test_send_keepsDustWithTheSender() public {
        uint256 before = home.balanceOf(alice);
        _send(alice, address(home), B, bob, 1e18 + 123);
        verifyPackets(B, address(peer));
        assertEq(peer.balanceOf(bob), 1e18);
        assertEq(home.balanceOf(alice), before - 1e18);
    }

    /// @notice What is locked on home equals what B holds plus what is in flight, after any sequence of moves.
    function testFuzz_lockEqualsRemoteSupply(uint256 seed) public {
        uint256 inFlight;
        for (uint256 i; i < 12; ++i) {
            seed = uint256(keccak256(abi.encode(seed, i)));
            bool out = seed % 2 == 0 || peer.balanceOf(bob) < 1e12;
            if (out) {
                uint256 amount = (seed >> 8) % (home.balanceOf(alice) / 4) + 1e12;
                _send(alice, address(home), B, bob, amount);
                verifyPackets(B, address(peer));
            } else {
                uint256 amount = (seed >> 8) % peer.balanceOf(bob) + 1;
                if (amount < 1e12) amount = 1e12;
                _send(bob, address(peer), A, alice, amount);
                inFlight = (amount / 1e12) * 1e12;
                assertEq(home.balanceOf(address(home)), peer.totalSupply() + inFlight, "in flight");
                verifyPackets(A, address(home));
            }
            assertEq(home.balanceOf(address(home)), peer.totalSupply(), "lock == remote supply");
        }
    }

    // ---------------------------------------------------------------- helpers

    function _send(address from, address oft, uint32 dstEid, address to, uint256 amount) internal {
        bytes memory options = OptionsBuilder.newOptions().addExecutorLzReceiveOption(200_000, 0);
        SendParam memory sp = SendParam(dstEid, _b32(to), amount, 0, options, "", "");
        MessagingFee memory fee = ILaunchTokenFull(oft).quoteSend(sp, false);
        vm.prank(from);
        ILaunchTokenFull(oft).send{value: fee.nativeFee}(sp, fee, from);
    }

    function _buy(address who, uint256 usdcIn) internal {
        usdc.faucet(who, usdcIn);
        vm.startPrank(who);
        usdc.approve(address(launchpad), usdcIn);
        ILaunchpad.Attribution memory none;
        launchpad.buyExactIn(address(home), usdcIn, 0, block.timestamp, none);
        vm.stopPrank();
    }

    function _b32(address a) internal pure returns (bytes32) {
        return bytes32(uint256(uint160(a)));
    }

    function _deployArtifact(string memory path, bytes memory args) internal returns (address a) {
        bytes memory initCode = bytes.concat(vm.parseJsonBytes(vm.readFile(path), ".bytecode"), args);
        assembly ("memory-safe") {
            a := create(0, add(initCode, 0x20), mload(initCode))
        }
        require(a != address(0), "deploy failed");
    }
}
