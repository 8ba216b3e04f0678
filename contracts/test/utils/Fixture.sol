// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {FixedPointMathLib as M} from "solady/utils/FixedPointMathLib.sol";
import {Test} from "./Test.sol";
import {IPositionManagerFull, ISwapRouter, IUniswapV3PoolFull} from "./UniswapV3.sol";
import {ILaunchTokenFull, ILaunchpadFull, IPeerTokenFactoryFull} from "./Deployed.sol";
import {ILaunchpad} from "../../src/interfaces/ILaunchpad.sol";
import {IUniswapV3Factory} from "../../src/interfaces/IUniswapV3.sol";
import {CurveMath} from "../../src/libraries/CurveMath.sol";
import {PoolTypes} from "../../src/libraries/PoolTypes.sol";
import {MockUSDC} from "../../src/mocks/MockUSDC.sol";
import {WETH9} from "../../src/mocks/WETH9.sol";

/// @notice The shared deploy: MockUSDC, WETH9, the real Uniswap V3 factory, position manager and router (bytecode
/// from the npm artifacts, never recompiled), and a Launchpad with an owner and a protocol fee recipient. Also the
/// trade helpers every test file uses.
abstract contract Fixture is Test {
    string internal constant FACTORY_ARTIFACT =
        "node_modules/@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json";
    string internal constant NPM_ARTIFACT =
        "node_modules/@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json";
    string internal constant ROUTER_ARTIFACT =
        "node_modules/@uniswap/v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json";
    string internal constant ENDPOINT_ARTIFACT =
        "node_modules/@layerzerolabs/lz-evm-protocol-v2/artifacts/contracts/EndpointV2.sol/EndpointV2.json";
    /// @dev LayerZero's endpoint id of Base Sepolia, the local chain's.
    uint32 internal constant LOCAL_EID = 40245;

    uint8 internal constant MEME = 7;
    uint8 internal constant STARTUP = 8;
    uint256 internal constant BPS = 10_000;
    uint256 internal constant WAD = 1e18;
    uint256 internal constant E36 = 1e36;

    string internal constant NAME = "Token";
    string internal constant SYMBOL = "TKN";
    string internal constant URI = "ipfs://bafkreigh2akiscaildc";

    MockUSDC internal usdc;
    WETH9 internal weth;
    IUniswapV3Factory internal factory;
    IPositionManagerFull internal npm;
    ISwapRouter internal router;
    ILaunchpadFull internal launchpad;
    address internal endpoint;
    IPeerTokenFactoryFull internal peerFactory;

    address internal owner;
    address internal protocol;
    address internal creator;
    address internal alice;
    address internal bob;
    address internal builder;
    address internal referral;

    /// @notice Whether the pool types keep the launch fee they are deployed with (see _deployStack).
    bool internal launchFeeKept;

    function setUp() public virtual {
        owner = makeAddr("owner");
        protocol = makeAddr("protocol");
        creator = makeAddr("creator");
        alice = makeAddr("alice");
        bob = makeAddr("bob");
        builder = makeAddr("builder");
        referral = makeAddr("referral");
        usdc = _deployUsdc();
        _deployStack();
    }

    /// @dev Overridden by tests that need a USDC with transfer hooks. The build's MockUSDC, as the local chains
    /// deploy it, so that the gas snapshots count the USDC transfers the service's chains would.
    function _deployUsdc() internal virtual returns (MockUSDC) {
        return MockUSDC(vm.deployCode("contracts/out/MockUSDC.sol/MockUSDC.json", ""));
    }

    function _deployStack() internal {
        weth = new WETH9();
        factory = IUniswapV3Factory(_deployArtifact(FACTORY_ARTIFACT, ""));
        npm = IPositionManagerFull(_deployArtifact(NPM_ARTIFACT, abi.encode(factory, weth, address(0))));
        router = ISwapRouter(_deployArtifact(ROUTER_ARTIFACT, abi.encode(factory, weth)));
        endpoint = _deployArtifact(ENDPOINT_ARTIFACT, abi.encode(LOCAL_EID, owner));
        // From their build, not `new`: the bytecode the service deploys (see Deployed.sol).
        peerFactory = IPeerTokenFactoryFull(vm.deployCode("PeerTokenFactory.sol:PeerTokenFactory", abi.encode(endpoint)));
        launchpad = ILaunchpadFull(
            vm.deployCode(
                "Launchpad.sol:Launchpad",
                abi.encode(owner, address(usdc), factory, npm, protocol, endpoint, address(peerFactory))
            )
        );
        // the attribution the tests use is approved, as the owner would approve a real builder and referrer
        vm.startPrank(owner);
        // Most tests trade a token in the block it is created in, at the trade fee: the types are registered again
        // without their launch fee, unless a test keeps it (launchFeeKept), as LaunchFee.t.sol does.
        if (!launchFeeKept) {
            for (uint8 id = PoolTypes.MEME; id <= PoolTypes.STARTUP_PRESEED; ++id) {
                ILaunchpad.PoolTypeParams memory p = launchpad.poolType(id);
                p.launchFeeBps = 0;
                p.launchFeeSeconds = 0;
                launchpad.setPoolType(id, p);
            }
        }
        launchpad.setBuilder(builder, uint16(launchpad.MAX_BUILDER_FEE_BPS()));
        launchpad.setReferrer(referral, true);
        vm.stopPrank();
        vm.label(address(usdc), "USDC");
        vm.label(address(factory), "UniswapV3Factory");
        vm.label(address(npm), "NonfungiblePositionManager");
        vm.label(address(router), "SwapRouter");
        vm.label(address(launchpad), "Launchpad");
    }

    /// @notice Deploys a Hardhat artifact's creation bytecode with abi-encoded constructor `args` appended.
    function _deployArtifact(string memory path, bytes memory args) internal returns (address a) {
        bytes memory initCode = bytes.concat(vm.parseJsonBytes(vm.readFile(path), ".bytecode"), args);
        assembly ("memory-safe") {
            a := create(0, add(initCode, 0x20), mload(initCode))
        }
        require(a != address(0) && a.code.length > 0, string.concat("deploy failed: ", path));
    }

    // ---------------------------------------------------------------- attribution, params

    function _deadline() internal view returns (uint256) {
        return block.timestamp + 1 hours;
    }

    function _none() internal pure returns (ILaunchpad.Attribution memory a) {}

    function _attr(address b, uint16 bps, address r) internal pure returns (ILaunchpad.Attribution memory a) {
        a = ILaunchpad.Attribution({builder: b, builderFeeBps: bps, referral: r});
    }

    /// @notice The referral tokens made by the helpers below are created with (only createToken names a token's
    /// referral); zero for none. A test that wants its tokens referred sets it first.
    address internal creationReferral;

    function _createParams(uint8 poolType, bytes32 salt) internal view returns (ILaunchpad.CreateTokenParams memory p) {
        p.attribution.referral = creationReferral;
        p.name = NAME;
        p.symbol = SYMBOL;
        p.tokenURI = URI;
        p.poolType = poolType;
        p.salt = salt;
        p.deadline = _deadline();
    }

    // ---------------------------------------------------------------- create

    function _createToken(address who, uint8 poolType, bytes32 salt) internal returns (address token) {
        ILaunchpad.CreateTokenParams memory p = _createParams(poolType, salt);
        vm.prank(who);
        (token,) = launchpad.createToken(p);
        vm.label(token, "LaunchToken");
    }

    function _createToken(uint8 poolType) internal returns (address) {
        return _createToken(creator, poolType, keccak256(abi.encode(launchpad.allTokensLength())));
    }

    /// @notice Creates a token whose address sorts after USDC (`usdcIsToken0`) or before it, so that both Uniswap V3
    /// orientations are exercised: the salt is searched until the predicted CREATE2 address falls on the wanted side.
    function _createTokenOrdered(uint8 poolType, bool usdcIsToken0) internal returns (address token) {
        bytes32 salt = _orderedSalt(usdcIsToken0);
        token = _createToken(creator, poolType, salt);
        assertEq((address(usdc) < token), usdcIsToken0, "ordered token address");
    }

    /// @dev The first salt (for `creator`, NAME, SYMBOL, URI) whose CREATE2 address sorts as wanted against USDC.
    function _orderedSalt(bool usdcIsToken0) internal view returns (bytes32 salt) {
        bytes32 initCodeHash =
            keccak256(bytes.concat(vm.getCode("LaunchToken.sol:LaunchToken"), abi.encode(NAME, SYMBOL, URI)));
        uint256 n = launchpad.allTokensLength();
        for (uint256 i;; ++i) {
            salt = keccak256(abi.encode("ordered", n, i));
            bytes32 id = keccak256(abi.encode(creator, salt));
            address deployer = address(launchpad.tokenDeployer());
            address predicted =
                address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), deployer, id, initCodeHash)))));
            if ((address(usdc) < predicted) == usdcIsToken0) return salt;
        }
    }

    // ---------------------------------------------------------------- funds and trades

    /// @notice Mints `amount` USDC to `who` through the faucet and approves the launchpad for everything.
    function _fund(address who, uint256 amount) internal {
        uint256 limit = usdc.FAUCET_LIMIT();
        while (amount > 0) {
            uint256 a = amount < limit ? amount : limit;
            usdc.faucet(who, a);
            amount -= a;
        }
        vm.prank(who);
        usdc.approve(address(launchpad), type(uint256).max);
    }

    function _buyIn(address who, address token, uint256 usdcIn) internal returns (uint256) {
        _fund(who, usdcIn);
        vm.prank(who);
        return launchpad.buyExactIn(token, usdcIn, 0, _deadline(), _none());
    }

    function _buyOut(address who, address token, uint256 tokensOut) internal returns (uint256) {
        _fund(who, _buyOutCost(token, tokensOut));
        vm.prank(who);
        return launchpad.buyExactOut(token, tokensOut, type(uint256).max, _deadline(), _none());
    }

    function _sellIn(address who, address token, uint256 tokensIn) internal returns (uint256) {
        vm.prank(who);
        return launchpad.sellExactIn(token, tokensIn, 0, _deadline(), _none());
    }

    function _sellOut(address who, address token, uint256 usdcOut) internal returns (uint256) {
        vm.prank(who);
        return launchpad.sellExactOut(token, usdcOut, type(uint256).max, _deadline(), _none());
    }

    /// @notice USDC to fund for a buyExactOut: the curve quote while on the curve, a generous bound on V3 after.
    function _buyOutCost(address token, uint256 tokensOut) internal view returns (uint256) {
        ILaunchpad.PoolView memory v = launchpad.getPool(token);
        if (!v.graduated) {
            ILaunchpad.CurveQuote memory q = launchpad.quoteBuyExactOut(token, tokensOut);
            // a crossing buy's V3 leg costs at most a few times the final price
            return q.usdcAmount + M.fullMulDivUp(q.remainder, _finalPriceE36(token) * 4, E36) + 10;
        }
        return M.fullMulDivUp(tokensOut, _v3PriceE36(token) * 4, E36) + 10;
    }

    /// @notice Buys the curve up to `targetSupply` (exclusive of graduation: `targetSupply` < migration supply).
    function _fillTo(address token, uint256 targetSupply) internal {
        uint256 s = launchpad.getPool(token).supply;
        if (targetSupply > s) _buyOut(makeAddr("filler"), token, targetSupply - s);
    }

    /// @notice Graduates `token` with a buyExactOut of exactly what is left on the curve, by `who`.
    function _graduate(address who, address token) internal returns (uint256 tokensBought) {
        ILaunchpad.PoolView memory v = launchpad.getPool(token);
        tokensBought = v.params.migrationSupply - v.supply;
        _buyOut(who, token, tokensBought);
    }

    // ---------------------------------------------------------------- views

    /// @notice The parameters type `id` (MEME or STARTUP) has here: PoolTypes', with the launch fee _deployStack
    /// leaves it.
    function _typeParams(uint8 id) internal view returns (ILaunchpad.PoolTypeParams memory p) {
        p = id == MEME ? PoolTypes.meme() : PoolTypes.startupPreseed();
        if (!launchFeeKept) (p.launchFeeBps, p.launchFeeSeconds) = (0, 0);
    }

    function _pool(address token) internal view returns (ILaunchpad.PoolView memory) {
        return launchpad.getPool(token);
    }

    function _bal(address token, address who) internal view returns (uint256) {
        return ILaunchTokenFull(token).balanceOf(who);
    }

    /// @notice The curve's final price in USDC base units per token wei, scaled by 1e36, rounded down.
    /// @dev getPool's price (base units per whole token, an integer near 90 for meme) is too coarse for a 1% check.
    function _finalPriceE36(address token) internal view returns (uint256) {
        (uint256 num, uint256 den) = CurveMath.finalPrice(launchpad.getPool(token).params);
        return M.fullMulDiv(num, E36, den);
    }

    /// @notice The V3 pool's price from slot0 in USDC base units per token wei, scaled by 1e36, rounded down.
    function _v3PriceE36(address token) internal view returns (uint256) {
        (uint160 sqrtP,,,,,,) = IUniswapV3PoolFull(launchpad.getPool(token).v3Pool).slot0();
        return _priceE36(sqrtP, address(usdc) < token);
    }

    function _priceE36(uint160 sqrtP, bool usdcIsToken0) internal pure returns (uint256) {
        uint256 q96 = 1 << 96;
        if (usdcIsToken0) return M.fullMulDiv(M.fullMulDiv(q96, E36, sqrtP), q96, sqrtP);
        return M.fullMulDiv(M.fullMulDiv(sqrtP, sqrtP, q96), E36, q96);
    }

    /// @notice The launchpad holds at least every curve reserve plus every claimable fee.
    function _assertSolvent() internal view {
        assertGe(
            usdc.balanceOf(address(launchpad)),
            launchpad.totalReserve() + launchpad.totalClaimable(),
            "launchpad USDC < totalReserve + totalClaimable"
        );
    }

    function _fee(uint256 base, uint256 feeBps) internal pure returns (uint256) {
        return M.mulDivUp(base, feeBps, BPS);
    }
}
