// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {OFT} from "@layerzerolabs/oft-evm/contracts/OFT.sol";

/// @notice What a peer token reads from its factory while it is created (the Uniswap V3 pool pattern: no constructor
/// arguments, so every peer's init code hash is the same constant and its address depends on the salt alone).
interface IPeerTokenSource {
    struct PeerParams {
        uint32 homeEid;
        address homeToken;
        string name;
        string symbol;
        string tokenURI;
    }

    function endpoint() external view returns (address);
    function peerParams() external view returns (PeerParams memory);
}

function _peerParams() view returns (IPeerTokenSource.PeerParams memory) {
    return IPeerTokenSource(msg.sender).peerParams();
}

function _peerEndpoint() view returns (address) {
    return IPeerTokenSource(msg.sender).endpoint();
}

/// @title PeerToken
/// @notice A launched token on one of its destination chains: a LayerZero v2 OFT that mints what arrives and burns
/// what leaves. The token's curve, graduation and supply live on its home chain, where its LaunchToken locks what
/// is on other chains.
/// @dev Created by the PeerTokenFactory, which stands at the same address on every chain, at an address fixed by the
/// home chain, the home token, and the token's name, symbol and URI. Its owner and LayerZero delegate is that factory,
/// which has no function to use either: peers and endpoint settings cannot be changed by anyone after creation.
/// Peers: the home token from creation; any other destination chain through connectPeer, since the token stands at
/// this same address there.
contract PeerToken is OFT {
    /// @notice Thrown when connectPeer names the home chain (its peer is set at creation and never changes).
    error HomePeerFixed();

    /// @notice The LayerZero endpoint id of the token's home chain.
    uint32 public immutable homeEid;
    /// @notice The token's LaunchToken on its home chain.
    address public immutable homeToken;
    /// @notice The factory that created this token (also its owner and delegate).
    address public immutable factory;
    /// @notice The token's metadata URI, the same as on its home chain.
    string public tokenURI;

    constructor()
        OFT(_peerParams().name, _peerParams().symbol, _peerEndpoint(), msg.sender)
        Ownable(msg.sender)
    {
        IPeerTokenSource.PeerParams memory p = _peerParams();
        homeEid = p.homeEid;
        homeToken = p.homeToken;
        factory = msg.sender;
        tokenURI = p.tokenURI;
        _setPeer(p.homeEid, bytes32(uint256(uint160(p.homeToken))));
    }

    /// @notice Connect this token to its peer on destination chain `eid`, which stands at this token's own address.
    /// Anyone may call it: the address is fixed by the factory, and a message to a chain where the peer is not
    /// deployed yet waits, verified, until it is.
    function connectPeer(uint32 eid) external {
        if (eid == homeEid) revert HomePeerFixed();
        if (peers[eid] == bytes32(0)) _setPeer(eid, bytes32(uint256(uint160(address(this)))));
    }
}
