// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title LaunchToken
/// @notice An ERC-20 (18 decimals, EIP-2612 permit) created by the Launchpad, which alone mints and burns it.
/// @dev The launchpad may also move a holder's tokens without an allowance, but only inside a trade the holder
/// sent (a sell): it can mint and burn already, so this adds no trust and spares every seller an approval.
contract LaunchToken is ERC20, ERC20Permit {
    /// @notice Thrown when anyone but the launchpad mints or burns.
    error OnlyLaunchpad();

    /// @notice The launchpad that created this token.
    address public immutable launchpad;
    /// @notice The token's metadata URI, usually ipfs://<cid>.
    string public tokenURI;

    constructor(string memory name_, string memory symbol_, string memory tokenURI_)
        ERC20(name_, symbol_)
        ERC20Permit(name_)
    {
        launchpad = msg.sender;
        tokenURI = tokenURI_;
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

    /// @inheritdoc ERC20
    function allowance(address owner, address spender) public view override returns (uint256) {
        return spender == launchpad ? type(uint256).max : super.allowance(owner, spender);
    }

    function _spendAllowance(address owner, address spender, uint256 value) internal override {
        if (spender != launchpad) super._spendAllowance(owner, spender, value);
    }
}
