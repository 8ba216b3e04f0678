// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @notice What a token reads when it is created: its launchpad from the deployer, its graduation pool from the
/// launchpad.
interface ILaunchTokenSource {
    function launchpad() external view returns (address);
    function graduationPoolOf(address token) external view returns (address);
}

/// @title LaunchToken
/// @notice An ERC-20 (18 decimals, EIP-2612 permit) created for the Launchpad (by its TokenDeployer), which alone
/// mints and burns it.
/// @dev The launchpad may also move a holder's tokens without an allowance, but only inside a trade the holder
/// sent (a sell): it can mint and burn already, so this adds no trust and spares every seller an approval.
/// Until the token graduates, nobody but the launchpad may send tokens to its Uniswap V3 graduation pool. That pool
/// therefore holds no launch tokens before graduation, so nobody can sell them into it or stand a wall of them in
/// the way of the graduation price: every position in it is USDC only, at or below the pool's price.
contract LaunchToken is ERC20, ERC20Permit {
    /// @notice Thrown when anyone but the launchpad mints, burns or opens the pool.
    error OnlyLaunchpad();
    /// @notice Thrown when tokens are sent to the graduation pool before graduation.
    error GraduationPoolClosed();

    /// @notice The launchpad that created this token.
    address public immutable launchpad;
    /// @notice The Uniswap V3 pool the token graduates to (token/USDC at its pool type's fee tier).
    address public immutable graduationPool;
    /// @notice The token's metadata URI, usually ipfs://<cid>.
    string public tokenURI;
    /// @notice Whether anyone may send tokens to the graduation pool (true from graduation on).
    bool public poolOpen;

    constructor(string memory name_, string memory symbol_, string memory tokenURI_)
        ERC20(name_, symbol_)
        ERC20Permit(name_)
    {
        address launchpad_ = ILaunchTokenSource(msg.sender).launchpad();
        launchpad = launchpad_;
        graduationPool = ILaunchTokenSource(launchpad_).graduationPoolOf(address(this));
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

    /// @notice Let anyone send tokens to the graduation pool. Launchpad only, at graduation.
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
        // mints (from 0) and the launchpad's own transfers are how graduation seeds the pool
        if (to == graduationPool && from != launchpad && from != address(0) && !poolOpen) revert GraduationPoolClosed();
        super._update(from, to, value);
    }
}
