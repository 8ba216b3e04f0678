// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {TickMath} from "@uniswap/v4-core/src/libraries/TickMath.sol";
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
import {TokenDeployer} from "./TokenDeployer.sol";
import {CurveMath} from "./libraries/CurveMath.sol";
import {FeeMath} from "./libraries/FeeMath.sol";
import {PoolTypes} from "./libraries/PoolTypes.sol";
import {PriceMath} from "./libraries/PriceMath.sol";

/// @title Launchpad
/// @notice See ILaunchpad.
contract Launchpad is ILaunchpad, IUniswapV3SwapCallback, Ownable2Step, ReentrancyGuardTransient {
    using SafeTransferLib for address;

    /// @notice Cap on the maximum fee the owner may approve for a builder, in bps of the trade's USDC amount. A cut
    /// is also capped at the protocol's part of the fee.
    uint256 public constant MAX_BUILDER_FEE_BPS = 50;
    /// @notice The token referral's share of each fee, in bps of the fee, out of the protocol's part.
    uint256 public constant REFERRAL_SHARE_BPS = 2_000;
    /// @notice The largest amount any trade may name; above it a trade reverts with AmountTooLarge.
    uint256 public constant MAX_AMOUNT = type(uint128).max;
    /// @notice The narrowest tick spacing a pool type's DEX fee tier may have: the fee tiers of 0.3% and up.
    int24 public constant MIN_DEX_TICK_SPACING = 60;
    /// @notice The liquidity of the seed that pins each graduation pool until graduation (see createToken).
    uint128 public constant SEED_LIQUIDITY = 1;
    /// @notice The locked position must take at least this share of the USDC and tokens offered, in bps.
    uint256 public constant POSITION_MIN_BPS = 9_700;
    /// @notice keccak256 of the UniswapV3Pool creation code, as the v3-periphery's PoolAddress library has it.
    bytes32 public constant POOL_INIT_CODE_HASH = 0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54;
    /// @notice Hard caps on what the owner may set for a pool type.
    uint256 public constant MIN_TRADE_FEE_BPS = 50;
    uint256 public constant MAX_TRADE_FEE_BPS = 500;
    uint256 public constant MAX_CREATOR_SHARE_BPS = 5_000;
    /// @notice The launch fee may start at most this high, in bps, and last at most this long, in seconds.
    uint256 public constant MAX_LAUNCH_FEE_BPS = 9_900;
    uint256 public constant MAX_LAUNCH_FEE_SECONDS = 120;
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

    /// @notice The reserve asset (6 decimals).
    address public immutable usdc;
    IUniswapV3Factory public immutable v3Factory;
    INonfungiblePositionManager public immutable positionManager;
    /// @notice Deploys the tokens (their CREATE2 deployer address).
    TokenDeployer public immutable tokenDeployer;
    /// @notice The LayerZero v2 endpoint of this chain: every token is an OFT on it.
    address public immutable lzEndpoint;
    /// @notice Deploys the tokens' peers on other chains, at the address the tokens predict with it.
    address public immutable peerFactory;

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
    /// @notice Each approved builder's maximum fee, in bps of a trade's USDC amount; zero when not approved.
    mapping(address builder => uint16) public builderMaxFeeBps;
    /// @notice Approved referrers: the only addresses a token's referral may be.
    mapping(address referrer => bool) public isReferrer;
    /// @notice Launch tokens credited from pool fees, per token and recipient, in token wei.
    mapping(address token => mapping(address recipient => uint256)) public claimableToken;

    mapping(uint8 poolType => PoolTypeParams) internal _poolTypes;

    struct Pool {
        address creator;
        uint8 poolType;
        bool graduated;
        uint40 createdAt;
        bytes32 tokenLayerId;
        address referral;
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
        address protocolFeeRecipient_,
        address lzEndpoint_,
        address peerFactory_
    ) Ownable(owner_) {
        usdc = usdc_;
        lzEndpoint = lzEndpoint_;
        peerFactory = peerFactory_;
        v3Factory = v3Factory_;
        positionManager = positionManager_;
        tokenDeployer = new TokenDeployer();
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

    /// @notice Approve `builder` with a maximum fee in bps (at most MAX_BUILDER_FEE_BPS), or revoke it with zero.
    function setBuilder(address builder, uint16 maxFeeBps) external onlyOwner {
        if (maxFeeBps > MAX_BUILDER_FEE_BPS) revert BuilderFeeTooHigh();
        builderMaxFeeBps[builder] = maxFeeBps;
        emit BuilderSet(builder, maxFeeBps);
    }

    /// @notice Approve or revoke a referrer. A token keeps the referral it has either way.
    function setReferrer(address referrer, bool approved) external onlyOwner {
        isReferrer[referrer] = approved;
        emit ReferrerSet(referrer, approved);
    }

    function poolType(uint8 id) external view returns (PoolTypeParams memory) {
        return _poolTypes[id];
    }

    // ---------------------------------------------------------------- create

    /// @inheritdoc ILaunchpad
    function createToken(CreateTokenParams calldata p) external nonReentrant returns (address token, bytes32 tokenLayerId) {
        _checkDeadline(p.deadline);
        _checkAmount(p.initialBuyUsdc);
        PoolTypeParams memory params = _poolTypes[p.poolType];
        if (params.weightPpm == 0) revert UnknownPoolType();
        tokenLayerId = tokenLayerIdOf(msg.sender, p.salt);
        if (tokenOf[tokenLayerId] != address(0)) revert TokenExists();

        // The pool is recorded first: the token's constructor reads its graduation pool address from it.
        token = tokenDeployer.predict(tokenLayerId, p.name, p.symbol, p.tokenURI);
        Pool storage pool = _pools[token];
        pool.creator = msg.sender;
        pool.tokenLayerId = tokenLayerId;
        pool.poolType = p.poolType;
        pool.createdAt = uint40(block.timestamp);
        pool.params = params;
        tokenDeployer.deploy(tokenLayerId, p.name, p.symbol, p.tokenURI);
        tokenOf[tokenLayerId] = token;
        allTokens.push(token);
        Attribution memory a = _attribution(token, pool, p.attribution, true);
        emit TokenCreated(tokenLayerId, token, msg.sender, p.poolType, p.name, p.symbol, p.tokenURI, a, params);
        // after TokenCreated: the seed's mint is the token's first Transfer
        _pinPool(token, pool);

        if (p.initialBuyUsdc > 0) {
            // the creator's first buy, one transaction with the creation, pays the trade fee, not the launch fee
            uint256 out = _buyExactIn(token, pool, params, p.initialBuyUsdc, a);
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
        _checkAmount(usdcIn);
        Pool storage pool = _pool(token);
        tokensOut = _buyExactIn(token, pool, _curveParams(pool), usdcIn, _attribution(token, pool, a, false));
        if (tokensOut < minTokensOut) revert SlippageExceeded(tokensOut, minTokensOut);
    }

    /// @inheritdoc ILaunchpad
    function buyExactOut(address token, uint256 tokensOut, uint256 maxUsdcIn, uint256 deadline, Attribution calldata a)
        external
        nonReentrant
        returns (uint256 usdcIn)
    {
        _checkDeadline(deadline);
        _checkAmount(tokensOut);
        if (tokensOut == 0) revert ZeroAmount();
        Pool storage pool = _pool(token);
        Attribution memory attr = _attribution(token, pool, a, false);
        uint256 onV3 = tokensOut;
        if (!pool.graduated) {
            PoolTypeParams memory p = _curveParams(pool);
            CurveQuote memory q = CurveMath.buyExactOut(p, pool.supply, tokensOut);
            usdcIn = q.usdcAmount;
            _curveBuy(token, pool, TradeMode.BuyExactOut, q, attr, p.tradeFeeBps);
            if (!q.graduates) return _maxIn(usdcIn, maxUsdcIn);
            _graduate(token, pool);
            onV3 = q.remainder;
            if (onV3 == 0) return _maxIn(usdcIn, maxUsdcIn);
        }
        (uint256 net,) = _swap(token, pool, true, -SafeCast.toInt256(onV3), msg.sender, msg.sender);
        uint256 gross = CurveMath.grossUp(net, pool.params.tradeFeeBps);
        usdc.safeTransferFrom(msg.sender, address(this), gross - net);
        _v3Trade(token, pool, TradeMode.BuyExactOut, onV3, gross, gross - net, gross, attr);
        return _maxIn(usdcIn + gross, maxUsdcIn);
    }

    /// @inheritdoc ILaunchpad
    function sellExactIn(address token, uint256 tokensIn, uint256 minUsdcOut, uint256 deadline, Attribution calldata a)
        external
        nonReentrant
        returns (uint256 usdcOut)
    {
        _checkDeadline(deadline);
        _checkAmount(tokensIn);
        if (tokensIn == 0) revert ZeroAmount();
        Pool storage pool = _pool(token);
        Attribution memory attr = _attribution(token, pool, a, false);
        if (!pool.graduated) {
            PoolTypeParams memory p = _curveParams(pool);
            CurveQuote memory q = CurveMath.sellExactIn(p, pool.supply, tokensIn);
            _curveSell(token, pool, TradeMode.SellExactIn, q, attr, p.tradeFeeBps);
            usdcOut = q.usdcAmount;
        } else {
            (, uint256 gross) = _swap(token, pool, false, SafeCast.toInt256(tokensIn), msg.sender, address(this));
            uint256 fee = CurveMath.feeOf(gross, pool.params.tradeFeeBps);
            usdcOut = gross - fee;
            usdc.safeTransfer(msg.sender, usdcOut);
            _v3Trade(token, pool, TradeMode.SellExactIn, tokensIn, usdcOut, fee, gross, attr);
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
        _checkAmount(usdcOut);
        if (usdcOut == 0) revert ZeroAmount();
        Pool storage pool = _pool(token);
        Attribution memory attr = _attribution(token, pool, a, false);
        if (!pool.graduated) {
            PoolTypeParams memory p = _curveParams(pool);
            CurveQuote memory q = CurveMath.sellExactOut(p, pool.supply, usdcOut);
            _curveSell(token, pool, TradeMode.SellExactOut, q, attr, p.tradeFeeBps);
            tokensIn = q.tokenAmount;
        } else {
            uint256 gross = CurveMath.grossUp(usdcOut, pool.params.tradeFeeBps);
            (tokensIn,) = _swap(token, pool, false, -SafeCast.toInt256(gross), msg.sender, address(this));
            usdc.safeTransfer(msg.sender, usdcOut);
            _v3Trade(token, pool, TradeMode.SellExactOut, tokensIn, usdcOut, gross - usdcOut, gross, attr);
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

    /// @inheritdoc ILaunchpad
    function collectPoolFees(address token) external nonReentrant returns (uint256 usdcAmount, uint256 tokenAmount) {
        Pool storage pool = _pool(token);
        if (!pool.graduated) revert NotGraduated();
        (uint256 a0, uint256 a1) = positionManager.collect(
            INonfungiblePositionManager.CollectParams(pool.positionId, address(this), type(uint128).max, type(uint128).max)
        );
        (usdcAmount, tokenAmount) = usdc < token ? (a0, a1) : (a1, a0);
        uint256 share = pool.params.creatorShareBps;
        uint256 creatorUsdc = usdcAmount * share / CurveMath.BPS;
        uint256 creatorTokens = tokenAmount * share / CurveMath.BPS;
        address creator = pool.creator;
        address protocol = protocolFeeRecipient;
        claimable[creator] += creatorUsdc;
        claimable[protocol] += usdcAmount - creatorUsdc;
        totalClaimable += usdcAmount;
        claimableToken[token][creator] += creatorTokens;
        claimableToken[token][protocol] += tokenAmount - creatorTokens;
        emit PoolFeesCollected(
            pool.tokenLayerId, token, creatorUsdc, usdcAmount - creatorUsdc, creatorTokens, tokenAmount - creatorTokens
        );
    }

    /// @inheritdoc ILaunchpad
    function claimTokenFees(address token) external nonReentrant returns (uint256 amount) {
        amount = claimableToken[token][msg.sender];
        if (amount == 0) revert NothingToClaim();
        claimableToken[token][msg.sender] = 0;
        token.safeTransfer(msg.sender, amount);
        emit TokenFeesClaimed(token, msg.sender, amount);
    }

    /// @notice Pays the pool a swap owes. Only the pool this contract is swapping with may call it.
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external {
        if (msg.sender != _swapPool || msg.sender == address(0)) revert UnauthorizedCallback();
        uint256 owed = uint256(amount0Delta > 0 ? amount0Delta : amount1Delta > 0 ? amount1Delta : int256(0));
        if (owed == 0) return;
        address payer = _swapPayer;
        if (payer == address(0)) revert GraduationPoolTaken();
        if (payer == address(this)) _swapTokenIn.safeTransfer(msg.sender, owed);
        else _swapTokenIn.safeTransferFrom(payer, msg.sender, owed);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc ILaunchpad
    function quoteBuyExactIn(address token, uint256 usdcIn) external view returns (CurveQuote memory) {
        Pool storage pool = _curvePool(token);
        return CurveMath.buyExactIn(_curveParams(pool), pool.supply, usdcIn);
    }

    /// @inheritdoc ILaunchpad
    function quoteBuyExactOut(address token, uint256 tokensOut) external view returns (CurveQuote memory) {
        Pool storage pool = _curvePool(token);
        return CurveMath.buyExactOut(_curveParams(pool), pool.supply, tokensOut);
    }

    /// @inheritdoc ILaunchpad
    function quoteSellExactIn(address token, uint256 tokensIn) external view returns (CurveQuote memory) {
        Pool storage pool = _curvePool(token);
        return CurveMath.sellExactIn(_curveParams(pool), pool.supply, tokensIn);
    }

    /// @inheritdoc ILaunchpad
    function quoteSellExactOut(address token, uint256 usdcOut) external view returns (CurveQuote memory) {
        Pool storage pool = _curvePool(token);
        return CurveMath.sellExactOut(_curveParams(pool), pool.supply, usdcOut);
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
        v.referral = pool.referral;
        v.createdAt = pool.createdAt;
        v.feeBps = pool.graduated ? pool.params.tradeFeeBps : _curveParams(pool).tradeFeeBps;
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
        return tokenDeployer.predict(tokenLayerIdOf(creator, salt), name, symbol, tokenURI);
    }

    /// @inheritdoc ILaunchpad
    function graduationPoolOf(address token) public view returns (address) {
        (address t0, address t1) = token < usdc ? (token, usdc) : (usdc, token);
        bytes32 salt = keccak256(abi.encode(t0, t1, _pools[token].params.dexFeeTier));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), v3Factory, salt, POOL_INIT_CODE_HASH)))));
    }

    // ---------------------------------------------------------------- internals: trades

    /// @dev `p` is the pool's parameters with the curve's fee of this trade as tradeFeeBps.
    function _buyExactIn(address token, Pool storage pool, PoolTypeParams memory p, uint256 usdcIn, Attribution memory a)
        internal
        returns (uint256 tokensOut)
    {
        if (usdcIn == 0) revert ZeroAmount();
        uint256 onV3 = usdcIn;
        if (!pool.graduated) {
            CurveQuote memory q = CurveMath.buyExactIn(p, pool.supply, usdcIn);
            if (q.tokenAmount == 0) revert ZeroAmount();
            _curveBuy(token, pool, TradeMode.BuyExactIn, q, a, p.tradeFeeBps);
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
        (uint256 paid, uint256 got) = _swap(token, pool, true, SafeCast.toInt256(onV3 - fee), msg.sender, msg.sender);
        if (paid != onV3 - fee) revert InsufficientLiquidity();
        _v3Trade(token, pool, TradeMode.BuyExactIn, got, onV3, fee, onV3, a);
        tokensOut += got;
    }

    function _curveBuy(
        address token,
        Pool storage pool,
        TradeMode mode,
        CurveQuote memory q,
        Attribution memory a,
        uint256 feeBps
    ) internal {
        if (q.tokenAmount == 0) revert ZeroAmount();
        uint256 net = q.usdcAmount - q.fee;
        usdc.safeTransferFrom(msg.sender, address(this), q.usdcAmount);
        pool.supply += q.tokenAmount;
        pool.reserve += net;
        totalReserve += net;
        FeeSplit memory f = _accrue(pool, q.fee, q.usdcAmount, a, feeBps);
        LaunchToken(token).mint(msg.sender, q.tokenAmount);
        _emitCurveTrade(token, pool, mode, q, f, a);
    }

    function _curveSell(
        address token,
        Pool storage pool,
        TradeMode mode,
        CurveQuote memory q,
        Attribution memory a,
        uint256 feeBps
    ) internal {
        if (q.tokenAmount == 0 || q.usdcAmount == 0) revert ZeroAmount();
        uint256 gross = q.usdcAmount + q.fee;
        pool.supply -= q.tokenAmount;
        pool.reserve -= gross;
        totalReserve -= gross;
        FeeSplit memory f = _accrue(pool, q.fee, gross, a, feeBps);
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
        FeeSplit memory f = _accrue(pool, fee, base, a, pool.params.tradeFeeBps);
        emit Trade(pool.tokenLayerId, token, msg.sender, mode, Venue.UniswapV3, tokenAmount, usdcAmount, f, a, _v3Snapshot(token, pool));
    }

    function _v3Snapshot(address token, Pool storage pool) internal view returns (PoolSnapshot memory s) {
        (uint160 sqrtP,,,,,,) = IUniswapV3Pool(pool.v3Pool).slot0();
        s.supply = LaunchToken(token).totalSupply();
        s.price = PriceMath.priceFromSqrt(sqrtP, usdc < token);
        s.sqrtPriceX96 = sqrtP;
    }

    /// @dev Books the fee of a trade leg whose USDC side is `base`, charged at `feeBps`: the launch part (above the
    /// trade fee) to the protocol alone; the rest split as FeeMath.split, as any trade's fee.
    function _accrue(Pool storage pool, uint256 fee, uint256 base, Attribution memory a, uint256 feeBps)
        internal
        returns (FeeSplit memory f)
    {
        uint256 launch = FeeMath.launchPart(fee, feeBps, pool.params.tradeFeeBps);
        f = FeeMath.split(
            fee - launch, base, a.builderFeeBps, a.referral != address(0), pool.params.creatorShareBps, REFERRAL_SHARE_BPS
        );
        f.launch = launch;
        if (f.protocol + launch > 0) claimable[protocolFeeRecipient] += f.protocol + launch;
        if (f.creator > 0) claimable[pool.creator] += f.creator;
        if (f.referral > 0) claimable[a.referral] += f.referral;
        if (f.builder > 0) claimable[a.builder] += f.builder;
        totalClaimable += fee;
    }

    /// @dev The pool's parameters with this block's curve fee as tradeFeeBps (FeeMath.feeBpsAt).
    function _curveParams(Pool storage pool) internal view returns (PoolTypeParams memory p) {
        p = pool.params;
        p.tradeFeeBps = uint16(FeeMath.feeBpsAt(p, block.timestamp - pool.createdAt));
    }

    /// @dev Swaps on the token's V3 pool. `buy` pays USDC for tokens. A positive `amountSpecified` is exact-in, a
    /// negative one exact-out; a fill short of it reverts. Returns what was paid in and what came out.
    function _swap(address token, Pool storage pool, bool buy, int256 amountSpecified, address payer, address recipient)
        internal
        returns (uint256 amountIn, uint256 amountOut)
    {
        bool usdcIsToken0 = usdc < token;
        bool zeroForOne = buy == usdcIsToken0;
        uint160 limit = zeroForOne ? TickMath.MIN_SQRT_PRICE + 1 : TickMath.MAX_SQRT_PRICE - 1;
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

    /// @dev Creates the token's graduation pool, or takes the one someone created first, and pins it at the lowest USD
    /// price V3 can hold (MIN_SQRT_PRICE + 1 or MAX_SQRT_PRICE - 1, by the pair's order), with a seed: SEED_LIQUIDITY
    /// of tokens in the one tick spacing next to that price. From then until graduation nobody can place liquidity in
    /// the pool or move its price:
    /// - a position of USDC only would lie below the lowest price, where V3 has no usable tick;
    /// - any other position, and any swap but through empty space, moves launch tokens into or out of the pool,
    ///   which the token refuses until graduation (LaunchToken.poolOpen), the seed's own mint apart;
    /// - a swap toward a higher price must cross the seed, and so move tokens out of the pool. One whose output rounds
    ///   to nothing pays at least 1 USDC unit and moves the price by at most 1 token wei's worth of the seed: crossing
    ///   it so takes about 1e16 swaps.
    /// A pool created early may hold liquidity of USDC only, at or below its price. The price moves down to the
    /// lowest for free when none stands in the way; otherwise the creation reverts (GraduationPoolTaken), and the
    /// creator may choose another salt.
    function _pinPool(address token, Pool storage pool) internal {
        address v3Pool = graduationPoolOf(token);
        pool.v3Pool = v3Pool;
        if (v3Pool.code.length == 0) v3Factory.createPool(token, usdc, pool.params.dexFeeTier);
        bool usdcIsToken0 = usdc < token;
        uint160 lowest = usdcIsToken0 ? TickMath.MAX_SQRT_PRICE - 1 : TickMath.MIN_SQRT_PRICE + 1;
        (uint160 current,,,,,,) = IUniswapV3Pool(v3Pool).slot0();
        if (current == 0) {
            IUniswapV3Pool(v3Pool).initialize(lowest);
        } else if (current != lowest) {
            // no payer: the callback refuses anything the move would cost
            _rawSwap(v3Pool, current > lowest, type(int128).max, lowest, address(0), address(this), token);
        }
        int24 spacing = _tickSpacing(pool);
        int24 edge = TickMath.maxUsableTick(spacing);
        (int24 lower, int24 upper) = usdcIsToken0 ? (edge - spacing, edge) : (-edge, spacing - edge);
        _swapPool = v3Pool;
        _swapTokenIn = token;
        IUniswapV3Pool(v3Pool).mint(address(this), lower, upper, SEED_LIQUIDITY, "");
        _swapPool = address(0);
    }

    /// @notice Pays the seed's tokens (see _pinPool). Only the pool this contract is minting in may call it.
    function uniswapV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata) external {
        if (msg.sender != _swapPool || msg.sender == address(0)) revert UnauthorizedCallback();
        LaunchToken(_swapTokenIn).mint(msg.sender, amount0Owed + amount1Owed);
    }

    /// @dev Closes the curve and moves its liquidity to the V3 pool, in the same call: opens the pool to the token,
    /// buys the seed back (for a unit or two of USDC; its tokens are burned) on the way from the lowest price to the
    /// curve's final price, through space nobody else could fill (see _pinPool), then mints the DEX supply, seeds a
    /// full-range position with it and the DEX reserve (at least POSITION_MIN_BPS of each must go in), locks the
    /// position here for good, and credits the rest of the reserve to the protocol. Nothing in the pool but the seed
    /// touches its ticks, so no per-tick liquidity cap can be in the way.
    function _graduate(address token, Pool storage pool) internal {
        PoolTypeParams memory p = pool.params;
        pool.graduated = true;
        LaunchToken(token).openPool();
        address v3Pool = pool.v3Pool;
        (uint256 paid, uint256 got) = _rawSwap(
            v3Pool, usdc < token, type(int128).max, _targetSqrtPrice(token, pool), address(this), address(this), usdc
        );
        if (got > 0) LaunchToken(token).burn(address(this), got);
        totalReserve -= pool.reserve;
        uint256 reserve = pool.reserve - paid;
        pool.reserve = 0;
        uint256 usdcForDex = reserve < p.dexReserve ? reserve : p.dexReserve;
        LaunchToken(token).mint(address(this), p.dexSupply);

        (uint256 usedTokens, uint256 usedUsdc) = _mintPosition(token, pool, p.dexSupply, usdcForDex);
        if (p.dexSupply > usedTokens) LaunchToken(token).burn(address(this), p.dexSupply - usedTokens);
        uint256 protocolFee = reserve - usedUsdc;
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

    function _mintPosition(address token, Pool storage pool, uint256 tokens, uint256 usdcAmount)
        internal
        returns (uint256 usedTokens, uint256 usedUsdc)
    {
        bool usdcIsToken0 = usdc < token;
        int24 upper = TickMath.maxUsableTick(_tickSpacing(pool));
        address npm = address(positionManager);
        token.safeApprove(npm, tokens);
        usdc.safeApprove(npm, usdcAmount);
        (uint256 amount0, uint256 amount1) = usdcIsToken0 ? (usdcAmount, tokens) : (tokens, usdcAmount);
        (uint256 id,, uint256 used0, uint256 used1) = positionManager.mint(
            INonfungiblePositionManager.MintParams({
                token0: usdcIsToken0 ? usdc : token,
                token1: usdcIsToken0 ? token : usdc,
                fee: pool.params.dexFeeTier,
                tickLower: -upper,
                tickUpper: upper,
                amount0Desired: amount0,
                amount1Desired: amount1,
                amount0Min: amount0 * POSITION_MIN_BPS / CurveMath.BPS,
                amount1Min: amount1 * POSITION_MIN_BPS / CurveMath.BPS,
                recipient: address(this),
                deadline: block.timestamp
            })
        );
        usdc.safeApprove(npm, 0);
        token.safeApprove(npm, 0);
        pool.positionId = id;
        (usedUsdc, usedTokens) = usdcIsToken0 ? (used0, used1) : (used1, used0);
    }

    /// @dev The curve's final price as the V3 pool's sqrtPriceX96.
    function _targetSqrtPrice(address token, Pool storage pool) internal view returns (uint160) {
        (uint256 num, uint256 den) = CurveMath.finalPrice(pool.params);
        return PriceMath.sqrtPriceX96(num, den, usdc < token);
    }

    function _tickSpacing(Pool storage pool) internal view returns (int24) {
        return v3Factory.feeAmountTickSpacing(pool.params.dexFeeTier);
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

    function _checkAmount(uint256 amount) internal pure {
        if (amount > MAX_AMOUNT) revert AmountTooLarge();
    }

    function _checkDeadline(uint256 deadline) internal view {
        if (block.timestamp > deadline) revert DeadlineExpired();
    }

    /// @dev The attribution a call is paid under. A builder must be approved, within its maximum fee, and not the
    /// caller, on every call. A token's referral is named by its creator in createToken (`creating`): an approved
    /// referrer other than the creator, the token's for good. The referral a trade names is ignored, so nobody can
    /// take a token's referral with a trade of their own. The referral is not paid on its own trades.
    function _attribution(address token, Pool storage pool, Attribution calldata a, bool creating)
        internal
        returns (Attribution memory eff)
    {
        if (a.builder != address(0)) {
            uint16 maxFee = builderMaxFeeBps[a.builder];
            if (maxFee == 0) revert BuilderNotApproved();
            if (a.builderFeeBps > maxFee) revert BuilderFeeTooHigh();
            if (a.builder == msg.sender) revert SelfAttribution();
            eff.builder = a.builder;
            eff.builderFeeBps = a.builderFeeBps;
        }
        address referral = pool.referral;
        if (creating && a.referral != address(0)) {
            if (!isReferrer[a.referral]) revert ReferrerNotApproved();
            if (a.referral == msg.sender) revert SelfAttribution();
            referral = a.referral;
            pool.referral = referral;
            emit TokenReferralSet(pool.tokenLayerId, token, referral);
        }
        if (referral != msg.sender) eff.referral = referral;
    }

    function _setPoolType(uint8 id, PoolTypeParams memory p) internal {
        if (
            p.weightPpm != WEIGHT_PPM || p.virtualSupply < MIN_VIRTUAL_SUPPLY || p.virtualSupply > MAX_VIRTUAL_SUPPLY
                || p.virtualReserve < MIN_VIRTUAL_RESERVE || p.virtualReserve > MAX_VIRTUAL_RESERVE
                || p.migrationSupply < MIN_MIGRATION_SUPPLY || p.migrationSupply > MAX_MIGRATION_SUPPLY
                || p.tradeFeeBps < MIN_TRADE_FEE_BPS || p.tradeFeeBps > MAX_TRADE_FEE_BPS
                || p.creatorShareBps > MAX_CREATOR_SHARE_BPS || p.dexSupply == 0
                || p.launchFeeSeconds > MAX_LAUNCH_FEE_SECONDS || p.launchFeeBps > MAX_LAUNCH_FEE_BPS
                || (p.launchFeeSeconds == 0 ? p.launchFeeBps != 0 : p.launchFeeBps <= p.tradeFeeBps)
        ) revert InvalidPoolType();
        if (address(v3Factory) != address(0) && v3Factory.feeAmountTickSpacing(p.dexFeeTier) < MIN_DEX_TICK_SPACING) {
            revert InvalidPoolType();
        }
        uint256 raised = CurveMath.cost(p, p.migrationSupply);
        if (p.dexReserve > raised || p.dexReserve * CurveMath.BPS < raised * MIN_DEX_RESERVE_BPS) revert InvalidPoolType();
        (uint256 num, uint256 den) = CurveMath.finalPrice(p);
        uint256 implied = M.fullMulDiv(p.dexSupply, num, den);
        uint256 gap = implied > p.dexReserve ? implied - p.dexReserve : p.dexReserve - implied;
        if (gap * CurveMath.BPS > uint256(p.dexReserve) * DEX_PRICE_TOLERANCE_BPS) revert InvalidPoolType();
        // The final price must be representable in V3 whichever way the pair sorts.
        for (uint256 i; i < 2; ++i) {
            uint160 sqrtP = PriceMath.sqrtPriceX96(num, den, i == 0);
            if (sqrtP <= TickMath.MIN_SQRT_PRICE || sqrtP >= TickMath.MAX_SQRT_PRICE) revert InvalidPoolType();
        }
        _poolTypes[id] = p;
        emit PoolTypeSet(id, p);
    }
}
