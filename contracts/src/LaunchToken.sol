// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {OFT} from "@layerzerolabs/oft-evm/contracts/OFT.sol";

/// @notice What a token reads when it is created: its launchpad from the deployer; its graduation pool, LayerZero
/// endpoint and peer factory from the launchpad.
interface ILaunchTokenSource {
    function launchpad() external view returns (address);
    function graduationPoolOf(address token) external view returns (address);
    function lzEndpoint() external view returns (address);
    function peerFactory() external view returns (address);
}

/// @notice The factory of a token's peers on other chains (PeerTokenFactory), as the token uses it.
interface IPeerFactory {
    function predict(uint32 homeEid, address homeToken, string calldata name, string calldata symbol, string calldata tokenURI)
        external
        view
        returns (address);
}

function _launchpadOf(address deployer) view returns (address) {
    return ILaunchTokenSource(deployer).launchpad();
}

function _endpointOf(address deployer) view returns (address) {
    return ILaunchTokenSource(_launchpadOf(deployer)).lzEndpoint();
}

/// @title LaunchToken
/// @notice An ERC-20 (18 decimals, EIP-2612 permit) created for the Launchpad (by its TokenDeployer), which alone
/// mints and burns it. It is also a LayerZero v2 OFT on its home chain: what a holder sends to another chain is
/// locked in this contract (not burned: the curve's supply is this chain's totalSupply), and unlocked when it comes
/// back. On the other chains its peers (PeerToken) mint and burn.
/// @dev The launchpad may also move a holder's tokens without an allowance, but only inside a trade the holder
/// sent (a sell): it can mint and burn already, so this adds no trust and spares every seller an approval.
/// Until the token graduates, tokens move into its Uniswap V3 graduation pool only as the launchpad mints them (the
/// seed that pins the pool, see Launchpad._pinPool), and never out of it. Nobody can then place a position in that
/// pool, nor swap through the seed to move its price.
/// The launchpad is the OFT's owner and LayerZero delegate, and has no function that uses either: peers are set only
/// by connectPeer, to the one address the peer factory gives, and endpoint settings stay the endpoint's defaults.
/// Nobody can send tokens to this contract but the OFT's lock, so its balance is exactly what other chains hold or
/// have in flight.
contract LaunchToken is OFT, ERC20Permit {
    /// @notice Thrown when anyone but the launchpad mints, burns or opens the pool.
    error OnlyLaunchpad();
    /// @notice Thrown when tokens are sent to or from the graduation pool before graduation.
    error GraduationPoolClosed();
    /// @notice Thrown when tokens are sent to this contract (only the OFT's lock may).
    error TokenIsNotARecipient();
    /// @notice Thrown when connectPeer names this token's own chain.
    error HomeChain();

    /// @notice The launchpad that created this token.
    address public immutable launchpad;
    /// @notice The Uniswap V3 pool the token graduates to (token/USDC at its pool type's fee tier).
    address public immutable graduationPool;
    /// @notice The token's metadata URI, usually ipfs://<cid>.
    string public tokenURI;
    /// @notice Whether tokens may move into and out of the graduation pool (true from graduation on).
    bool public poolOpen;
    /// @notice The factory of this token's peers, at the same address on every chain.
    address public immutable peerFactory;

    constructor(string memory name_, string memory symbol_, string memory tokenURI_)
        OFT(name_, symbol_, _endpointOf(msg.sender), _launchpadOf(msg.sender))
        ERC20Permit(name_)
        Ownable(_launchpadOf(msg.sender))
    {
        address launchpad_ = _launchpadOf(msg.sender);
        launchpad = launchpad_;
        graduationPool = ILaunchTokenSource(launchpad_).graduationPoolOf(address(this));
        peerFactory = ILaunchTokenSource(launchpad_).peerFactory();
        tokenURI = tokenURI_;
    }

    /// @notice Connect this token to its peer on chain `eid`: the address the peer factory gives for this token there.
    /// Anyone may call it: that address holds this token's peer or nothing, and a message to a chain where the peer
    /// is not deployed yet waits, verified, until it is.
    function connectPeer(uint32 eid) external {
        uint32 home = endpoint.eid();
        if (eid == home) revert HomeChain();
        if (peers[eid] != bytes32(0)) return;
        address peer = IPeerFactory(peerFactory).predict(home, address(this), name(), symbol(), tokenURI);
        _setPeer(eid, bytes32(uint256(uint160(peer))));
    }

    modifier onlyLaunchpad() {
        if (msg.sender != launchpad) revert OnlyLaunchpad();
        _;
    }

    /// @notice Mint `amount` token wei to `to`. Launchpad only.
    function mint(address to, uint256 amount) external onlyLaunchpad {
        _mint(to, amount);
    }

    /// @notice Burn `amount` token wei from `from`. Launchpad only.
    function burn(address from, uint256 amount) external onlyLaunchpad {
        _burn(from, amount);
    }

    /// @notice Let tokens move into and out of the graduation pool. Launchpad only, at graduation.
    function openPool() external onlyLaunchpad {
        poolOpen = true;
    }

    /// @inheritdoc ERC20
    function allowance(address owner, address spender) public view override returns (uint256) {
        return spender == launchpad ? type(uint256).max : super.allowance(owner, spender);
    }

    function _spendAllowance(address owner, address spender, uint256 value) internal override {
        if (spender != launchpad) super._spendAllowance(owner, spender, value);
    }

    function _update(address from, address to, uint256 value) internal override {
        // before graduation only the launchpad's mint of the seed reaches the pool (see the contract's notes)
        if ((to == graduationPool || from == graduationPool) && from != address(0) && !poolOpen) {
            revert GraduationPoolClosed();
        }
        if (to == address(this)) revert TokenIsNotARecipient();
        super._update(from, to, value);
    }

    /// @dev Locks what leaves for another chain (ERC20._update directly: the one way in to this contract).
    function _debit(address from, uint256 amountLD, uint256 minAmountLD, uint32 dstEid)
        internal
        override
        returns (uint256 amountSentLD, uint256 amountReceivedLD)
    {
        (amountSentLD, amountReceivedLD) = _debitView(amountLD, minAmountLD, dstEid);
        ERC20._update(from, address(this), amountSentLD);
    }

    /// @dev Unlocks what arrives from another chain. Before graduation, a delivery to the graduation pool reverts
    /// (GraduationPoolClosed) and waits, verified, to be delivered after it.
    function _credit(address to, uint256 amountLD, uint32) internal override returns (uint256) {
        if (to == address(0)) to = address(0xdead);
        _update(address(this), to, amountLD);
        return amountLD;
    }
}
