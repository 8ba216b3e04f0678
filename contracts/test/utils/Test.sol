// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice The forge cheatcodes these tests use, and nothing more. Signatures follow forge 1.7 (forge-std's Vm.sol).
/// @dev forge-std is not available offline (its npm build is a 2022 ds-test one), hence this minimal base.
interface Vm {
    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }

    function prank(address sender) external;
    function startPrank(address sender) external;
    function stopPrank() external;
    function warp(uint256 timestamp) external;
    function roll(uint256 blockNumber) external;
    function expectRevert(bytes4 revertData) external;
    function expectRevert(bytes calldata revertData) external;
    /// @dev Matches the selector only; since forge 1.0 expectRevert(bytes4) needs the whole revert data to match.
    function expectPartialRevert(bytes4 revertData) external;
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData, address emitter) external;
    function assume(bool condition) external pure;
    function label(address account, string calldata newLabel) external;
    function addr(uint256 privateKey) external pure returns (address);
    function toString(uint256 value) external pure returns (string memory);
    function toString(bytes calldata value) external pure returns (string memory);
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);
    function readFile(string calldata path) external view returns (string memory);
    /// @dev The creation code in a build artifact of this project (`File.sol:Contract`).
    function getCode(string calldata artifactPath) external view returns (bytes memory creationBytecode);
    /// @dev Deploys a contract of this project from its build artifact with abi-encoded constructor arguments.
    function deployCode(string calldata artifactPath, bytes calldata constructorArgs) external returns (address);
    function parseJsonBytes(string calldata json, string calldata key) external pure returns (bytes memory);
    function parseUint(string calldata value) external pure returns (uint256);
    function parseInt(string calldata value) external pure returns (int256);
    function recordLogs() external;
    function snapshotState() external returns (uint256 snapshotId);
    function revertToState(uint256 snapshotId) external returns (bool success);
    /// @dev Records the gas of the last external call under `name` in snapshots/<contract>.json; with
    /// gas_snapshot_check on, forge test fails when the recorded value differs.
    function snapshotGasLastCall(string calldata name) external returns (uint256 gasUsed);
    function getRecordedLogs() external returns (Log[] memory);
}

/// @notice A small test base: cheatcodes, `bound`, and assertions that revert with a message saying what differed.
/// @dev forge treats a reverting test (or invariant) as failed, so assertions simply revert.
abstract contract Test {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    /// @dev forge looks for this flag on test contracts.
    bool public IS_TEST = true;

    error AssertionFailed(string message);

    // ---------------------------------------------------------------- helpers

    /// @notice Maps `x` into [min, max] (inclusive), keeping small and in-range values where they are, as forge-std's
    /// bound does, so that the fuzzer's edge values (0, 1, max) land on the range's edges.
    function bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        require(min <= max, "bound: min > max");
        if (x >= min && x <= max) return x;
        uint256 size = max - min + 1;
        if (x <= 3 && size > x) return min + x;
        if (x >= type(uint256).max - 3 && size > type(uint256).max - x) return max - (type(uint256).max - x);
        if (x > max) {
            uint256 rem = (x - max) % size;
            return rem == 0 ? max : min + rem - 1;
        }
        uint256 rem2 = (min - x) % size;
        return rem2 == 0 ? min : max - rem2 + 1;
    }

    /// @notice A deterministic, labelled address derived from `name`.
    function makeAddr(string memory name) internal returns (address a) {
        a = address(uint160(uint256(keccak256(bytes(name)))));
        vm.label(a, name);
    }

    function fail(string memory message) internal pure {
        revert AssertionFailed(message);
    }

    // ---------------------------------------------------------------- assertions

    function assertTrue(bool c, string memory message) internal pure {
        if (!c) fail(message);
    }

    function assertFalse(bool c, string memory message) internal pure {
        if (c) fail(message);
    }

    function assertEq(uint256 a, uint256 b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, ": ", _u(a), " != ", _u(b)));
    }

    function assertEq(address a, address b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, ": ", _h(uint160(a)), " != ", _h(uint160(b))));
    }

    function assertEq(bool a, bool b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, ": ", a ? "true" : "false", " != ", b ? "true" : "false"));
    }

    function assertEq(bytes32 a, bytes32 b, string memory message) internal pure {
        if (a != b) fail(string.concat(message, ": ", _h(uint256(a)), " != ", _h(uint256(b))));
    }

    function assertEq(string memory a, string memory b, string memory message) internal pure {
        if (keccak256(bytes(a)) != keccak256(bytes(b))) fail(string.concat(message, ": '", a, "' != '", b, "'"));
    }

    function assertLe(uint256 a, uint256 b, string memory message) internal pure {
        if (a > b) fail(string.concat(message, ": ", _u(a), " > ", _u(b)));
    }

    function assertGe(uint256 a, uint256 b, string memory message) internal pure {
        if (a < b) fail(string.concat(message, ": ", _u(a), " < ", _u(b)));
    }

    function assertLt(uint256 a, uint256 b, string memory message) internal pure {
        if (a >= b) fail(string.concat(message, ": ", _u(a), " >= ", _u(b)));
    }

    function assertGt(uint256 a, uint256 b, string memory message) internal pure {
        if (a <= b) fail(string.concat(message, ": ", _u(a), " <= ", _u(b)));
    }

    /// @notice |a - b| <= maxRel * b / 1e18 (maxRel as a WAD fraction: 0.01e18 is 1%).
    function assertApproxEqRel(uint256 a, uint256 b, uint256 maxRel, string memory message) internal pure {
        uint256 diff = a > b ? a - b : b - a;
        if (b == 0) {
            if (a != 0) fail(string.concat(message, ": ", _u(a), " != 0"));
            return;
        }
        // diff * 1e18 / b > maxRel, without overflow for the sizes used here
        if (diff * 1e18 > maxRel * b) {
            fail(string.concat(message, ": ", _u(a), " vs ", _u(b), " differ by more than ", _u(maxRel), " (1e18 = 100%)"));
        }
    }

    // ---------------------------------------------------------------- formatting

    function _u(uint256 v) private pure returns (string memory) {
        if (v == 0) return "0";
        uint256 len;
        for (uint256 t = v; t != 0; t /= 10) ++len;
        bytes memory b = new bytes(len);
        for (; v != 0; v /= 10) b[--len] = bytes1(uint8(48 + (v % 10)));
        return string(b);
    }

    function _h(uint256 v) private pure returns (string memory) {
        bytes memory b = new bytes(66);
        b[0] = "0";
        b[1] = "x";
        for (uint256 i = 65; i > 1; --i) {
            uint8 d = uint8(v & 15);
            b[i] = bytes1(d < 10 ? 48 + d : 87 + d);
            v >>= 4;
        }
        return string(b);
    }
}
