// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title ILaunchpad
/// @notice A singleton that launches ERC-20 tokens, trades each on its own bonding curve with USDC as the
/// reserve, and graduates it to a Uniswap V3 pool once its curve supply reaches the migration supply.
/// @dev Units used throughout: token amounts in token wei (18 decimals), USDC amounts in USDC base units
/// (6 decimals), fees in basis points (bps, 1/10_000), weights in parts per million (ppm), prices in USD per whole
/// token with 18 decimals (1e18 = $1), rounded down; market caps in USDC base units.
interface ILaunchpad {
    /// @notice The four ways to trade. Exact-in fixes what the trader gives; exact-out what the trader gets.
    enum TradeMode {
        BuyExactIn, // spend an exact USDC amount
        BuyExactOut, // receive an exact token amount
        SellExactIn, // sell an exact token amount
        SellExactOut // receive an exact USDC amount
    }

    /// @notice Where a trade (or one leg of it) was filled.
    enum Venue {
        BondingCurve,
        UniswapV3
    }

    /// @notice Parameters of a pool type. A pool copies them at creation, so later registry changes never
    /// alter a live curve.
    struct PoolTypeParams {
        /// Reserve weight in ppm. Only 500_000 (a linear price) is accepted: see CurveMath.
        uint32 weightPpm;
        /// Virtual supply S0 the curve starts from, in token wei. Never minted.
        uint128 virtualSupply;
        /// Virtual reserve R0 the curve starts from, in USDC base units. Never deposited.
        uint128 virtualReserve;
        /// Curve supply (token wei, excluding the virtual supply) at which the pool graduates.
        uint128 migrationSupply;
        /// Tokens minted into the Uniswap V3 position at graduation, in token wei.
        uint128 dexSupply;
        /// USDC moved into the Uniswap V3 position at graduation, in USDC base units.
        uint128 dexReserve;
        /// Trade fee on the USDC side of every trade, in bps.
        uint16 tradeFeeBps;
        /// The creator's reward: its share of each trade fee (after the builder's cut), in bps of that rest.
        uint16 creatorShareBps;
        /// Uniswap V3 fee tier of the graduated pool, in hundredths of a bip (100, 500, 3000 or 10000).
        uint24 dexFeeTier;
        /// The launch fee: a curve trade's fee in the token's creation block, in bps. It falls in a straight line to
        /// tradeFeeBps over launchFeeSeconds (FeeMath.feeBpsAt). What it takes above the trade fee goes to the
        /// protocol alone. Zero with launchFeeSeconds zero: no launch fee.
        uint16 launchFeeBps;
        /// How long after the token's creation the launch fee lasts, in seconds.
        uint16 launchFeeSeconds;
    }

    /// @notice Builder and referral attribution for one call. Their shares are carved out of the protocol's part of
    /// the trade fee, so the trader pays the same total with or without them and the creator's reward never shrinks.
    /// Nobody can pay them to itself: a builder must be approved by the owner (with a maximum fee) and may not be the
    /// trader; a token's referral is an approved referrer named by its creator in createToken, permanent, and paid
    /// nothing on its own trades.
    struct Attribution {
        /// Receives `builderFeeBps` of the trade's USDC amount, out of the protocol's part of the fee. Zero for none.
        address builder;
        /// The builder's cut in bps of the trade's USDC amount; at most the builder's approved maximum.
        uint16 builderFeeBps;
        /// In createToken: names the token's referral, for good. In a trade: ignored (a trade cannot name a token's
        /// referral, so nobody can take one with a trade of their own). Zero for none.
        address referral;
    }

    /// @notice How one fee was split. The five parts add up to the whole fee, in USDC base units.
    struct FeeSplit {
        uint256 protocol;
        uint256 creator;
        uint256 referral;
        uint256 builder;
        /// The part above the trade fee that a trade in the launch window pays (see launchFeeBps), the protocol's.
        uint256 launch;
    }

    /// @notice The pool's state after an event, so an indexer needs no RPC call.
    struct PoolSnapshot {
        /// Curve supply before graduation; the token's total supply after it. Token wei.
        uint256 supply;
        /// USDC held as the curve's reserve (zero once graduated). USDC base units.
        uint256 reserve;
        /// Marginal price in USD per whole token with 18 decimals (1e18 = $1), rounded down.
        uint256 price;
        /// The V3 pool's sqrtPriceX96 after the event (zero before graduation).
        uint160 sqrtPriceX96;
    }

    /// @notice Parameters of createToken.
    struct CreateTokenParams {
        string name;
        string symbol;
        /// Usually `ipfs://<cid>` of the metadata JSON.
        string tokenURI;
        uint8 poolType;
        /// Chosen by the caller; with the caller's address it derives the token_layer_id and the token address.
        bytes32 salt;
        Attribution attribution;
        /// Optional first buy by the creator, in USDC base units (gross, fee included). Zero for none.
        uint256 initialBuyUsdc;
        /// Slippage bound of that first buy, in token wei.
        uint256 minTokensOut;
        /// Unix time after which the call reverts.
        uint256 deadline;
    }

    /// @notice Result of a curve quote. Mirrors core/curve.ts field for field.
    struct CurveQuote {
        /// Tokens the curve leg mints (buy) or burns (sell), in token wei.
        uint256 tokenAmount;
        /// USDC the curve leg takes (buy, gross) or pays (sell, net), in USDC base units.
        uint256 usdcAmount;
        /// The trade fee of the curve leg, in USDC base units.
        uint256 fee;
        /// What the curve cannot fill and Uniswap V3 must: USDC (buy exact-in) or tokens (buy exact-out).
        uint256 remainder;
        /// True when this trade takes the curve supply to the migration supply.
        bool graduates;
    }

    /// @notice Everything known about one pool, as the view functions and the indexer see it.
    struct PoolView {
        address token;
        address creator;
        bytes32 tokenLayerId;
        uint8 poolType;
        PoolTypeParams params;
        uint256 supply;
        uint256 reserve;
        uint256 price;
        uint256 marketCap;
        /// Curve supply / migration supply, in bps (0 to 10_000), rounded down.
        uint256 progressBps;
        bool graduated;
        address v3Pool;
        uint256 positionId;
        /// The token's referral (named by its creator at creation, permanent); zero for none.
        address referral;
        /// The block timestamp of the token's creation: its launch fee's window starts then.
        uint256 createdAt;
        /// The fee of a curve trade in this block, in bps: the launch fee in its window, then the trade fee.
        uint256 feeBps;
    }

    /// @notice Emitted when a token and its pool are created.
    event TokenCreated(
        bytes32 indexed tokenLayerId,
        address indexed token,
        address indexed creator,
        uint8 poolType,
        string name,
        string symbol,
        string tokenURI,
        Attribution attribution,
        PoolTypeParams params
    );

    /// @notice Emitted for every trade leg. A buy that crosses graduation emits a curve leg, Graduated, then a V3
    /// leg. `usdcAmount` is what the trader paid (buy, fee included) or received (sell, fee deducted).
    event Trade(
        bytes32 indexed tokenLayerId,
        address indexed token,
        address indexed trader,
        TradeMode mode,
        Venue venue,
        uint256 tokenAmount,
        uint256 usdcAmount,
        FeeSplit fees,
        Attribution attribution,
        PoolSnapshot state
    );

    /// @notice Emitted once per token, when its liquidity moves to Uniswap V3.
    /// @param tokenAmount Tokens placed in the locked position, in token wei.
    /// @param usdcAmount USDC placed in the locked position, in USDC base units.
    /// @param protocolFee Reserve left over after seeding the position, credited to the protocol.
    /// @param tick The V3 pool's tick after seeding.
    /// @param liquidity The V3 pool's active liquidity after seeding.
    event Graduated(
        bytes32 indexed tokenLayerId,
        address indexed token,
        address indexed v3Pool,
        uint24 feeTier,
        uint256 positionId,
        uint256 tokenAmount,
        uint256 usdcAmount,
        uint256 protocolFee,
        PoolSnapshot state,
        int24 tick,
        uint128 liquidity
    );

    /// @notice Emitted when the swap fees of a graduated token's locked position are collected and split between
    /// creator and protocol as claimable balances. USDC in base units, tokens in token wei.
    event PoolFeesCollected(
        bytes32 indexed tokenLayerId,
        address indexed token,
        uint256 creatorUsdc,
        uint256 protocolUsdc,
        uint256 creatorTokens,
        uint256 protocolTokens
    );

    /// @notice Emitted when a recipient withdraws the launch tokens it was credited from pool fees.
    event TokenFeesClaimed(address indexed token, address indexed recipient, uint256 amount);

    /// @notice Emitted when the owner approves a builder (with its maximum fee in bps) or revokes it (zero).
    event BuilderSet(address indexed builder, uint16 maxFeeBps);

    /// @notice Emitted when the owner approves or revokes a referrer.
    event ReferrerSet(address indexed referrer, bool approved);

    /// @notice Emitted once per token, in createToken, when its creator names a referral.
    event TokenReferralSet(bytes32 indexed tokenLayerId, address indexed token, address indexed referral);

    /// @notice Emitted when a recipient withdraws its accrued fees, in USDC base units.
    event FeesClaimed(address indexed recipient, uint256 amount);

    /// @notice Emitted when a pool type is registered or changed.
    event PoolTypeSet(uint8 indexed poolType, PoolTypeParams params);

    /// @notice Emitted when the protocol's fee recipient changes.
    event ProtocolFeeRecipientSet(address indexed recipient);

    /// @notice Thrown when a call arrives after its deadline.
    error DeadlineExpired();
    /// @notice Thrown when a trade would give less than its minimum or take more than its maximum.
    error SlippageExceeded(uint256 amount, uint256 bound);
    /// @notice Thrown when an amount is zero or a trade would move nothing.
    error ZeroAmount();
    /// @notice Thrown when no pool exists for the token.
    error UnknownToken();
    /// @notice Thrown when the pool type is not registered.
    error UnknownPoolType();
    /// @notice Thrown when a token with this token_layer_id exists already.
    error TokenExists();
    /// @notice Thrown when a builder fee exceeds the builder's approved maximum.
    error BuilderFeeTooHigh();
    /// @notice Thrown when a builder is named that the owner has not approved.
    error BuilderNotApproved();
    /// @notice Thrown when a referral is named that the owner has not approved.
    error ReferrerNotApproved();
    /// @notice Thrown when a caller names itself as builder or referral.
    error SelfAttribution();
    /// @notice Thrown when an amount exceeds MAX_AMOUNT (2^128 - 1): no trade of that size can happen.
    error AmountTooLarge();
    /// @notice Thrown by createToken when the token's graduation pool was created early with liquidity between its
    /// price and the lowest price (see Launchpad._pinPool): another salt gives another token address and pool.
    error GraduationPoolTaken();
    /// @notice Thrown when pool fees are collected for a token that has not graduated.
    error NotGraduated();
    /// @notice Thrown when pool type parameters break a hard cap or are inconsistent.
    error InvalidPoolType();
    /// @notice Thrown when a sell asks for more USDC than the curve holds.
    error InsufficientReserve();
    /// @notice Thrown when Uniswap V3 cannot fill the whole trade.
    error InsufficientLiquidity();
    /// @notice Thrown when a curve quote is asked of a graduated token.
    error AlreadyGraduated();
    /// @notice Thrown when a swap callback does not come from the pool being swapped.
    error UnauthorizedCallback();
    /// @notice Thrown when the caller has nothing to claim.
    error NothingToClaim();

    function buyExactIn(address token, uint256 usdcIn, uint256 minTokensOut, uint256 deadline, Attribution calldata attribution)
        external
        returns (uint256 tokensOut);

    function buyExactOut(address token, uint256 tokensOut, uint256 maxUsdcIn, uint256 deadline, Attribution calldata attribution)
        external
        returns (uint256 usdcIn);

    function sellExactIn(address token, uint256 tokensIn, uint256 minUsdcOut, uint256 deadline, Attribution calldata attribution)
        external
        returns (uint256 usdcOut);

    function sellExactOut(address token, uint256 usdcOut, uint256 maxTokensIn, uint256 deadline, Attribution calldata attribution)
        external
        returns (uint256 tokensIn);

    function createToken(CreateTokenParams calldata params) external returns (address token, bytes32 tokenLayerId);

    function claimFees() external returns (uint256 amount);

    /// @notice Collects the swap fees of a graduated token's locked position and credits them to creator and
    /// protocol (creatorShareBps to the creator). Anyone may call it; the position itself stays locked.
    /// @return usdcAmount USDC collected, in base units.
    /// @return tokenAmount Launch tokens collected, in token wei.
    function collectPoolFees(address token) external returns (uint256 usdcAmount, uint256 tokenAmount);

    /// @notice Withdraws the caller's launch tokens credited from `token`'s pool fees.
    function claimTokenFees(address token) external returns (uint256 amount);

    /// @notice Curve quotes at this block's fee (the launch fee in its window).
    function quoteBuyExactIn(address token, uint256 usdcIn) external view returns (CurveQuote memory);
    function quoteBuyExactOut(address token, uint256 tokensOut) external view returns (CurveQuote memory);
    function quoteSellExactIn(address token, uint256 tokensIn) external view returns (CurveQuote memory);
    function quoteSellExactOut(address token, uint256 usdcOut) external view returns (CurveQuote memory);

    function getPool(address token) external view returns (PoolView memory);
    function claimable(address recipient) external view returns (uint256);
    function claimableToken(address token, address recipient) external view returns (uint256);
    /// @notice The address of `token`'s Uniswap V3 pool at its pool type's fee tier, whether or not it exists yet.
    function graduationPoolOf(address token) external view returns (address);
    function tokenLayerIdOf(address creator, bytes32 salt) external pure returns (bytes32);
    function predictTokenAddress(address creator, bytes32 salt, string calldata name, string calldata symbol, string calldata tokenURI)
        external
        view
        returns (address);
}
