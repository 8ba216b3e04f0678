// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {FixedPointMathLib as M} from "solady/utils/FixedPointMathLib.sol";
import {SafeTransferLib} from "solady/utils/SafeTransferLib.sol";
import {ILaunchpad} from "./interfaces/ILaunchpad.sol";
import {
    INonfungiblePositionManager,
    IUniswapV3Factory,
    IUniswapV3Pool,
    IUniswapV3SwapCallback
} from "./interfaces/IUniswapV3.sol";
import {LaunchToken} from "./LaunchToken.sol";
import {CurveMath} from "./libraries/CurveMath.sol";
import {FeeMath} from "./libraries/FeeMath.sol";
import {PoolTypes} from "./libraries/PoolTypes.sol";
import {PriceMath} from "./libraries/PriceMath.sol";

/// @title Launchpad
/// @notice See ILaunchpad.
contract Launchpad is ILaunchpad, IUniswapV3SwapCallback, Ownable2Step, ReentrancyGuardTransient {
    using SafeTransferLib for address;

    /// @notice Cap on a builder's cut, in bps of the trade's USDC amount. Below MIN_TRADE_FEE_BPS, so a builder's
    /// cut always fits inside the fee.
    uint256 public constant MAX_BUILDER_FEE_BPS = 50;
    /// @notice The referral's share of the fee left after the builder's cut, in bps.
    uint256 public constant REFERRAL_SHARE_BPS = 2_000;
    /// @notice Hard caps on what the owner may set for a pool type.
    uint256 public constant MIN_TRADE_FEE_BPS = 50;
    uint256 public constant MAX_TRADE_FEE_BPS = 500;
    uint256 public constant MAX_CREATOR_SHARE_BPS = 5_000;
    /// @notice The only reserve weight the curve math supports (1/2, a linear price), in ppm.
    uint32 public constant WEIGHT_PPM = 500_000;
    uint256 public constant MIN_VIRTUAL_SUPPLY = 1e18;
    uint256 public constant MAX_VIRTUAL_SUPPLY = 1e28;
    uint256 public constant MIN_VIRTUAL_RESERVE = 1e6;
    uint256 public constant MAX_VIRTUAL_RESERVE = 1e13;
    uint256 public constant MIN_MIGRATION_SUPPLY = 1e18;
    uint256 public constant MAX_MIGRATION_SUPPLY = 1e28;
    /// @notice At least this share of the USDC raised must seed the DEX, in bps.
    uint256 public constant MIN_DEX_RESERVE_BPS = 8_000;
    /// @notice dexSupply must price dexReserve within this of the curve's final price, in bps.
    uint256 public constant DEX_PRICE_TOLERANCE_BPS = 100;

    int24 internal constant MAX_TICK = 887272;

    /// @notice The reserve asset (6 decimals).
    address public immutable usdc;
    IUniswapV3Factory public immutable v3Factory;
    INonfungiblePositionManager public immutable positionManager;

    /// @notice Receives the protocol's share of fees, as a claimable balance.
    address public protocolFeeRecipient;
    /// @notice Sum of all curve reserves, in USDC base units.
    uint256 public totalReserve;
    /// @notice Sum of all claimable balances, in USDC base units.
    uint256 public totalClaimable;
    /// @notice Accrued fees per recipient, in USDC base units.
    mapping(address recipient => uint256) public claimable;
    /// @notice The token of each token_layer_id.
    mapping(bytes32 tokenLayerId => address) public tokenOf;
    /// @notice Every token ever created, in creation order.
    address[] public allTokens;

    mapping(uint8 poolType => PoolTypeParams) internal _poolTypes;

    struct Pool {
        address creator;
        bytes32 tokenLayerId;
        uint8 poolType;
        bool graduated;
        address v3Pool;
        uint256 supply;
        uint256 reserve;
        uint256 positionId;
        PoolTypeParams params;
    }

    mapping(address token => Pool) internal _pools;

    // The pool a swap is in flight with, who pays it, and with what: set around each swap only.
    address private transient _swapPool;
    address private transient _swapPayer;
    address private transient _swapTokenIn;

    constructor(
        address owner_,
        address usdc_,
        IUniswapV3Factory v3Factory_,
        INonfungiblePositionManager positionManager_,
        address protocolFeeRecipient_
    ) Ownable(owner_) {
        usdc = usdc_;
        v3Factory = v3Factory_;
        positionManager = positionManager_;
        protocolFeeRecipient = protocolFeeRecipient_;
        emit ProtocolFeeRecipientSet(protocolFeeRecipient_);
        _setPoolType(PoolTypes.MEME, PoolTypes.meme());
        _setPoolType(PoolTypes.STARTUP_PRESEED, PoolTypes.startupPreseed());
    }

    // ---------------------------------------------------------------- admin

    /// @notice Register or change a pool type. Pools created before keep the parameters they started with.
    function setPoolType(uint8 poolType, PoolTypeParams calldata params) external onlyOwner {
        _setPoolType(poolType, params);
    }

    /// @notice Change the protocol's fee recipient. Fees already accrued stay with the old one.
    function setProtocolFeeRecipient(address recipient) external onlyOwner {
        protocolFeeRecipient = recipient;
        emit ProtocolFeeRecipientSet(recipient);
    }

    function poolType(uint8 id) external view returns (PoolTypeParams memory) {
        return _poolTypes[id];
    }

    // ---------------------------------------------------------------- create

    /// @inheritdoc ILaunchpad
    function createToken(CreateTokenParams calldata p) external nonReentrant returns (address token, bytes32 tokenLayerId) {
        _checkDeadline(p.deadline);
        _checkAttribution(p.attribution);
        PoolTypeParams memory params = _poolTypes[p.poolType];
        if (params.weightPpm == 0) revert UnknownPoolType();
        tokenLayerId = tokenLayerIdOf(msg.sender, p.salt);
        if (tokenOf[tokenLayerId] != address(0)) revert TokenExists();

        token = address(new LaunchToken{salt: tokenLayerId}(p.name, p.symbol, p.tokenURI));
        tokenOf[tokenLayerId] = token;
        allTokens.push(token);
        Pool storage pool = _pools[token];
        pool.creator = msg.sender;
        pool.tokenLayerId = tokenLayerId;
        pool.poolType = p.poolType;
        pool.params = params;
        emit TokenCreated(tokenLayerId, token, msg.sender, p.poolType, p.name, p.symbol, p.tokenURI, p.attribution, params);

        if (p.initialBuyUsdc > 0) {
            uint256 out = _buyExactIn(token, pool, p.initialBuyUsdc, p.attribution);
            if (out < p.minTokensOut) revert SlippageExceeded(out, p.minTokensOut);
        }
    }

    // ---------------------------------------------------------------- trade

    /// @inheritdoc ILaunchpad
    function buyExactIn(address token, uint256 usdcIn, uint256 minTokensOut, uint256 deadline, Attribution calldata a)
        external
        nonReentrant
        returns (uint256 tokensOut)
    {
        _checkDeadline(deadline);
        _checkAttribution(a);
        tokensOut = _buyExactIn(token, _pool(token), usdcIn, a);
        if (tokensOut < minTokensOut) revert SlippageExceeded(tokensOut, minTokensOut);
    }

    /// @inheritdoc ILaunchpad
    function buyExactOut(address token, uint256 tokensOut, uint256 maxUsdcIn, uint256 deadline, Attribution calldata a)
        external
        nonReentrant
        returns (uint256 usdcIn)
    {
        _checkDeadline(deadline);
        _checkAttribution(a);
        if (tokensOut == 0) revert ZeroAmount();
        Pool storage pool = _pool(token);
        uint256 onV3 = tokensOut;
        if (!pool.graduated) {
            CurveQuote memory q = CurveMath.buyExactOut(pool.params, pool.supply, tokensOut);
            usdcIn = q.usdcAmount;
            _curveBuy(token, pool, TradeMode.BuyExactOut, q, a);
            if (!q.graduates) return _maxIn(usdcIn, maxUsdcIn);
            _graduate(token, pool);
            onV3 = q.remainder;
            if (onV3 == 0) return _maxIn(usdcIn, maxUsdcIn);
        }
        (uint256 net,) = _swap(token, pool, true, -int256(onV3), msg.sender, msg.sender);
        uint256 gross = CurveMath.grossUp(net, pool.params.tradeFeeBps);
        usdc.safeTransferFrom(msg.sender, address(this), gross - net);
        _v3Trade(token, pool, TradeMode.BuyExactOut, onV3, gross, gross - net, gross, a);
        return _maxIn(usdcIn + gross, maxUsdcIn);
    }

    /// @inheritdoc ILaunchpad
    function sellExactIn(address token, uint256 tokensIn, uint256 minUsdcOut, uint256 deadline, Attribution calldata a)
        external
        nonReentrant
        returns (uint256 usdcOut)
    {
        _checkDeadline(deadline);
        _checkAttribution(a);
        if (tokensIn == 0) revert ZeroAmount();
        Pool storage pool = _pool(token);
        if (!pool.graduated) {
            CurveQuote memory q = CurveMath.sellExactIn(pool.params, pool.supply, tokensIn);
            _curveSell(token, pool, TradeMode.SellExactIn, q, a);
            usdcOut = q.usdcAmount;
        } else {
            (, uint256 gross) = _swap(token, pool, false, int256(tokensIn), msg.sender, address(this));
            uint256 fee = CurveMath.feeOf(gross, pool.params.tradeFeeBps);
            usdcOut = gross - fee;
            usdc.safeTransfer(msg.sender, usdcOut);
            _v3Trade(token, pool, TradeMode.SellExactIn, tokensIn, usdcOut, fee, gross, a);
        }
        if (usdcOut == 0) revert ZeroAmount();
        if (usdcOut < minUsdcOut) revert SlippageExceeded(usdcOut, minUsdcOut);
    }

    /// @inheritdoc ILaunchpad
    function sellExactOut(address token, uint256 usdcOut, uint256 maxTokensIn, uint256 deadline, Attribution calldata a)
        external
        nonReentrant
        returns (uint256 tokensIn)
    {
        _checkDeadline(deadline);
        _checkAttribution(a);
        if (usdcOut == 0) revert ZeroAmount();
        Pool storage pool = _pool(token);
        if (!pool.graduated) {
            CurveQuote memory q = CurveMath.sellExactOut(pool.params, pool.supply, usdcOut);
            _curveSell(token, pool, TradeMode.SellExactOut, q, a);
            tokensIn = q.tokenAmount;
        } else {
            uint256 gross = CurveMath.grossUp(usdcOut, pool.params.tradeFeeBps);
            (tokensIn,) = _swap(token, pool, false, -int256(gross), msg.sender, address(this));
            usdc.safeTransfer(msg.sender, usdcOut);
            _v3Trade(token, pool, TradeMode.SellExactOut, tokensIn, usdcOut, gross - usdcOut, gross, a);
        }
        if (tokensIn > maxTokensIn) revert SlippageExceeded(tokensIn, maxTokensIn);
    }

    /// @inheritdoc ILaunchpad
    function claimFees() external nonReentrant returns (uint256 amount) {
        amount = claimable[msg.sender];
        if (amount == 0) revert NothingToClaim();
        claimable[msg.sender] = 0;
        totalClaimable -= amount;
        usdc.safeTransfer(msg.sender, amount);
        emit FeesClaimed(msg.sender, amount);
    }

    /// @notice Pays the pool a swap owes. Only the pool this contract is swapping with may call it.
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external {
        if (msg.sender != _swapPool || msg.sender == address(0)) revert UnauthorizedCallback();
        uint256 owed = uint256(amount0Delta > 0 ? amount0Delta : amount1Delta > 0 ? amount1Delta : int256(0));
        if (owed == 0) return;
        address payer = _swapPayer;
        if (payer == address(this)) _swapTokenIn.safeTransfer(msg.sender, owed);
        else _swapTokenIn.safeTransferFrom(payer, msg.sender, owed);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc ILaunchpad
    function quoteBuyExactIn(address token, uint256 usdcIn) external view returns (CurveQuote memory) {
        Pool storage pool = _curvePool(token);
        return CurveMath.buyExactIn(pool.params, pool.supply, usdcIn);
    }

    /// @inheritdoc ILaunchpad
    function quoteBuyExactOut(address token, uint256 tokensOut) external view returns (CurveQuote memory) {
        Pool storage pool = _curvePool(token);
        return CurveMath.buyExactOut(pool.params, pool.supply, tokensOut);
    }

    /// @inheritdoc ILaunchpad
    function quoteSellExactIn(address token, uint256 tokensIn) external view returns (CurveQuote memory) {
        Pool storage pool = _curvePool(token);
        return CurveMath.sellExactIn(pool.params, pool.supply, tokensIn);
    }

    /// @inheritdoc ILaunchpad
    function quoteSellExactOut(address token, uint256 usdcOut) external view returns (CurveQuote memory) {
        Pool storage pool = _curvePool(token);
        return CurveMath.sellExactOut(pool.params, pool.supply, usdcOut);
    }

    /// @inheritdoc ILaunchpad
    function getPool(address token) external view returns (PoolView memory v) {
        Pool storage pool = _pool(token);
        v.token = token;
        v.creator = pool.creator;
        v.tokenLayerId = pool.tokenLayerId;
        v.poolType = pool.poolType;
        v.params = pool.params;
        v.graduated = pool.graduated;
        v.v3Pool = pool.v3Pool;
        v.positionId = pool.positionId;
        v.reserve = pool.reserve;
        if (pool.graduated) {
            (uint160 sqrtP,,,,,,) = IUniswapV3Pool(pool.v3Pool).slot0();
            v.supply = LaunchToken(token).totalSupply();
            v.price = PriceMath.priceFromSqrt(sqrtP, usdc < token);
            v.marketCap = M.fullMulDiv(v.price, v.supply, CurveMath.PRICE_SCALE);
            v.progressBps = CurveMath.BPS;
        } else {
            v.supply = pool.supply;
            v.price = CurveMath.price(pool.params, pool.supply);
            v.marketCap = CurveMath.marketCap(pool.params, pool.supply);
            v.progressBps = CurveMath.progressBps(pool.params, pool.supply);
        }
    }

    function allTokensLength() external view returns (uint256) {
        return allTokens.length;
    }

    /// @inheritdoc ILaunchpad
    function tokenLayerIdOf(address creator, bytes32 salt) public pure returns (bytes32) {
        return keccak256(abi.encode(creator, salt));
    }

    /// @inheritdoc ILaunchpad
    function predictTokenAddress(
        address creator,
        bytes32 salt,
        string calldata name,
        string calldata symbol,
        string calldata tokenURI
    ) external view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(LaunchToken).creationCode, abi.encode(name, symbol, tokenURI)));
        bytes32 h = keccak256(abi.encodePacked(bytes1(0xff), address(this), tokenLayerIdOf(creator, salt), initCodeHash));
        return address(uint160(uint256(h)));
    }

    // ---------------------------------------------------------------- internals: trades

    function _buyExactIn(address token, Pool storage pool, uint256 usdcIn, Attribution memory a)
        internal
        returns (uint256 tokensOut)
    {
        if (usdcIn == 0) revert ZeroAmount();
        uint256 onV3 = usdcIn;
        if (!pool.graduated) {
            CurveQuote memory q = CurveMath.buyExactIn(pool.params, pool.supply, usdcIn);
            if (q.tokenAmount == 0) revert ZeroAmount();
            _curveBuy(token, pool, TradeMode.BuyExactIn, q, a);
            tokensOut = q.tokenAmount;
            if (!q.graduates) return tokensOut;
            _graduate(token, pool);
            onV3 = q.remainder;
        }
        uint256 fee = CurveMath.feeOf(onV3, pool.params.tradeFeeBps);
        if (onV3 - fee <= 1) {
            // Nothing worth swapping once the fee is taken (V3 keeps a 1-unit input whole as its own fee, rounded
            // up): a dust remainder stays with the trader.
            if (tokensOut == 0) revert ZeroAmount();
            return tokensOut;
        }
        usdc.safeTransferFrom(msg.sender, address(this), fee);
        (uint256 paid, uint256 got) = _swap(token, pool, true, int256(onV3 - fee), msg.sender, msg.sender);
        if (paid != onV3 - fee) revert InsufficientLiquidity();
        _v3Trade(token, pool, TradeMode.BuyExactIn, got, onV3, fee, onV3, a);
        tokensOut += got;
    }

    function _curveBuy(address token, Pool storage pool, TradeMode mode, CurveQuote memory q, Attribution memory a) internal {
        if (q.tokenAmount == 0) revert ZeroAmount();
        uint256 net = q.usdcAmount - q.fee;
        usdc.safeTransferFrom(msg.sender, address(this), q.usdcAmount);
        pool.supply += q.tokenAmount;
        pool.reserve += net;
        totalReserve += net;
        FeeSplit memory f = _accrue(pool, q.fee, q.usdcAmount, a);
        LaunchToken(token).mint(msg.sender, q.tokenAmount);
        _emitCurveTrade(token, pool, mode, q, f, a);
    }

    function _curveSell(address token, Pool storage pool, TradeMode mode, CurveQuote memory q, Attribution memory a) internal {
        if (q.tokenAmount == 0 || q.usdcAmount == 0) revert ZeroAmount();
        uint256 gross = q.usdcAmount + q.fee;
        pool.supply -= q.tokenAmount;
        pool.reserve -= gross;
        totalReserve -= gross;
        FeeSplit memory f = _accrue(pool, q.fee, gross, a);
        LaunchToken(token).burn(msg.sender, q.tokenAmount);
        usdc.safeTransfer(msg.sender, q.usdcAmount);
        _emitCurveTrade(token, pool, mode, q, f, a);
    }

    function _emitCurveTrade(
        address token,
        Pool storage pool,
        TradeMode mode,
        CurveQuote memory q,
        FeeSplit memory f,
        Attribution memory a
    ) internal {
        PoolSnapshot memory s = PoolSnapshot(pool.supply, pool.reserve, CurveMath.price(pool.params, pool.supply), 0);
        emit Trade(pool.tokenLayerId, token, msg.sender, mode, Venue.BondingCurve, q.tokenAmount, q.usdcAmount, f, a, s);
    }

    /// @dev Books a V3 leg: `usdcAmount` is what the trader paid or got, `base` the gross USDC the fee is on.
    function _v3Trade(
        address token,
        Pool storage pool,
        TradeMode mode,
        uint256 tokenAmount,
        uint256 usdcAmount,
        uint256 fee,
        uint256 base,
        Attribution memory a
    ) internal {
        FeeSplit memory f = _accrue(pool, fee, base, a);
        emit Trade(pool.tokenLayerId, token, msg.sender, mode, Venue.UniswapV3, tokenAmount, usdcAmount, f, a, _v3Snapshot(token, pool));
    }

    function _v3Snapshot(address token, Pool storage pool) internal view returns (PoolSnapshot memory s) {
        (uint160 sqrtP,,,,,,) = IUniswapV3Pool(pool.v3Pool).slot0();
        s.supply = LaunchToken(token).totalSupply();
        s.price = PriceMath.priceFromSqrt(sqrtP, usdc < token);
        s.sqrtPriceX96 = sqrtP;
    }

    function _accrue(Pool storage pool, uint256 fee, uint256 base, Attribution memory a)
        internal
        returns (FeeSplit memory f)
    {
        f = FeeMath.split(fee, base, a, pool.params.creatorShareBps, REFERRAL_SHARE_BPS);
        if (f.protocol > 0) claimable[protocolFeeRecipient] += f.protocol;
        if (f.creator > 0) claimable[pool.creator] += f.creator;
        if (f.referral > 0) claimable[a.referral] += f.referral;
        if (f.builder > 0) claimable[a.builder] += f.builder;
        totalClaimable += fee;
    }

    /// @dev Swaps on the token's V3 pool. `buy` pays USDC for tokens. A positive `amountSpecified` is exact-in, a
    /// negative one exact-out; a fill short of it reverts. Returns what was paid in and what came out.
    function _swap(address token, Pool storage pool, bool buy, int256 amountSpecified, address payer, address recipient)
        internal
        returns (uint256 amountIn, uint256 amountOut)
    {
        bool usdcIsToken0 = usdc < token;
        bool zeroForOne = buy == usdcIsToken0;
        uint160 limit = zeroForOne ? PriceMath.MIN_SQRT_RATIO + 1 : PriceMath.MAX_SQRT_RATIO - 1;
        (amountIn, amountOut) = _rawSwap(pool.v3Pool, zeroForOne, amountSpecified, limit, payer, recipient, buy ? usdc : token);
        bool filled = amountSpecified > 0 ? amountIn == uint256(amountSpecified) : amountOut == uint256(-amountSpecified);
        if (amountOut == 0) revert ZeroAmount(); // a dust input the pool's fee eats whole moves nothing
        if (!filled) revert InsufficientLiquidity();
    }

    function _rawSwap(
        address v3Pool,
        bool zeroForOne,
        int256 amountSpecified,
        uint160 limit,
        address payer,
        address recipient,
        address tokenIn
    ) internal returns (uint256 amountIn, uint256 amountOut) {
        _swapPool = v3Pool;
        _swapPayer = payer;
        _swapTokenIn = tokenIn;
        (int256 d0, int256 d1) = IUniswapV3Pool(v3Pool).swap(recipient, zeroForOne, amountSpecified, limit, "");
        _swapPool = address(0);
        (int256 dIn, int256 dOut) = zeroForOne ? (d0, d1) : (d1, d0);
        amountIn = dIn > 0 ? uint256(dIn) : 0;
        amountOut = dOut < 0 ? uint256(-dOut) : 0;
    }

    function _maxIn(uint256 usdcIn, uint256 maxUsdcIn) internal pure returns (uint256) {
        if (usdcIn > maxUsdcIn) revert SlippageExceeded(usdcIn, maxUsdcIn);
        return usdcIn;
    }

    // ---------------------------------------------------------------- internals: graduation

    /// @dev Moves the curve's liquidity into a full-range Uniswap V3 position at the curve's final price and locks
    /// it here for good. A pool someone created early at another price is first swapped back to that price with the
    /// migration assets: every unit swapped trades at a price better than the curve's, so nothing is lost.
    function _graduate(address token, Pool storage pool) internal {
        pool.graduated = true;
        PoolTypeParams memory p = pool.params;
        uint256 usdcForDex = p.dexReserve;
        uint256 tokensForDex = p.dexSupply;
        uint256 protocolFee = pool.reserve - usdcForDex;
        totalReserve -= pool.reserve;
        pool.reserve = 0;
        LaunchToken(token).mint(address(this), tokensForDex);

        bool usdcIsToken0 = usdc < token;
        (uint256 num, uint256 den) = CurveMath.finalPrice(p);
        uint160 target = PriceMath.sqrtPriceX96(num, den, usdcIsToken0);
        address v3Pool = v3Factory.getPool(token, usdc, p.dexFeeTier);
        if (v3Pool == address(0)) v3Pool = v3Factory.createPool(token, usdc, p.dexFeeTier);
        pool.v3Pool = v3Pool;
        (uint160 current,,,,,,) = IUniswapV3Pool(v3Pool).slot0();
        if (current == 0) {
            IUniswapV3Pool(v3Pool).initialize(target);
        } else if (current != target) {
            // Sell whichever asset is overpriced until the pool reaches the curve's price (or our inventory of it
            // runs out against someone's liquidity, which then bought it from us above that price).
            bool zeroForOne = current > target;
            bool sellTokens = zeroForOne != usdcIsToken0;
            (uint256 paid, uint256 got) = _rawSwap(
                v3Pool,
                zeroForOne,
                int256(sellTokens ? tokensForDex : usdcForDex),
                target,
                address(this),
                address(this),
                sellTokens ? token : usdc
            );
            if (sellTokens) (tokensForDex, usdcForDex) = (tokensForDex - paid, usdcForDex + got);
            else (tokensForDex, usdcForDex) = (tokensForDex + got, usdcForDex - paid);
        }

        (uint256 usedTokens, uint256 usedUsdc) = _mintPosition(token, pool, tokensForDex, usdcForDex, usdcIsToken0);
        if (tokensForDex > usedTokens) LaunchToken(token).burn(address(this), tokensForDex - usedTokens);
        protocolFee += usdcForDex - usedUsdc;
        if (protocolFee > 0) {
            claimable[protocolFeeRecipient] += protocolFee;
            totalClaimable += protocolFee;
        }
        (, int24 tick,,,,,) = IUniswapV3Pool(v3Pool).slot0();
        emit Graduated(
            pool.tokenLayerId,
            token,
            v3Pool,
            p.dexFeeTier,
            pool.positionId,
            usedTokens,
            usedUsdc,
            protocolFee,
            _v3Snapshot(token, pool),
            tick,
            IUniswapV3Pool(v3Pool).liquidity()
        );
    }

    function _mintPosition(address token, Pool storage pool, uint256 tokens, uint256 usdcAmount, bool usdcIsToken0)
        internal
        returns (uint256 usedTokens, uint256 usedUsdc)
    {
        int24 spacing = v3Factory.feeAmountTickSpacing(pool.params.dexFeeTier);
        int24 upper = (MAX_TICK / spacing) * spacing;
        address npm = address(positionManager);
        token.safeApprove(npm, tokens);
        usdc.safeApprove(npm, usdcAmount);
        (uint256 id,, uint256 used0, uint256 used1) = positionManager.mint(
            INonfungiblePositionManager.MintParams({
                token0: usdcIsToken0 ? usdc : token,
                token1: usdcIsToken0 ? token : usdc,
                fee: pool.params.dexFeeTier,
                tickLower: -upper,
                tickUpper: upper,
                amount0Desired: usdcIsToken0 ? usdcAmount : tokens,
                amount1Desired: usdcIsToken0 ? tokens : usdcAmount,
                amount0Min: 0,
                amount1Min: 0,
                recipient: address(this),
                deadline: block.timestamp
            })
        );
        usdc.safeApprove(npm, 0);
        token.safeApprove(npm, 0);
        pool.positionId = id;
        (usedUsdc, usedTokens) = usdcIsToken0 ? (used0, used1) : (used1, used0);
    }

    // ---------------------------------------------------------------- internals: checks

    function _pool(address token) internal view returns (Pool storage pool) {
        pool = _pools[token];
        if (pool.creator == address(0)) revert UnknownToken();
    }

    function _curvePool(address token) internal view returns (Pool storage pool) {
        pool = _pool(token);
        if (pool.graduated) revert AlreadyGraduated();
    }

    function _checkDeadline(uint256 deadline) internal view {
        if (block.timestamp > deadline) revert DeadlineExpired();
    }

    function _checkAttribution(Attribution memory a) internal pure {
        if (a.builderFeeBps > MAX_BUILDER_FEE_BPS) revert BuilderFeeTooHigh();
    }

    function _setPoolType(uint8 id, PoolTypeParams memory p) internal {
        if (
            p.weightPpm != WEIGHT_PPM || p.virtualSupply < MIN_VIRTUAL_SUPPLY || p.virtualSupply > MAX_VIRTUAL_SUPPLY
                || p.virtualReserve < MIN_VIRTUAL_RESERVE || p.virtualReserve > MAX_VIRTUAL_RESERVE
                || p.migrationSupply < MIN_MIGRATION_SUPPLY || p.migrationSupply > MAX_MIGRATION_SUPPLY
                || p.tradeFeeBps < MIN_TRADE_FEE_BPS || p.tradeFeeBps > MAX_TRADE_FEE_BPS
                || p.creatorShareBps > MAX_CREATOR_SHARE_BPS || p.dexSupply == 0
        ) revert InvalidPoolType();
        if (address(v3Factory) != address(0) && v3Factory.feeAmountTickSpacing(p.dexFeeTier) == 0) revert InvalidPoolType();
        uint256 raised = CurveMath.cost(p, p.migrationSupply);
        if (p.dexReserve > raised || p.dexReserve * CurveMath.BPS < raised * MIN_DEX_RESERVE_BPS) revert InvalidPoolType();
        (uint256 num, uint256 den) = CurveMath.finalPrice(p);
        uint256 implied = M.fullMulDiv(p.dexSupply, num, den);
        uint256 gap = implied > p.dexReserve ? implied - p.dexReserve : p.dexReserve - implied;
        if (gap * CurveMath.BPS > uint256(p.dexReserve) * DEX_PRICE_TOLERANCE_BPS) revert InvalidPoolType();
        // The final price must be representable in V3 whichever way the pair sorts.
        for (uint256 i; i < 2; ++i) {
            uint160 sqrtP = PriceMath.sqrtPriceX96(num, den, i == 0);
            if (sqrtP <= PriceMath.MIN_SQRT_RATIO || sqrtP >= PriceMath.MAX_SQRT_RATIO) revert InvalidPoolType();
        }
        _poolTypes[id] = p;
        emit PoolTypeSet(id, p);
    }
}
