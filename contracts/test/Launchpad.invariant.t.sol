// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {FixedPointMathLib as M} from "solady/utils/FixedPointMathLib.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {TickMath} from "@uniswap/v4-core/src/libraries/TickMath.sol";
import {Fixture} from "./utils/Fixture.sol";
import {PoolAttacker} from "./utils/PoolAttacker.sol";
import {Test, Vm} from "./utils/Test.sol";
import {IUniswapV3PoolFull} from "./utils/UniswapV3.sol";
import {ILaunchTokenFull, ILaunchpadFull} from "./utils/Deployed.sol";
import {ILaunchpad} from "../src/interfaces/ILaunchpad.sol";
import {IUniswapV3Factory} from "../src/interfaces/IUniswapV3.sol";
import {CurveMath} from "../src/libraries/CurveMath.sol";
import {FeeMath} from "../src/libraries/FeeMath.sol";
import {PriceMath} from "../src/libraries/PriceMath.sol";
import {PoolTypes} from "../src/libraries/PoolTypes.sol";
import {MockUSDC} from "../src/mocks/MockUSDC.sol";

/// @notice Ordinary traders, a sniper and an adversary, against the launchpad and each token's Uniswap V3 pool, with
/// time moving (every pool type has its launch fee).
/// - Traders buy and sell in all four modes with random approved attribution, buy through graduation, claim fees
///   and collect pool fees.
/// - The sniper buys tokens inside their launch window, naming an approved builder, and sells straight back.
/// - The adversary creates the next token's V3 pool before the token exists, at the extreme prices, with USDC-only
///   liquidity up to Uniswap's per-tick cap at the edge ticks; buys a token to one wei short of graduation (the
///   graduation is then pending on the next buy); buys tokens on the curve; tries to add liquidity in any range of a
///   token's V3 pool (which createToken made and pinned), the full range and the edge spacings up to the per-tick cap
///   included; swaps directly on the pool; donates USDC and tokens to the launchpad and the pool; and names itself as
///   builder and referral. It attacks a token until it graduates, and withdraws from its pool when it has (so that
///   what it ends with is what the attack got it, not market making for later traders).
/// - The owner changes pool types within the caps, and new tokens are created from them.
/// After every adversary move that changed anything (one that reverted left the state as it was), a probe checks
/// liveness on the token it touched: a funded buyer of the curve's rest graduates it in that one call, under
/// GRADUATION_GAS_BOUND. Every action states which reverts it expects; any other revert (and any success that should
/// have reverted) counts as unexpected, and an invariant asserts there are none, so a campaign in which nothing happens
/// cannot pass.
contract LaunchpadHandler is Test {
    uint256 internal constant BPS = 10_000;
    uint256 internal constant MAX_TOKENS = 16;
    /// @notice The most gas a graduating buy may use, whatever was done before it (docs/contracts.md, Graduation).
    uint256 public constant GRADUATION_GAS_BOUND = 6_000_000;
    string internal constant NAME = "Token";
    string internal constant SYMBOL = "TKN";
    string internal constant URI = "ipfs://x";

    // the reverts a trade may legitimately hit, as a mask per action (see _tradeReverted)
    uint256 internal constant ZERO = 1; // ZeroAmount: a dust amount that trades nothing
    uint256 internal constant RESERVE = 2; // InsufficientReserve: more USDC out than the curve's reserve pays
    uint256 internal constant LIQUIDITY = 4; // InsufficientLiquidity: more out of V3 than the pool can give
    uint256 internal constant UNAFFORDABLE = 8; // TransferFromFailed: the trader cannot pay what the trade costs
    uint256 internal constant NOT_HELD = 16; // ERC20InsufficientBalance: a curve sell burning more than is held
    uint256 internal constant SLIPPAGE = 32; // SlippageExceeded: more tokens in than the seller allowed

    /// @notice The liveness probe's answer: it reverts with this, so that nothing it did stays.
    error Probed(bool graduated, uint256 gasUsed);

    ILaunchpadFull internal immutable launchpad;
    MockUSDC internal immutable usdc;
    IUniswapV3Factory internal immutable factory;
    address internal immutable owner;
    address internal immutable creator;
    address[] internal tokens;
    address[] internal traders;
    address[] internal builders; // address(0) included: no builder
    address[] internal referrals; // address(0) included: no referral
    address[] public recipients; // everyone who can ever be owed fees
    address public immutable attacker;
    address public immutable sniper;
    address internal immutable prober;
    mapping(address token => PoolAttacker) public attackerOn;
    // pools the adversary created before their token, and its contract on each
    mapping(address pool => PoolAttacker) public earlyAttackerOf;
    PoolAttacker[] internal earlyAttackers;
    /// @notice The creator's salt counter: it moves on after each creation, and after one refused because the
    /// adversary's liquidity stands in the next token's pool (the creator then picks another salt).
    uint256 public saltNonce;

    // ghost: USDC each actor was given (in) and has taken out of the system (out = its balance, measured at the end)
    mapping(address actor => uint256) public usdcIn;

    mapping(address token => uint256) public graduations;
    mapping(address token => bool) public seenGraduated;
    mapping(address token => uint128) public lockedLiquidity;
    uint256 public violations;
    string public firstViolation;
    uint256 public unexpectedReverts;
    string public firstUnexpected;
    mapping(bytes4 selector => uint256) public successes;
    mapping(bytes4 selector => uint256) public expectedReverts;
    uint256 public v3Trades;
    uint256 public claims;
    uint256 public attackedGraduations; // graduations into a pool the adversary had priced or filled
    uint256 public windowTrades; // curve trades that paid a launch part
    uint256 public livenessChecks;
    uint256 public maxGraduationGas; // the most a liveness probe's graduating buy used
    uint256 public earlyPoolsTaken; // tokens created into a pool the adversary had created first
    uint256 public capFills; // edge positions sized to the whole room left under the per-tick cap
    uint256 public poolTakenRefusals; // creations refused because the adversary's liquidity stood in the pool

    constructor(
        ILaunchpadFull launchpad_,
        MockUSDC usdc_,
        IUniswapV3Factory factory_,
        address owner_,
        address[] memory tokens_,
        address creator_,
        address protocol
    ) {
        launchpad = launchpad_;
        usdc = usdc_;
        factory = factory_;
        owner = owner_;
        creator = creator_;
        tokens = tokens_;
        attacker = makeAddr("adversary");
        sniper = makeAddr("sniper");
        prober = makeAddr("liveness buyer");
        for (uint256 i; i < 3; ++i) traders.push(makeAddr(string.concat("trader", vm.toString(i))));
        builders.push(address(0));
        referrals.push(address(0));
        for (uint256 i; i < 2; ++i) {
            builders.push(makeAddr(string.concat("builder", vm.toString(i))));
            referrals.push(makeAddr(string.concat("referral", vm.toString(i))));
            recipients.push(builders[i + 1]);
            recipients.push(referrals[i + 1]);
        }
        recipients.push(creator_);
        recipients.push(protocol);
        recipients.push(attacker); // owed nothing, ever: listed so that the sums would show it
    }

    // ================================================================ traders

    function buyExactIn(uint256 tokenSeed, uint256 traderSeed, uint256 amount, uint256 attrSeed) external {
        (address token, address trader, ILaunchpad.PoolView memory v) = _pick(tokenSeed, traderSeed);
        // on the curve, up to a little past graduation (whose last wei may cost nothing: see advBrink); on V3, up to
        // 30,000 USDC
        uint256 cap = v.graduated ? 30_000e6 : _toGraduation(token, v) * 11 / 10 + 1;
        amount = bound(amount, 1, cap);
        _fund(trader, amount);
        _begin();
        vm.prank(trader);
        try launchpad.buyExactIn(token, amount, 0, block.timestamp, _attr(attrSeed)) {
            _end(token, this.buyExactIn.selector);
        } catch (bytes memory err) {
            _tradeReverted(this.buyExactIn.selector, err, ZERO);
        }
        _adversaryLeavesGraduated(token);
    }

    function buyExactOut(uint256 tokenSeed, uint256 traderSeed, uint256 amount, uint256 attrSeed) external {
        (address token, address trader, ILaunchpad.PoolView memory v) = _pick(tokenSeed, traderSeed);
        uint256 cap = v.graduated ? 100_000_000e18 : (v.params.migrationSupply - v.supply) * 11 / 10;
        amount = bound(amount, 1, cap);
        _fund(trader, 500_000e6);
        _begin();
        vm.prank(trader);
        try launchpad.buyExactOut(token, amount, type(uint256).max, block.timestamp, _attr(attrSeed)) {
            _end(token, this.buyExactOut.selector);
        } catch (bytes memory err) {
            _tradeReverted(this.buyExactOut.selector, err, UNAFFORDABLE | LIQUIDITY);
        }
        _adversaryLeavesGraduated(token);
    }

    function sellExactIn(uint256 tokenSeed, uint256 traderSeed, uint256 amount, uint256 attrSeed) external {
        (address token, address trader,) = _pick(tokenSeed, traderSeed);
        trader = _holder(token, traderSeed);
        uint256 held = ILaunchTokenFull(token).balanceOf(trader);
        if (held == 0) return;
        // mostly a sizeable part of the holding; sometimes anything down to 1 wei
        amount = amount % 4 == 0 ? bound(amount, 1, held) : bound(amount, held / 100 + 1, held);
        _begin();
        vm.prank(trader);
        try launchpad.sellExactIn(token, amount, 0, block.timestamp, _attr(attrSeed)) {
            _end(token, this.sellExactIn.selector);
        } catch (bytes memory err) {
            _tradeReverted(this.sellExactIn.selector, err, ZERO);
        }
    }

    function sellExactOut(uint256 tokenSeed, uint256 traderSeed, uint256 amount, uint256 attrSeed) external {
        (address token, address trader, ILaunchpad.PoolView memory v) = _pick(tokenSeed, traderSeed);
        trader = _holder(token, traderSeed);
        uint256 held = ILaunchTokenFull(token).balanceOf(trader);
        if (held == 0) return;
        // about what the holding is worth at the current price, so that most calls fill
        uint256 worth = M.fullMulDiv(held, v.price, CurveMath.PRICE_SCALE);
        amount = bound(amount, 1, worth / 2 + 1);
        _begin();
        vm.prank(trader);
        try launchpad.sellExactOut(token, amount, held, block.timestamp, _attr(attrSeed)) {
            _end(token, this.sellExactOut.selector);
        } catch (bytes memory err) {
            _tradeReverted(
                this.sellExactOut.selector, err, ZERO | RESERVE | LIQUIDITY | NOT_HELD | UNAFFORDABLE | SLIPPAGE
            );
        }
    }

    /// @notice A buy sized to cross graduation (when the token is still on the curve), with some USDC beyond it.
    /// Acts one time in three, so that tokens spend part of a run on the curve. Where the adversary has a pool the
    /// buy takes the curve only, so that nobody trades with the adversary's liquidity before it leaves.
    function buyThroughGraduation(uint256 tokenSeed, uint256 traderSeed, uint256 extra, uint256 attrSeed) external {
        (address token, address trader, ILaunchpad.PoolView memory v) = _pick(tokenSeed, traderSeed);
        if (v.graduated || extra % 3 != 0) return;
        bool attacked = address(attackerOn[token]) != address(0) && attackerOn[token].positionsLength() > 0;
        uint256 amount = _toGraduation(token, v) + (attacked ? 0 : bound(extra, 0, 20_000e6));
        // a curve one wei short of its migration supply may sell that wei for nothing (see advBrink): one USDC then
        // graduates it and buys on the new pool
        if (amount < 1e6) amount = 1e6;
        _fund(trader, amount);
        _begin();
        vm.prank(trader);
        try launchpad.buyExactIn(token, amount, 0, block.timestamp, _attr(attrSeed)) {
            _end(token, this.buyThroughGraduation.selector);
        } catch (bytes memory err) {
            _unexpected(this.buyThroughGraduation.selector, err);
        }
        _adversaryLeavesGraduated(token);
    }

    function claim(uint256 recipientSeed) external {
        address r = recipients[recipientSeed % recipients.length];
        uint256 owed = launchpad.claimable(r);
        uint256 before = usdc.balanceOf(r);
        uint256 total = launchpad.totalClaimable();
        vm.prank(r);
        try launchpad.claimFees() returns (uint256 amount) {
            ++claims;
            ++successes[this.claim.selector];
            _check(amount == owed, "claim paid other than claimable");
            _check(usdc.balanceOf(r) - before == owed, "claim transferred other than claimable");
            _check(total - launchpad.totalClaimable() == owed, "totalClaimable not reduced by the claim");
        } catch (bytes memory err) {
            if (owed == 0 && bytes4(err) == ILaunchpad.NothingToClaim.selector) ++expectedReverts[this.claim.selector];
            else _unexpected(this.claim.selector, err);
        }
    }

    /// @notice Anyone collects a graduated token's pool fees; creator and protocol are credited.
    function collectPoolFees(uint256 tokenSeed) external {
        address token = tokens[tokenSeed % tokens.length];
        bool graduated = launchpad.getPool(token).graduated;
        uint256 total = launchpad.totalClaimable();
        try launchpad.collectPoolFees(token) returns (uint256 usdcFees, uint256) {
            ++successes[this.collectPoolFees.selector];
            _check(graduated, "collected fees of a token not graduated");
            _check(launchpad.totalClaimable() - total == usdcFees, "collected USDC not all credited");
        } catch (bytes memory err) {
            if (!graduated && bytes4(err) == ILaunchpad.NotGraduated.selector) {
                ++expectedReverts[this.collectPoolFees.selector];
            } else {
                _unexpected(this.collectPoolFees.selector, err);
            }
        }
    }

    // ================================================================ the adversary

    /// @notice Buys tokens on the curve (for walls and donations). It never sells them.
    function advBuy(uint256 tokenSeed, uint256 amount) external {
        address token = tokens[tokenSeed % tokens.length];
        ILaunchpad.PoolView memory v = launchpad.getPool(token);
        if (v.graduated) return;
        // stay a little short of graduation: the traders graduate tokens
        uint256 room = _toGraduation(token, v);
        if (room < 3) return;
        amount = bound(amount, 2, room * 9 / 10 + 2);
        _giveAdversary(attacker, amount);
        _begin();
        vm.prank(attacker);
        try launchpad.buyExactIn(token, amount, 0, block.timestamp, _none()) {
            _end(token, this.advBuy.selector);
            _live(token);
        } catch (bytes memory err) {
            _tradeReverted(this.advBuy.selector, err, ZERO);
        }
    }

    /// @notice Buys a token to one wei short of its migration supply: its graduation is then pending on the next buy,
    /// whoever makes it, and the adversary's other moves act on it in that state.
    function advBrink(uint256 tokenSeed) external {
        address token = tokens[tokenSeed % tokens.length];
        ILaunchpad.PoolView memory v = launchpad.getPool(token);
        if (v.graduated || v.params.migrationSupply - v.supply < 2) return;
        uint256 amount = v.params.migrationSupply - v.supply - 1;
        _giveAdversary(attacker, launchpad.quoteBuyExactOut(token, amount).usdcAmount);
        _begin();
        vm.prank(attacker);
        try launchpad.buyExactOut(token, amount, type(uint256).max, block.timestamp, _none()) {
            _end(token, this.advBrink.selector);
            _check(launchpad.getPool(token).params.migrationSupply - launchpad.getPool(token).supply == 1, "brink");
            _live(token);
        } catch (bytes memory err) {
            _unexpected(this.advBrink.selector, err);
        }
    }

    /// @notice Takes on the token's V3 pool, which createToken made and pinned at the lowest price (a PoolAttacker
    /// contract that mints, burns and swaps on it directly).
    function advCreatePool(uint256 tokenSeed, uint256) external {
        address token = tokens[tokenSeed % tokens.length];
        ILaunchpad.PoolView memory v = launchpad.getPool(token);
        if (v.graduated || address(attackerOn[token]) != address(0)) return;
        PoolAttacker att = new PoolAttacker();
        att.setPool(launchpad.graduationPoolOf(token));
        attackerOn[token] = att;
        ++successes[this.advCreatePool.selector];
    }

    /// @notice Adds liquidity in a random range near the pool's price or across it. Before graduation every range
    /// needs launch tokens (the pool is pinned at the lowest price, where no range holds USDC only), and the token
    /// refuses them: nothing may go in.
    function advMint(uint256 tokenSeed, uint256 offsetSeed, uint256 widthSeed, uint256 liquiditySeed) external {
        (address token, PoolAttacker att, IUniswapV3PoolFull pool,) = _attackable(tokenSeed);
        if (address(att) == address(0)) return;
        (int24 lower, int24 upper) = _rangeNear(pool, offsetSeed, widthSeed);
        uint128 liquidity = _liquidityForUsdc(lower, upper, bound(liquiditySeed, 1, 100_000e6), address(usdc) < token);
        _mintRefused(this.advMint.selector, att, lower, upper, liquidity);
    }

    /// @dev A range 1 to 40 spacings wide, starting within 40 spacings of the pool's price, inside the usable ticks.
    function _rangeNear(IUniswapV3PoolFull pool, uint256 offsetSeed, uint256 widthSeed)
        internal
        view
        returns (int24 lower, int24 upper)
    {
        (, int24 tick,,,,,) = pool.slot0();
        int24 spacing = pool.tickSpacing();
        int24 maxT = TickMath.maxUsableTick(spacing);
        int24 center = _floorTo(tick, spacing) + int24(int256(bound(offsetSeed, 0, 80))) * spacing - 40 * spacing;
        int24 width = int24(int256(bound(widthSeed, 1, 40))) * spacing;
        lower = center < -maxT ? -maxT : center > maxT - spacing ? maxT - spacing : center;
        upper = lower + width > maxT ? maxT : lower + width;
    }

    /// @dev A position the pinned pool must refuse before graduation: the token refuses to move into it
    /// (GraduationPoolClosed), or, for one dearer than the adversary's million, the USDC transfer does.
    function _mintRefused(bytes4 selector, PoolAttacker att, int24 lower, int24 upper, uint128 liquidity) internal {
        _giveAdversary(address(att), 1_000_000e6);
        vm.prank(attacker);
        try att.mint(lower, upper, liquidity) {
            _unexpected(selector, "a position went into the pool before graduation");
        } catch (bytes memory err) {
            bool refused = bytes4(err) == ILaunchTokenFull.GraduationPoolClosed.selector;
            bool unaffordable = bytes4(err) == IERC20Errors.ERC20InsufficientBalance.selector;
            if (refused || unaffordable) ++expectedReverts[selector];
            else _unexpected(selector, err);
        }
    }

    /// @notice Adds liquidity where the locked position will go, or next to it, up to Uniswap's per-tick cap: the
    /// full range, or one spacing at either edge (the seed's spacing included), sized to the whole room left under
    /// `maxLiquidityPerTick` half the time. Before graduation every such range needs launch tokens, which the token
    /// refuses; when the adversary's USDC cannot pay the USDC side first, the USDC transfer refuses it.
    function advMintEdge(uint256 tokenSeed, uint256 whichSeed, uint256 liquiditySeed) external {
        (, PoolAttacker att, IUniswapV3PoolFull pool,) = _attackable(tokenSeed);
        if (address(att) == address(0)) return;
        int24 spacing = pool.tickSpacing();
        int24 maxT = TickMath.maxUsableTick(spacing);
        uint256 which = whichSeed % 5;
        (int24 lower, int24 upper) = which == 0
            ? (-maxT, maxT)
            : which == 1
                ? (-maxT, -maxT + spacing)
                : which == 2 ? (maxT - spacing, maxT) : which == 3 ? (-maxT + spacing, -maxT + 2 * spacing) : (maxT - 2 * spacing, maxT - spacing);
        uint128 room = _tickRoom(pool, lower, upper);
        if (room == 0) return;
        bool fill = liquiditySeed % 2 == 0;
        if (fill) ++capFills;
        uint128 liquidity = fill ? room : uint128(bound(liquiditySeed, 1, room));
        _mintRefused(this.advMintEdge.selector, att, lower, upper, liquidity);
    }

    /// @dev The liquidity still allowed at both ticks of [lower, upper] under the pool's per-tick cap.
    function _tickRoom(IUniswapV3PoolFull pool, int24 lower, int24 upper) internal view returns (uint128) {
        uint128 cap = pool.maxLiquidityPerTick();
        (uint128 a,,,,,,,) = pool.ticks(lower);
        (uint128 b,,,,,,,) = pool.ticks(upper);
        uint128 used = a > b ? a : b;
        return used >= cap ? 0 : cap - used;
    }

    /// @dev The token at `tokenSeed` with the adversary's pool on it, while the token is still on its curve (att is
    /// zero otherwise: the adversary attacks a token until it graduates).
    function _attackable(uint256 tokenSeed)
        internal
        view
        returns (address token, PoolAttacker att, IUniswapV3PoolFull pool, ILaunchpad.PoolView memory v)
    {
        token = tokens[tokenSeed % tokens.length];
        v = launchpad.getPool(token);
        if (v.graduated) return (token, att, pool, v);
        att = attackerOn[token];
        if (address(att) != address(0)) pool = IUniswapV3PoolFull(address(att.pool()));
    }

    /// @notice Takes its last position out of a pool it created before the pool's token (the only pools it can have
    /// liquidity in): the next creation over that pool is then no longer refused.
    function advBurn(uint256 seed) external {
        if (earlyAttackers.length == 0) return;
        PoolAttacker att = earlyAttackers[seed % earlyAttackers.length];
        if (att.positionsLength() == 0) return;
        try att.withdrawLast() {
            ++successes[this.advBurn.selector];
        } catch (bytes memory err) {
            _unexpected(this.advBurn.selector, err);
        }
    }

    /// @notice Creates the V3 pool of the token the creator will make next (its address is predictable), in either
    /// fee tier, before the token exists, at an extreme price (V3's lowest and highest, one off each, or anywhere);
    /// and, two times in three, puts USDC-only liquidity in it (no other kind can be paid before the token exists):
    /// at the far edge spacing, over the whole USDC side, next to the price, or anywhere on that side, up to the room
    /// left under the per-tick cap and 20M USDC. createToken must then pin the pool, or refuse it
    /// (GraduationPoolTaken) exactly when the adversary's liquidity stands in the way.
    function advPrecreatePool(uint256 tierSeed, uint256 priceSeed, uint256 rangeSeed, uint256 liquiditySeed) external {
        if (tokens.length >= MAX_TOKENS) return;
        address token = launchpad.predictTokenAddress(creator, _salt(), NAME, SYMBOL, URI);
        uint24 tier = tierSeed % 2 == 0 ? 3_000 : 10_000;
        bool usdcIsToken0 = address(usdc) < token;
        address pool = factory.getPool(token, address(usdc), tier);
        if (pool == address(0)) {
            pool = factory.createPool(token, address(usdc), tier);
            IUniswapV3PoolFull(pool).initialize(_extremePrice(priceSeed));
            PoolAttacker fresh = new PoolAttacker();
            fresh.setPool(pool);
            earlyAttackerOf[pool] = fresh;
            earlyAttackers.push(fresh);
            ++successes[this.advPrecreatePool.selector];
        }
        if (liquiditySeed % 3 == 0) return;
        (int24 lower, int24 upper) = _usdcOnlyRange(IUniswapV3PoolFull(pool), usdcIsToken0, rangeSeed);
        if (lower >= upper) return; // the price is at the end of the USDC side: no room for a position
        uint256 budget = bound(liquiditySeed, 1e6, 20_000_000e6);
        uint128 liquidity = _affordableLiquidity(lower, upper, budget, usdcIsToken0);
        uint128 room = _tickRoom(IUniswapV3PoolFull(pool), lower, upper);
        if (liquidity > room) liquidity = room;
        if (liquidity == 0) return;
        PoolAttacker att = earlyAttackerOf[pool];
        _giveAdversary(address(att), budget + 1);
        try att.mint(lower, upper, liquidity) {
            ++successes[this.advPrecreatePool.selector];
        } catch (bytes memory err) {
            _unexpected(this.advPrecreatePool.selector, err);
        }
    }

    function _extremePrice(uint256 seed) internal pure returns (uint160) {
        uint256 k = seed % 5;
        if (k == 0) return TickMath.MIN_SQRT_PRICE;
        if (k == 1) return TickMath.MIN_SQRT_PRICE + 1;
        if (k == 2) return TickMath.MAX_SQRT_PRICE - 2;
        if (k == 3) return TickMath.MAX_SQRT_PRICE - 1;
        return uint160(bound(seed, TickMath.MIN_SQRT_PRICE, TickMath.MAX_SQRT_PRICE - 1));
    }

    /// @dev A range that holds USDC only at the pool's price (above the price when USDC is token0, at or below it
    /// when token1), by `seed`: the far edge spacing (where the locked position's tick is), the whole side, the
    /// spacing next to the price, or a random part of the side. lower >= upper when the side has no room.
    function _usdcOnlyRange(IUniswapV3PoolFull pool, bool usdcIsToken0, uint256 seed)
        internal
        view
        returns (int24 lower, int24 upper)
    {
        (, int24 tick,,,,,) = pool.slot0();
        int24 s = pool.tickSpacing();
        int24 maxT = TickMath.maxUsableTick(s);
        (int24 lo, int24 hi) = usdcIsToken0 ? (_floorTo(tick, s) + s, maxT) : (-maxT, _floorTo(tick, s));
        if (lo < -maxT) lo = -maxT;
        if (hi > maxT) hi = maxT;
        if (hi - lo < s) return (0, 0);
        uint256 k = seed % 4;
        if (k == 0) return usdcIsToken0 ? (hi - s, hi) : (lo, lo + s);
        if (k == 1) return (lo, hi);
        if (k == 2) return usdcIsToken0 ? (lo, lo + s) : (hi - s, hi);
        int24 spans = (hi - lo) / s;
        int24 a = int24(int256(bound(seed >> 8, 0, uint256(int256(spans - 1)))));
        int24 b = int24(int256(bound(seed >> 40, uint256(int256(a + 1)), uint256(int256(spans)))));
        return (lo + a * s, lo + b * s);
    }

    /// @notice Swaps directly on the pool, either way, to any price. Before graduation a swap moves the price
    /// through empty space only: one that would move launch tokens into or out of the pool (through the seed) must
    /// be refused.
    function advSwap(uint256 tokenSeed, bool zeroForOne, uint256 amountSeed, uint256 limitSeed) external {
        (address token, PoolAttacker att, IUniswapV3PoolFull pool,) = _attackable(tokenSeed);
        if (address(att) == address(0)) return;
        (uint160 current,,,,,,) = pool.slot0();
        // at the end of V3's range (where the pool is pinned) the only way is back
        if (zeroForOne ? current <= TickMath.MIN_SQRT_PRICE + 1 : current >= TickMath.MAX_SQRT_PRICE - 2) {
            zeroForOne = !zeroForOne;
        }
        uint160 limit = zeroForOne
            ? uint160(bound(limitSeed, TickMath.MIN_SQRT_PRICE + 1, current - 1))
            : uint160(bound(limitSeed, current + 1, TickMath.MAX_SQRT_PRICE - 1));
        int256 amount = int256(bound(amountSeed, 1, 1e30));
        _giveAdversary(address(att), 1_000_000e6);
        try att.swap(zeroForOne, amount, limit) {
            ++successes[this.advSwap.selector];
            _live(token);
        } catch (bytes memory err) {
            // tokens into the pool: the attacker's own transfer reverts; out of it: the pool's, which V3 reports "TF"
            bool refused = bytes4(err) == ILaunchTokenFull.GraduationPoolClosed.selector
                || keccak256(err) == keccak256(abi.encodeWithSignature("Error(string)", "TF"));
            bool unaffordable = bytes4(err) == IERC20Errors.ERC20InsufficientBalance.selector;
            if (refused || unaffordable) ++expectedReverts[this.advSwap.selector];
            else _unexpected(this.advSwap.selector, err);
        }
    }

    /// @notice Donates USDC or launch tokens to the launchpad or to the pool. Tokens into the pool must be refused.
    function advDonate(uint256 tokenSeed, uint256 amount, uint8 kind) external {
        address token = tokens[tokenSeed % tokens.length];
        address pool = address(attackerOn[token]) == address(0) ? address(0) : address(attackerOn[token].pool());
        bool toPool = kind % 2 == 1 && pool != address(0);
        address to = toPool ? pool : address(launchpad);
        if (kind % 4 < 2) {
            amount = bound(amount, 1, 10_000e6);
            _giveAdversary(attacker, amount);
            vm.prank(attacker);
            usdc.transfer(to, amount);
            ++successes[this.advDonate.selector];
            _live(token);
            return;
        }
        uint256 held = ILaunchTokenFull(token).balanceOf(attacker);
        if (held == 0) return;
        amount = bound(amount, 1, held);
        bool closed = toPool && !launchpad.getPool(token).graduated;
        vm.prank(attacker);
        try ILaunchTokenFull(token).transfer(to, amount) {
            if (closed) _unexpected(this.advDonate.selector, "tokens donated into the closed pool");
            ++successes[this.advDonate.selector];
            _live(token);
        } catch (bytes memory err) {
            if (closed && bytes4(err) == ILaunchTokenFull.GraduationPoolClosed.selector) {
                ++expectedReverts[this.advDonate.selector];
            } else {
                _unexpected(this.advDonate.selector, err);
            }
        }
    }

    /// @notice Names itself as builder, referral or both: must be refused (a referral alone is ignored, not refused:
    /// a trade never names a token's referral), and must never earn a fee.
    function advSelfAttribute(uint256 tokenSeed, uint256 amount, uint8 which) external {
        address token = tokens[tokenSeed % tokens.length];
        amount = bound(amount, 1e6, 1_000e6);
        _giveAdversary(attacker, amount);
        ILaunchpad.Attribution memory a;
        if (which % 3 != 1) (a.builder, a.builderFeeBps) = (attacker, 50);
        if (which % 3 != 0) a.referral = attacker;
        bool ignored = a.builder == address(0);
        _begin();
        vm.prank(attacker);
        try launchpad.buyExactIn(token, amount, 0, block.timestamp, a) {
            if (!ignored) _unexpected(this.advSelfAttribute.selector, "self-attribution accepted");
            _end(token, this.advSelfAttribute.selector);
            _live(token);
        } catch (bytes memory err) {
            bytes4 sel = bytes4(err);
            if (sel == ILaunchpad.BuilderNotApproved.selector || sel == ILaunchpad.ReferrerNotApproved.selector) {
                ++expectedReverts[this.advSelfAttribute.selector];
            } else {
                _unexpected(this.advSelfAttribute.selector, err);
            }
        }
        _check(launchpad.claimable(attacker) == 0, "the adversary earned a fee");
    }

    // ================================================================ the owner

    /// @notice Changes a pool type within the caps: trade fee 0.5% to 5%, creator share up to 50%, 0.3% or 1% DEX tier.
    function ownerSetPoolType(uint256 typeSeed, uint256 feeSeed, uint256 shareSeed, bool onePercent) external {
        uint8 id = uint8(7 + typeSeed % 3);
        ILaunchpad.PoolTypeParams memory p = typeSeed % 2 == 0 ? PoolTypes.meme() : PoolTypes.startupPreseed();
        p.tradeFeeBps = uint16(bound(feeSeed, 50, 500));
        p.creatorShareBps = uint16(bound(shareSeed, 0, 5_000));
        p.dexFeeTier = onePercent ? 10_000 : 3_000;
        vm.prank(owner);
        try launchpad.setPoolType(id, p) {
            ++successes[this.ownerSetPoolType.selector];
        } catch (bytes memory err) {
            _unexpected(this.ownerSetPoolType.selector, err);
        }
    }

    /// @notice A new token from a (possibly changed) pool type, at the creator's next salt. Where the adversary
    /// created its pool first, the creation must pin that pool, or be refused (GraduationPoolTaken) exactly when the
    /// adversary's liquidity stands in it; the creator then moves to its next salt. A token created into the
    /// adversary's pool must then graduate like any other (liveness, probed at once).
    function createToken(uint256 typeSeed) external {
        if (tokens.length >= MAX_TOKENS) return;
        ILaunchpad.CreateTokenParams memory p;
        p.name = NAME;
        p.symbol = SYMBOL;
        p.tokenURI = URI;
        p.poolType = uint8(7 + typeSeed % 3);
        p.salt = _salt();
        p.deadline = block.timestamp;
        address predicted = launchpad.predictTokenAddress(creator, p.salt, NAME, SYMBOL, URI);
        address early = factory.getPool(predicted, address(usdc), launchpad.poolType(p.poolType).dexFeeTier);
        PoolAttacker att = earlyAttackerOf[early];
        bool blocked = address(att) != address(0) && att.positionsLength() > 0;
        _begin();
        vm.prank(creator);
        try launchpad.createToken(p) returns (address token, bytes32) {
            tokens.push(token);
            ++saltNonce;
            _end(token, this.createToken.selector);
            if (blocked) _unexpected(this.createToken.selector, "created over the adversary's liquidity");
            if (early != address(0)) {
                ++earlyPoolsTaken;
                (uint160 price,,,,,,) = IUniswapV3PoolFull(early).slot0();
                uint160 lowest = address(usdc) < token ? TickMath.MAX_SQRT_PRICE - 1 : TickMath.MIN_SQRT_PRICE + 1;
                _check(price == lowest, "a pool created early was not pinned at the lowest price");
                _live(token);
            }
        } catch (bytes memory err) {
            if (blocked && bytes4(err) == ILaunchpad.GraduationPoolTaken.selector) {
                ++saltNonce;
                ++poolTakenRefusals;
                ++expectedReverts[this.createToken.selector];
            } else if (bytes4(err) == ILaunchpad.UnknownPoolType.selector && p.poolType == 9) {
                // type 9 exists once the owner has set it
                ++expectedReverts[this.createToken.selector];
            } else {
                _unexpected(this.createToken.selector, err);
            }
        }
    }

    function _salt() internal view returns (bytes32) {
        return keccak256(abi.encode("salt", saltNonce));
    }

    // ================================================================ time and the sniper

    /// @notice Time moves: 1 to 40 seconds and a block, so that trades land inside launch windows and after them.
    function warp(uint256 secondsSeed) external {
        vm.warp(block.timestamp + bound(secondsSeed, 1, 40));
        vm.roll(block.number + 1);
        ++successes[this.warp.selector];
    }

    /// @notice Buys a token inside its launch window (the first such token from `tokenSeed` on), naming an approved
    /// builder and attribution as traders do, and sells half straight back when `dump`. Every leg must pay the
    /// schedule's fee for its block (_checkTrade), whose launch part nobody but the protocol gets.
    function snipe(uint256 tokenSeed, uint256 amount, uint256 attrSeed, bool dump) external {
        address token = _inWindow(tokenSeed);
        if (token == address(0)) return;
        amount = bound(amount, 1, 50_000e6);
        _fund(sniper, amount);
        _begin();
        vm.prank(sniper);
        try launchpad.buyExactIn(token, amount, 0, block.timestamp, _attr(attrSeed)) {
            _end(token, this.snipe.selector);
        } catch (bytes memory err) {
            _tradeReverted(this.snipe.selector, err, ZERO);
            return;
        }
        uint256 held = ILaunchTokenFull(token).balanceOf(sniper);
        if (!dump || held < 2) return;
        _begin();
        vm.prank(sniper);
        try launchpad.sellExactIn(token, held / 2, 0, block.timestamp, _attr(attrSeed >> 24)) {
            _end(token, this.snipe.selector);
        } catch (bytes memory err) {
            _tradeReverted(this.snipe.selector, err, ZERO);
        }
    }

    /// @dev The first token from `seed` on that is on its curve and inside its launch window; zero if none is.
    function _inWindow(uint256 seed) internal view returns (address) {
        for (uint256 k; k < tokens.length; ++k) {
            address token = tokens[(seed % tokens.length + k) % tokens.length];
            ILaunchpad.PoolView memory v = launchpad.getPool(token);
            if (!v.graduated && block.timestamp < v.createdAt + v.params.launchFeeSeconds) return token;
        }
        return address(0);
    }

    // ================================================================ liveness

    /// @dev Liveness, on `token` as the adversary's last move left it: a funded buyer of what is left on the curve
    /// graduates it in that one call, under GRADUATION_GAS_BOUND. The probe runs in a call that reverts (Probed), so
    /// nothing of it stays.
    function _live(address token) internal {
        if (launchpad.getPool(token).graduated) return;
        ++livenessChecks;
        try this.probeGraduation(token) {
            _check(false, "the liveness probe returned");
        } catch (bytes memory err) {
            if (bytes4(err) != Probed.selector) {
                _check(false, "a funded buyer of the curve's rest could not buy it");
                return;
            }
            (bool graduated, uint256 gasUsed) = abi.decode(_args(err), (bool, uint256));
            _check(graduated, "a funded buyer of the curve's rest did not graduate the token");
            _check(gasUsed <= GRADUATION_GAS_BOUND, "a graduating buy over GRADUATION_GAS_BOUND");
            if (gasUsed > maxGraduationGas) maxGraduationGas = gasUsed;
        }
    }

    /// @notice The probe behind _live; the handler's own, never a target.
    function probeGraduation(address token) external {
        require(msg.sender == address(this), "the handler's own");
        ILaunchpad.PoolView memory v = launchpad.getPool(token);
        uint256 left = v.params.migrationSupply - v.supply;
        _faucet(prober, launchpad.quoteBuyExactOut(token, left).usdcAmount);
        vm.prank(prober);
        usdc.approve(address(launchpad), type(uint256).max);
        vm.prank(prober);
        uint256 before = gasleft();
        launchpad.buyExactOut(token, left, type(uint256).max, block.timestamp, _none());
        uint256 used = before - gasleft();
        revert Probed(launchpad.getPool(token).graduated, used);
    }

    /// @dev A custom error's arguments: its data after the selector.
    function _args(bytes memory err) internal pure returns (bytes memory args) {
        args = new bytes(err.length - 4);
        for (uint256 i; i < args.length; ++i) args[i] = err[i + 4];
    }

    // ================================================================ views for the invariants

    function tokensLength() external view returns (uint256) {
        return tokens.length;
    }

    function tokenAt(uint256 i) external view returns (address) {
        return tokens[i];
    }

    function recipientsLength() external view returns (uint256) {
        return recipients.length;
    }

    function traderAt(uint256 i) external view returns (address) {
        return traders[i];
    }

    /// @notice The adversary leaves every pool (those it created early included) and reports the USDC it holds:
    /// wallet and pool contracts.
    function adversaryWithdrawsEverything() external returns (uint256 holds) {
        holds = usdc.balanceOf(attacker);
        for (uint256 i; i < tokens.length; ++i) {
            PoolAttacker att = attackerOn[tokens[i]];
            if (address(att) == address(0)) continue;
            att.withdrawAll();
            holds += usdc.balanceOf(address(att));
        }
        for (uint256 i; i < earlyAttackers.length; ++i) {
            earlyAttackers[i].withdrawAll();
            holds += usdc.balanceOf(address(earlyAttackers[i]));
        }
    }

    // ================================================================ checks

    uint256 internal _claimableBefore;

    function _begin() internal {
        _claimableBefore = launchpad.totalClaimable();
        vm.recordLogs();
    }

    /// @dev Checks every event of the call just made: each FeeSplit adds up to its fee under the rules; Graduated at
    /// most once per token, never undone, and its locked position within the bound; the claimable total grew by
    /// exactly the fees booked.
    function _end(address token, bytes4 selector) internal {
        ++successes[selector];
        Vm.Log[] memory logs = vm.getRecordedLogs();
        uint256 booked;
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter != address(launchpad)) continue;
            address subject = address(uint160(uint256(logs[i].topics.length > 2 ? logs[i].topics[2] : bytes32(0))));
            if (logs[i].topics[0] == ILaunchpad.Trade.selector) booked += _checkTrade(subject, logs[i], selector);
            if (logs[i].topics[0] == ILaunchpad.Graduated.selector) booked += _checkGraduated(subject, logs[i]);
        }
        _check(launchpad.totalClaimable() - _claimableBefore == booked, "totalClaimable grew by other than the fees");
        bool graduated = launchpad.getPool(token).graduated;
        _check(!seenGraduated[token] || graduated, "graduated went back to false");
        _check(graduations[token] <= 1, "Graduated emitted twice");
        _check(graduated == (graduations[token] == 1), "graduated without a Graduated event");
        seenGraduated[token] = graduated;
    }

    /// @dev The locked position: at least 97% of the DEX reserve, the DEX supply within 1%, the pool at the final
    /// price within 1%.
    function _checkGraduated(address token, Vm.Log memory l) internal returns (uint256 protocolFee) {
        ++graduations[token];
        if (address(attackerOn[token]) != address(0)) ++attackedGraduations;
        ILaunchpad.PoolTypeParams memory p = launchpad.getPool(token).params;
        uint256 usedTokens;
        uint256 usedUsdc;
        ILaunchpad.PoolSnapshot memory state;
        (,, usedTokens, usedUsdc, protocolFee, state) =
            abi.decode(l.data, (uint24, uint256, uint256, uint256, uint256, ILaunchpad.PoolSnapshot));
        _check(usedUsdc * BPS >= uint256(p.dexReserve) * 9_700, "locked position under 97% of the DEX reserve");
        uint256 d = usedTokens > p.dexSupply ? usedTokens - p.dexSupply : p.dexSupply - usedTokens;
        _check(d * 100 <= p.dexSupply, "locked position's tokens off the DEX supply by over 1%");
        (uint256 num, uint256 den) = CurveMath.finalPrice(p);
        uint256 finalPrice = M.fullMulDiv(num, CurveMath.PRICE_SCALE, den);
        uint256 price = state.price; // as graduation left it, before the buyer's V3 leg
        uint256 dp = price > finalPrice ? price - finalPrice : finalPrice - price;
        _check(dp * 100 <= finalPrice, "graduated off the final price by over 1%");
        lockedLiquidity[token] = _positionLiquidity(token);
    }

    function _positionLiquidity(address token) internal view returns (uint128 liquidity) {
        (bool ok, bytes memory data) = address(launchpad.positionManager()).staticcall(
            abi.encodeWithSignature("positions(uint256)", launchpad.getPool(token).positionId)
        );
        if (ok) (,,,,,,, liquidity) = abi.decode(data, (uint96, address, address, address, uint24, int24, int24, uint128));
    }

    struct TradeData {
        ILaunchpad.TradeMode mode;
        ILaunchpad.Venue venue;
        uint256 tokenAmount;
        uint256 usdcAmount;
        ILaunchpad.FeeSplit f;
        ILaunchpad.Attribution a;
    }

    /// @dev `selector` is the call's: a curve leg pays the launch fee of its block, but for the creator's first buy
    /// inside createToken; a V3 leg the trade fee. What is above the trade fee is the protocol's alone (`launch`),
    /// and only the rest is split.
    function _checkTrade(address token, Vm.Log memory l, bytes4 selector) internal returns (uint256 fee) {
        TradeData memory t = _decodeTrade(l.data);
        if (t.venue == ILaunchpad.Venue.UniswapV3) ++v3Trades;
        ILaunchpad.PoolView memory v = launchpad.getPool(token);
        ILaunchpad.PoolTypeParams memory p = v.params;
        uint256 charged = t.venue == ILaunchpad.Venue.UniswapV3 || selector == this.createToken.selector
            ? p.tradeFeeBps
            : FeeMath.feeBpsAt(p, block.timestamp - v.createdAt);
        fee = t.f.protocol + t.f.creator + t.f.referral + t.f.builder + t.f.launch;
        if (t.f.launch > 0) ++windowTrades;
        bool buy = t.mode == ILaunchpad.TradeMode.BuyExactIn || t.mode == ILaunchpad.TradeMode.BuyExactOut;
        // the fee is on the gross USDC side: what a buyer paid, or what a seller got plus the fee
        uint256 base = buy ? t.usdcAmount : t.usdcAmount + fee;
        _check(fee == M.mulDivUp(base, charged, BPS), "fee is not the charged bps of the base, rounded up");
        _check(t.f.launch == fee * (charged - p.tradeFeeBps) / charged, "launch part");
        uint256 rest = fee - t.f.launch;
        _check(t.f.builder <= base * launchpad.MAX_BUILDER_FEE_BPS() / BPS, "builder above MAX_BUILDER_FEE_BPS");
        _check(t.f.creator == rest * p.creatorShareBps / BPS, "creator share shrank or grew");
        _check(t.f.referral == (t.a.referral == address(0) ? 0 : rest * 2_000 / BPS), "referral share");
        uint256 room = rest - t.f.creator - t.f.referral;
        uint256 b = t.a.builder == address(0) ? 0 : base * t.a.builderFeeBps / BPS;
        _check(t.f.builder == (b < room ? b : room), "builder cut");
        address trader = address(uint160(uint256(l.topics[3])));
        _check(t.a.builder != trader && t.a.referral != trader, "a trader was paid attribution on its own trade");
    }

    function _decodeTrade(bytes memory data) internal pure returns (TradeData memory t) {
        (t.mode, t.venue, t.tokenAmount, t.usdcAmount, t.f, t.a) = abi.decode(
            data,
            (
                ILaunchpad.TradeMode,
                ILaunchpad.Venue,
                uint256,
                uint256,
                ILaunchpad.FeeSplit,
                ILaunchpad.Attribution
            )
        );
    }

    /// @dev A trade that could not happen, for one of the reasons in `allowed` (a mask of ZERO, RESERVE, LIQUIDITY,
    /// UNAFFORDABLE, NOT_HELD, SLIPPAGE: each action names those its amounts can meet). Anything else is unexpected.
    function _tradeReverted(bytes4 selector, bytes memory err, uint256 allowed) internal {
        bytes4 sel = bytes4(err);
        uint256 kind = sel == ILaunchpad.ZeroAmount.selector
            ? ZERO
            : sel == ILaunchpad.InsufficientReserve.selector
                ? RESERVE
                : sel == ILaunchpad.InsufficientLiquidity.selector
                    ? LIQUIDITY
                    : sel == SafeTransferLib.TransferFromFailed.selector
                        ? UNAFFORDABLE
                        : sel == IERC20Errors.ERC20InsufficientBalance.selector
                            ? NOT_HELD
                            : sel == ILaunchpad.SlippageExceeded.selector ? SLIPPAGE : 0;
        if (kind & allowed != 0) ++expectedReverts[selector];
        else _unexpected(selector, err);
    }

    function _unexpected(bytes4 selector, bytes memory err) internal {
        if (unexpectedReverts == 0) {
            firstUnexpected = string.concat(vm.toString(uint256(uint32(selector))), ": ", vm.toString(err), " ", string(err));
        }
        ++unexpectedReverts;
    }

    function _check(bool ok, string memory what) internal {
        if (ok) return;
        if (violations == 0) firstViolation = what;
        ++violations;
    }

    // ---------------------------------------------------------------- helpers

    /// @dev Once a token has graduated, the adversary takes everything out of its pool.
    function _adversaryLeavesGraduated(address token) internal {
        PoolAttacker att = attackerOn[token];
        if (address(att) == address(0) || !launchpad.getPool(token).graduated || att.positionsLength() == 0) return;
        att.withdrawAll();
    }

    function _pick(uint256 tokenSeed, uint256 traderSeed)
        internal
        view
        returns (address token, address trader, ILaunchpad.PoolView memory v)
    {
        token = tokens[tokenSeed % tokens.length];
        trader = traders[traderSeed % traders.length];
        v = launchpad.getPool(token);
    }

    /// @dev The trader at `seed`, or the next one holding `token` if that one holds none.
    function _holder(address token, uint256 seed) internal view returns (address) {
        for (uint256 k; k < traders.length; ++k) {
            address t = traders[(seed % traders.length + k) % traders.length];
            if (ILaunchTokenFull(token).balanceOf(t) > 0) return t;
        }
        return traders[seed % traders.length];
    }

    function _toGraduation(address token, ILaunchpad.PoolView memory v) internal view returns (uint256) {
        return launchpad.quoteBuyExactOut(token, v.params.migrationSupply - v.supply).usdcAmount;
    }

    function _attr(uint256 seed) internal view returns (ILaunchpad.Attribution memory a) {
        a.builder = builders[seed % builders.length];
        a.referral = referrals[(seed >> 8) % referrals.length];
        a.builderFeeBps = uint16((seed >> 16) % 51);
    }

    function _none() internal pure returns (ILaunchpad.Attribution memory a) {}

    /// @dev The liquidity in [lower, upper] that `budget` USDC buys where the range holds USDC only (at least 1).
    function _liquidityForUsdc(int24 lower, int24 upper, uint256 budget, bool usdcIsToken0)
        internal
        pure
        returns (uint128)
    {
        uint128 l = _affordableLiquidity(lower, upper, budget, usdcIsToken0);
        return l == 0 ? 1 : l;
    }

    /// @dev As _liquidityForUsdc, but 0 where the budget cannot pay for one unit of liquidity (at V3's lowest prices
    /// one unit of a range of token0 costs about 1.8e19 of it).
    function _affordableLiquidity(int24 lower, int24 upper, uint256 budget, bool usdcIsToken0)
        internal
        pure
        returns (uint128)
    {
        uint256 a = TickMath.getSqrtPriceAtTick(lower);
        uint256 b = TickMath.getSqrtPriceAtTick(upper);
        uint256 l = usdcIsToken0 ? M.fullMulDiv(budget, M.fullMulDiv(a, b, 1 << 96), b - a) : M.fullMulDiv(budget, 1 << 96, b - a);
        return uint128(l > type(uint128).max / 2 ? type(uint128).max / 2 : l);
    }

    function _floorTo(int24 t, int24 s) internal pure returns (int24) {
        int24 q = t / s;
        if (t < 0 && t % s != 0) --q;
        return q * s;
    }

    function _fund(address who, uint256 amount) internal {
        _faucet(who, amount);
        usdcIn[who] += amount;
        vm.prank(who);
        usdc.approve(address(launchpad), type(uint256).max);
    }

    function _giveAdversary(address who, uint256 amount) internal {
        _faucet(who, amount);
        usdcIn[attacker] += amount;
        vm.prank(who);
        usdc.approve(address(launchpad), type(uint256).max);
    }

    function _faucet(address who, uint256 amount) internal {
        uint256 limit = usdc.FAUCET_LIMIT();
        while (amount > 0) {
            uint256 a = amount < limit ? amount : limit;
            usdc.faucet(who, a);
            amount -= a;
        }
    }
}

/// @notice The launchpad's invariants under the handler's traders, adversary and owner.
contract LaunchpadInvariantTest is Fixture {
    struct FuzzSelector {
        address addr;
        bytes4[] selectors;
    }

    LaunchpadHandler internal handler;

    /// @dev Printed by forge with -vv: the call statistics docs/contracts.md quotes.
    event log_named_uint(string key, uint256 val);

    function setUp() public override {
        launchFeeKept = true; // every pool type charges its launch fee; the handler moves time
        super.setUp();
        // (meme, startup) x (USDC token0, token1)
        address[] memory tokens = new address[](4);
        for (uint256 i; i < 4; ++i) tokens[i] = _createTokenOrdered(i < 2 ? MEME : STARTUP, i % 2 == 0);
        handler = new LaunchpadHandler(launchpad, usdc, factory, owner, tokens, creator, protocol);
        vm.startPrank(owner);
        for (uint256 i; i < 2; ++i) {
            launchpad.setBuilder(makeAddr(string.concat("builder", vm.toString(i))), 50);
            launchpad.setReferrer(makeAddr(string.concat("referral", vm.toString(i))), true);
        }
        vm.stopPrank();
    }

    function targetContracts() public view returns (address[] memory t) {
        t = new address[](1);
        t[0] = address(handler);
    }

    /// @dev The actions, some listed twice to weigh them: positions and pools created early are the attack, and
    /// time must move often enough for windows to open and close.
    function _actions() internal pure returns (bytes4[] memory a) {
        a = new bytes4[](25);
        a[0] = LaunchpadHandler.buyExactIn.selector;
        a[1] = LaunchpadHandler.buyExactOut.selector;
        a[2] = LaunchpadHandler.sellExactIn.selector;
        a[3] = LaunchpadHandler.sellExactOut.selector;
        a[4] = LaunchpadHandler.buyThroughGraduation.selector;
        a[5] = LaunchpadHandler.claim.selector;
        a[6] = LaunchpadHandler.collectPoolFees.selector;
        a[7] = LaunchpadHandler.advBuy.selector;
        a[8] = LaunchpadHandler.advBrink.selector;
        a[9] = LaunchpadHandler.advCreatePool.selector;
        a[10] = LaunchpadHandler.advMint.selector;
        a[11] = LaunchpadHandler.advMint.selector;
        a[12] = LaunchpadHandler.advMintEdge.selector;
        a[13] = LaunchpadHandler.advMintEdge.selector;
        a[14] = LaunchpadHandler.advBurn.selector;
        a[15] = LaunchpadHandler.advSwap.selector;
        a[16] = LaunchpadHandler.advDonate.selector;
        a[17] = LaunchpadHandler.advSelfAttribute.selector;
        a[18] = LaunchpadHandler.advPrecreatePool.selector;
        a[19] = LaunchpadHandler.advPrecreatePool.selector;
        a[20] = LaunchpadHandler.ownerSetPoolType.selector;
        a[21] = LaunchpadHandler.createToken.selector;
        a[22] = LaunchpadHandler.warp.selector;
        a[23] = LaunchpadHandler.warp.selector;
        a[24] = LaunchpadHandler.snipe.selector;
    }

    function _names() internal pure returns (string[25] memory) {
        return [
            "buyExactIn", "buyExactOut", "sellExactIn", "sellExactOut", "buyThroughGraduation", "claim",
            "collectPoolFees", "advBuy", "advBrink", "advCreatePool", "advMint", "advMint", "advMintEdge", "advMintEdge",
            "advBurn", "advSwap", "advDonate", "advSelfAttribute", "advPrecreatePool", "advPrecreatePool",
            "ownerSetPoolType", "createToken", "warp", "warp", "snipe"
        ];
    }

    function targetSelectors() public view returns (FuzzSelector[] memory s) {
        s = new FuzzSelector[](1);
        s[0] = FuzzSelector(address(handler), _actions());
    }

    /// @notice The handler is not vacuous: a fixed pseudo-random sequence of actions snipes inside launch windows,
    /// creates tokens into pools the adversary created first (and is refused where its liquidity stands), probes
    /// liveness after the adversary's moves, graduates tokens through the adversary's pools, trades on both venues in
    /// every mode, claims, and leaves every invariant holding.
    function test_handler_randomSequenceCoversEveryPath() public {
        bytes4[] memory actions = _actions();
        for (uint256 i; i < 1_500; ++i) {
            uint256 r = uint256(keccak256(abi.encode("sequence", i)));
            (uint256 a, uint256 b, uint256 c, uint256 d) = (r >> 8, r >> 24, r >> 40, r >> 120);
            _act(actions[r % actions.length], a, b, c, d);
        }
        _logStatistics();
        bytes4[16] memory kinds = [
            LaunchpadHandler.buyExactIn.selector,
            LaunchpadHandler.buyExactOut.selector,
            LaunchpadHandler.sellExactIn.selector,
            LaunchpadHandler.sellExactOut.selector,
            LaunchpadHandler.buyThroughGraduation.selector,
            LaunchpadHandler.advBuy.selector,
            LaunchpadHandler.advBrink.selector,
            LaunchpadHandler.advCreatePool.selector,
            LaunchpadHandler.advMint.selector,
            LaunchpadHandler.advMintEdge.selector,
            LaunchpadHandler.advBurn.selector,
            LaunchpadHandler.advSwap.selector,
            LaunchpadHandler.advDonate.selector,
            LaunchpadHandler.advPrecreatePool.selector,
            LaunchpadHandler.ownerSetPoolType.selector,
            LaunchpadHandler.snipe.selector
        ];
        for (uint256 k; k < kinds.length; ++k) {
            uint256 acted = handler.successes(kinds[k]) + handler.expectedReverts(kinds[k]);
            assertGe(acted, 2, string.concat("too few calls that acted, of kind ", vm.toString(k)));
        }
        assertGt(handler.expectedReverts(LaunchpadHandler.advMint.selector), 2, "positions before graduation refused");
        assertGt(handler.expectedReverts(LaunchpadHandler.advMintEdge.selector), 2, "edge positions refused");
        assertGt(handler.capFills(), 1, "edge positions sized to the per-tick cap");
        assertGt(handler.expectedReverts(LaunchpadHandler.advSelfAttribute.selector), 2, "self-attribution refused");
        assertGe(handler.poolTakenRefusals(), 1, "a creation refused (pool taken)");
        assertGe(handler.earlyPoolsTaken(), 1, "tokens created into pools the adversary created first");
        uint256 graduated;
        for (uint256 k; k < handler.tokensLength(); ++k) graduated += handler.graduations(handler.tokenAt(k));
        assertGe(graduated, 2, "graduations");
        assertGt(handler.v3Trades(), 20, "V3 trades");
        assertGt(handler.windowTrades(), 10, "trades inside a launch window");
        assertGt(handler.livenessChecks(), 20, "liveness probes");
        assertGt(handler.claims(), 5, "claims");
        assertGe(handler.attackedGraduations(), 1, "graduations of pools the adversary worked on");
        invariant_launchpad();
        afterInvariant();
    }

    function _act(bytes4 action, uint256 a, uint256 b, uint256 c, uint256 d) internal {
        if (action == LaunchpadHandler.buyExactIn.selector) handler.buyExactIn(a, b, c, d);
        else if (action == LaunchpadHandler.buyExactOut.selector) handler.buyExactOut(a, b, c, d);
        else if (action == LaunchpadHandler.sellExactIn.selector) handler.sellExactIn(a, b, c, d);
        else if (action == LaunchpadHandler.sellExactOut.selector) handler.sellExactOut(a, b, c, d);
        else if (action == LaunchpadHandler.buyThroughGraduation.selector) handler.buyThroughGraduation(a, b, c, d);
        else if (action == LaunchpadHandler.claim.selector) handler.claim(a);
        else if (action == LaunchpadHandler.collectPoolFees.selector) handler.collectPoolFees(a);
        else if (action == LaunchpadHandler.advBuy.selector) handler.advBuy(a, b);
        else if (action == LaunchpadHandler.advBrink.selector) handler.advBrink(a);
        else if (action == LaunchpadHandler.advCreatePool.selector) handler.advCreatePool(a, b);
        else if (action == LaunchpadHandler.advMint.selector) handler.advMint(a, b, c, d);
        else if (action == LaunchpadHandler.advMintEdge.selector) handler.advMintEdge(a, b, c);
        else if (action == LaunchpadHandler.advBurn.selector) handler.advBurn(a);
        else if (action == LaunchpadHandler.advSwap.selector) handler.advSwap(a, b % 2 == 0, c, d);
        else if (action == LaunchpadHandler.advDonate.selector) handler.advDonate(a, b, uint8(c));
        else if (action == LaunchpadHandler.advSelfAttribute.selector) handler.advSelfAttribute(a, b, uint8(c));
        else if (action == LaunchpadHandler.advPrecreatePool.selector) handler.advPrecreatePool(a, b, c, d);
        else if (action == LaunchpadHandler.ownerSetPoolType.selector) handler.ownerSetPoolType(a, b, c, d % 2 == 0);
        else if (action == LaunchpadHandler.createToken.selector) handler.createToken(a);
        else if (action == LaunchpadHandler.warp.selector) handler.warp(a);
        else handler.snipe(a, b, c, d % 2 == 0);
    }

    /// @dev Printed with -vv: what the sequence did, per action (docs/contracts.md quotes the campaign's figures).
    function _logStatistics() internal {
        bytes4[] memory actions = _actions();
        for (uint256 k; k < actions.length; ++k) {
            if (k > 0 && actions[k] == actions[k - 1]) continue;
            string memory name = _names()[k];
            emit log_named_uint(string.concat(name, ": successes"), handler.successes(actions[k]));
            emit log_named_uint(string.concat(name, ": expected reverts"), handler.expectedReverts(actions[k]));
        }
        uint256 graduated;
        for (uint256 k; k < handler.tokensLength(); ++k) graduated += handler.graduations(handler.tokenAt(k));
        emit log_named_uint("graduations", graduated);
        emit log_named_uint("graduations of pools the adversary worked on", handler.attackedGraduations());
        emit log_named_uint("V3 trades", handler.v3Trades());
        emit log_named_uint("trades inside a launch window", handler.windowTrades());
        emit log_named_uint("liveness probes", handler.livenessChecks());
        emit log_named_uint("edge positions sized to the per-tick cap (refused)", handler.capFills());
        emit log_named_uint("most gas of a probed graduation", handler.maxGraduationGas());
        emit log_named_uint("tokens created into pools created first", handler.earlyPoolsTaken());
        emit log_named_uint("creations refused (pool taken)", handler.poolTakenRefusals());
    }

    /// @notice One campaign checks them all after every call:
    /// - solvency: the launchpad holds every curve reserve and every claimable fee; the totals are the sums;
    /// - each curve holds what selling its whole supply back would cost, and mints nothing it did not sell;
    /// - graduation at most once per token, never undone; its locked position meets the bound when it happens and
    ///   keeps its liquidity after;
    /// - every fee split follows the rules, nobody is paid attribution on its own trade, the adversary earns nothing;
    /// - no handler met an unexpected revert.
    function invariant_launchpad() public view {
        assertEq(handler.unexpectedReverts(), 0, handler.firstUnexpected());
        assertEq(handler.violations(), 0, handler.firstViolation());
        _assertSolvent();
        uint256 reserves;
        for (uint256 i; i < handler.tokensLength(); ++i) {
            address token = handler.tokenAt(i);
            ILaunchpad.PoolView memory v = _pool(token);
            reserves += v.reserve;
            assertLe(handler.graduations(token), 1, "graduated twice");
            assertEq(v.graduated, handler.graduations(token) == 1, "graduated flag vs events");
            if (v.graduated) {
                assertEq(v.reserve, 0, "graduated pool kept a reserve");
                (,,,,,,, uint128 liq,,,,) = npm.positions(v.positionId);
                assertEq(liq, handler.lockedLiquidity(token), "the locked position's liquidity changed");
            } else {
                assertGe(v.reserve, CurveMath.cost(v.params, v.supply), "reserve < cost(supply)");
                // the pool holds the seed that pins it (under one token), and nothing else
                uint256 seed = ILaunchTokenFull(token).balanceOf(v.v3Pool);
                assertLt(seed, 1e18, "the pool holds more than the seed");
                assertEq(ILaunchTokenFull(token).totalSupply(), v.supply + seed, "totalSupply != curve supply + seed");
                assertLt(v.supply, v.params.migrationSupply, "at the migration supply without graduating");
            }
        }
        assertEq(launchpad.totalReserve(), reserves, "totalReserve != sum of reserves");
        uint256 owed;
        for (uint256 i; i < handler.recipientsLength(); ++i) owed += launchpad.claimable(handler.recipients(i));
        assertEq(launchpad.totalClaimable(), owed, "totalClaimable != sum of claimables");
        assertEq(launchpad.claimable(handler.attacker()), 0, "the adversary is owed fees");
    }

    /// @notice At the end of every run:
    /// - liveness: for every token not yet graduated, a funded buyer who buys what is left on the curve graduates it
    ///   in that one call (checked on a copy of the state);
    /// - the adversary, having left every pool, holds no more USDC than it was given (it is owed no fees).
    function afterInvariant() public {
        for (uint256 i; i < handler.tokensLength(); ++i) {
            address token = handler.tokenAt(i);
            if (_pool(token).graduated) continue;
            uint256 snap = vm.snapshotState();
            _graduateFromHere(token);
            vm.revertToState(snap);
        }
        uint256 holds = handler.adversaryWithdrawsEverything();
        assertLe(holds, handler.usdcIn(handler.attacker()), "the adversary ended with more USDC than it put in");
        emit log_named_uint("adversary USDC in", handler.usdcIn(handler.attacker()));
        emit log_named_uint("adversary USDC out", holds);
    }

    function _graduateFromHere(address token) private {
        ILaunchpad.PoolView memory v = _pool(token);
        address buyer = makeAddr("liveness buyer");
        uint256 left = v.params.migrationSupply - v.supply;
        _fund(buyer, launchpad.quoteBuyExactOut(token, left).usdcAmount);
        vm.prank(buyer);
        launchpad.buyExactOut(token, left, type(uint256).max, block.timestamp, _none());
        assertTrue(_pool(token).graduated, "a funded buyer of the curve's rest did not graduate the token");
    }
}
