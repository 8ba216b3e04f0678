// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {IOAppCore} from "@layerzerolabs/oapp-evm/contracts/oapp/interfaces/IOAppCore.sol";
import {IOFT} from "@layerzerolabs/oft-evm/contracts/interfaces/IOFT.sol";
import {ILaunchpad} from "../../src/interfaces/ILaunchpad.sol";
import {INonfungiblePositionManager} from "../../src/interfaces/IUniswapV3.sol";

// The tests reach the deployed contracts through these interfaces, and never import Launchpad.sol, LaunchToken.sol,
// PeerToken.sol or PeerTokenFactory.sol. They deploy the contracts' build (vm.deployCode), which is the bytecode the
// service deploys, compiled once with the IR pipeline, while the tests themselves compile without it (foundry.toml,
// the `tests` compiler profile): a test file that imports a contract would compile that contract again, with the
// tests' settings, and fail to (stack too deep without the IR pipeline).
// The errors are declared again here with the contracts' signatures: a test that expects one checks its selector.

/// @notice The Launchpad: ILaunchpad, and its owner's functions, constants and public state that ILaunchpad leaves out.
interface ILaunchpadFull is ILaunchpad {
    function MAX_AMOUNT() external view returns (uint256);
    function MAX_BUILDER_FEE_BPS() external view returns (uint256);
    function MAX_LAUNCH_FEE_BPS() external view returns (uint256);
    function MAX_LAUNCH_FEE_SECONDS() external view returns (uint256);
    function POOL_INIT_CODE_HASH() external view returns (bytes32);
    function positionManager() external view returns (INonfungiblePositionManager);
    function tokenDeployer() external view returns (address);
    function protocolFeeRecipient() external view returns (address);
    function totalReserve() external view returns (uint256);
    function totalClaimable() external view returns (uint256);
    function tokenOf(bytes32 tokenLayerId) external view returns (address);
    function allTokens(uint256 index) external view returns (address);
    function allTokensLength() external view returns (uint256);
    function builderMaxFeeBps(address builder) external view returns (uint16);
    function poolType(uint8 id) external view returns (PoolTypeParams memory);
    function setPoolType(uint8 poolType, PoolTypeParams calldata params) external;
    function setProtocolFeeRecipient(address recipient) external;
    function setBuilder(address builder, uint16 maxFeeBps) external;
    function setReferrer(address referrer, bool approved) external;
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external;
    function owner() external view returns (address);
}

/// @notice What a LaunchToken and a PeerToken share: an ERC-20 that is a LayerZero OFT, owned by its creator.
interface IOFTToken is IERC20Metadata, IOFT, IOAppCore {
    function owner() external view returns (address);
    function tokenURI() external view returns (string memory);
    function connectPeer(uint32 eid) external;
    function isPeer(uint32 eid, bytes32 peer) external view returns (bool);
}

/// @notice A LaunchToken: the home chain's token, minted and burned by its launchpad alone.
interface ILaunchTokenFull is IOFTToken, IERC20Permit {
    error OnlyLaunchpad();
    error GraduationPoolClosed();
    error TokenIsNotARecipient();
    error HomeChain();

    function launchpad() external view returns (address);
    function graduationPool() external view returns (address);
    function poolOpen() external view returns (bool);
    function peerFactory() external view returns (address);
    function mint(address to, uint256 amount) external;
    function burn(address from, uint256 amount) external;
    function openPool() external;
}

/// @notice A PeerToken: a token's peer on another chain.
interface IPeerTokenFull is IOFTToken {
    error HomePeerFixed();

    function homeEid() external view returns (uint32);
    function homeToken() external view returns (address);
    function factory() external view returns (address);
}

/// @notice The PeerTokenFactory: deploys a token's peer at the address the token predicts.
interface IPeerTokenFactoryFull {
    error HomeChain();

    function deploy(uint32 homeEid, address homeToken, string calldata name, string calldata symbol, string calldata tokenURI)
        external
        returns (address);
    function predict(uint32 homeEid, address homeToken, string calldata name, string calldata symbol, string calldata tokenURI)
        external
        view
        returns (address);
}
