// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPeerTokenSource, PeerToken} from "./PeerToken.sol";

interface ILayerZeroEid {
    function eid() external view returns (uint32);
}

/// @title PeerTokenFactory
/// @notice Deploys launched tokens' peers on their destination chains, at addresses every chain can predict.
/// @dev Deployed through the deterministic CREATE2 proxy with the LayerZero endpoint as its only argument, so it
/// stands at one address on every chain whose endpoint does. A peer's address depends on its home chain, home token,
/// name, symbol and URI; deploy is open to anyone, since nobody can put anything else at that address.
contract PeerTokenFactory is IPeerTokenSource {
    /// @notice Thrown when a peer would be deployed on its own home chain.
    error HomeChain();

    /// @notice Emitted once per peer token deployed.
    event PeerTokenDeployed(
        address indexed token, uint32 indexed homeEid, address indexed homeToken, string name, string symbol, string tokenURI
    );

    /// @inheritdoc IPeerTokenSource
    address public immutable endpoint;
    /// @notice keccak256 of PeerToken's creation code, which takes no arguments.
    bytes32 public immutable peerInitCodeHash;

    PeerParams private _params;

    constructor(address endpoint_) {
        endpoint = endpoint_;
        peerInitCodeHash = keccak256(type(PeerToken).creationCode);
    }

    /// @inheritdoc IPeerTokenSource
    function peerParams() external view returns (PeerParams memory) {
        return _params;
    }

    /// @notice Deploys the peer of `homeToken` (on chain `homeEid`) here, or returns it when it already stands.
    function deploy(uint32 homeEid, address homeToken, string calldata name, string calldata symbol, string calldata tokenURI)
        external
        returns (address token)
    {
        if (homeEid == ILayerZeroEid(endpoint).eid()) revert HomeChain();
        bytes32 salt = _salt(homeEid, homeToken, name, symbol, tokenURI);
        token = _predict(salt);
        if (token.code.length != 0) return token;
        _params = PeerParams(homeEid, homeToken, name, symbol, tokenURI);
        new PeerToken{salt: salt}();
        delete _params;
        emit PeerTokenDeployed(token, homeEid, homeToken, name, symbol, tokenURI);
    }

    /// @notice The address deploy gives (on every chain where this factory stands) for these arguments.
    function predict(uint32 homeEid, address homeToken, string calldata name, string calldata symbol, string calldata tokenURI)
        external
        view
        returns (address)
    {
        return _predict(_salt(homeEid, homeToken, name, symbol, tokenURI));
    }

    function _salt(uint32 homeEid, address homeToken, string calldata name, string calldata symbol, string calldata tokenURI)
        private
        pure
        returns (bytes32)
    {
        return keccak256(abi.encode(homeEid, homeToken, name, symbol, tokenURI));
    }

    function _predict(bytes32 salt) private view returns (address) {
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, peerInitCodeHash)))));
    }
}
