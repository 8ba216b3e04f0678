/**
 * Generated from the OpenAPI document by `npx tsx scripts/gen-sdk-types.ts`: never edit it by hand. `npm test` fails when it is
 * out of date.
 */

export interface paths {
    "/functions/v1/search-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find one token
         * @description Tried in order: uuid, token_layer_id, contract address, Solana address, exact symbol (upper-case input), slug, the slug of an on-chain name, then a case-insensitive partial name; several matches: most holders, then oldest. A token created directly on chain gets its uuid and slug here, the first time it is found. Unknown: 404 Token not found.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SearchTokenRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SearchTokenResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-pool-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Liquidity pool data of a token
         * @description Supply, reserves, weight, graduation status and progress, price and market cap; the Uniswap V3 pool once graduated.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetPoolDataRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetPoolDataResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List deployed tokens by a ranking
         * @description Ties are broken by newest first, so pages are stable.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetTokensRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetTokensResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search tokens, users and posts
         * @description Tokens: case-insensitive substring of name, symbol or slug (exact symbol, exact name and name prefix rank first). Users: substring of the username (exact, then prefix, then most followers). Posts outside clubs: English full-text (websearch syntax) plus substring (trigram) matches, ranked by ts_rank_cd + 0.5 when the title contains the query + 0.25 when the content does, then newest; candidates are the 200 newest full-text and 200 newest substring matches. `limit` applies per kind. Authentication optional.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SearchRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SearchResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/tag-coin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add hashtags to a token
         * @description Adds `tags` to the token with `slug` (kept lower case, without #; existing tags stay) and returns all its hashtags. Only the token's creator may add tags (403 otherwise); without tags anyone may read them.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TagCoinRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TagCoinResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-token-candles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OHLCV candles of a token
         * @description Post-trade prices of both venues, bucketed by 1m, 5m, 1h or 1d.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetTokenCandlesRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetTokenCandlesResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-token-holders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Holders of a token
         * @description Balances above zero, largest first.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetTokenHoldersRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetTokenHoldersResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-token-trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trades of a token
         * @description Both venues, newest first.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetTokenTradesRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetTokenTradesResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-token-activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One feed of a token's trades, transfers, graduation and fee claims
         * @description On every chain the token is indexed on (its home chain and the chains it was deployed to; chainSlug: one of them, another is 400 `Token not available on chain <slug>`), newest first with a keyset cursor (entries indexed meanwhile neither repeat nor push one out of reach): trades on both venues, transfers between holders (not the token legs of trades), its graduation to Uniswap V3, collections of its pool's fees, claims of the launch tokens they credited, and moves between chains (move_sent where it left, move_received where it arrived, the same guid). Each entry has a kind and that kind's fields. A cursor of another feed, or not one at all: 400 `Invalid cursor`; unknown token: 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetTokenActivityRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetTokenActivityResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-token-launch-report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Is the launch fair: snipers, bundles, the creator's wallets and sells, concentration, with labels
         * @description From the indexed chain data of the token's home chain, where it launched (a chain it was deployed to later: 400). early_buyers: the wallets whose first buy came at most rules.window_seconds after the creation block, with what they bought, sold and hold, and who funded them. bundles: early buyers funded by one source (directly or through one wallet between) at most rules.funding_lookback_seconds before their first buy, in USDC or the native coin (funding_assets says which were read: the native coin needs an RPC that serves trace_filter), or buying in the creation's own block. creator: its holdings, the wallets it funded and every sell. concentration: the ten largest holders' share (not the launchpad, the pool or the token's own contract), fresh wallets' share, and the holder count over time. labels: sniped, bundled, creator_sold, concentrated, each with its rule, addresses and figures.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetTokenLaunchReportRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetTokenLaunchReportResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-token-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Price change, volume, trades and unique traders over 5m, 1h, 6h and 24h
         * @description From the indexed trades of both venues. The windows end at the time of the last indexed block (`as_of`), not the server's clock. price_change_pct runs from the price after the last trade at or before a window's start (or the curve's starting price) to the pool's price now.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetTokenStatsRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetTokenStatsResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/trade-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prepare a buy or sell transaction
         * @description Exactly one of buyAmountUSD (buy exact-in), buyAmountToken (buy exact-out), sellAmountToken (sell exact-in) or sellAmountUSD (sell exact-out), as JSON numbers in whole USD or whole tokens (converted exactly; at most 6 decimals for USD and 18 for tokens). The amount field decides the direction; `direction` (alias `side`) is optional and must agree. The venue follows the token's graduation state: the bonding curve (exact, from the indexed pool state) before, Uniswap V3 after. Graduated tokens are quoted with QuoterV2 for fee tiers 100, 500, 3000 and 10000 in one Multicall3 aggregate3 call; a failing tier does not fail the quote and the best result is reported, but the launchpad always swaps in the token's own pool at its pool type's fee tier (meme 10000, startup-preseed 3000), so `quote.execution` and the slippage bound come from that tier. When no tier can quote: "Uniswap V3 quote failed for all fee tiers (100, 500, 3000, 10000): the pool may not exist or lacks liquidity". The launchpad's trade fee is taken on the USDC side on top of V3. Curve quotes are computed over the indexed pool row; a V3 quote is one eth_call, kept for the indexed block it was made at and shared by concurrent identical requests. A buy that crosses graduation fills the curve and routes the rest through the new pool in the same transaction; its V3 part is an estimate, and the bound gets a further 50 bps. Deadline: now + 20 minutes. `approvals` lists the USDC approve (for exactly the most the buy can take) when the trader's allowance is short; sells need none. gasLimit: eth_estimateGas + 25% when possible, else 500000 (curve), 700000 (V3), 2000000 (graduating buy), 80000 (approve). Sells are checked against the trader's indexed balance ("Insufficient token balance"). builder and token_referral are checked against the owner's indexed approvals before anything is sent (400 INVALID_PARAMETERS: not approved, fee above the builder's maximum, or the trader itself); the quote's fee split is the one the launchpad will pay (the token's referral, unpaid on its own trades). With autoExecute true the answer waits up to 10 s: confirmed in time gives executed true and transactionHash; still running gives executed false with intentId and status (poll get-intent-status); a revert or failed simulation is a 400 "INSUFFICIENT_BALANCE: <reason> (intent <id>)" or "TRANSACTION_FAILED: <reason> (intent <id>)" with the decoded revert reason and the intent that failed; where the market moved under a trade (SlippageExceeded, DeadlineExpired) the same answer is a 409 with Retry-After, which a retry may cure. With autoExecute the approval (when needed) and the trade are two intents, the trade after the approval. A trade not sent because the market moved under its quote is quoted again on the pool as the chain holds it, at most 2 times, 500 ms × n apart, with the same slippageBps (`requotes` counts them); one that reverted on chain is not. Sending the request again with its idempotencyKey after such a 409 quotes the same trade again (up to 6 attempts per key).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TradeTokenRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TradeTokenResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/quote-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote a trade (no transaction, no gas)
         * @description The quote of the MCP tool quote_trade_token. The venue follows the token's graduation state: the bonding curve (exact, from the indexed pool state) before, Uniswap V3 after. Graduated tokens are quoted with QuoterV2 for fee tiers 100, 500, 3000 and 10000 in one Multicall3 aggregate3 call; a failing tier does not fail the quote and the best result is reported, but the launchpad always swaps in the token's own pool at its pool type's fee tier (meme 10000, startup-preseed 3000), so `quote.execution` and the slippage bound come from that tier. When no tier can quote: "Uniswap V3 quote failed for all fee tiers (100, 500, 3000, 10000): the pool may not exist or lacks liquidity". The launchpad's trade fee is taken on the USDC side on top of V3. Curve quotes are computed over the indexed pool row; a V3 quote is one eth_call, kept for the indexed block it was made at and shared by concurrent identical requests.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["QuoteTokenRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["QuoteTokenResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/create-token-transaction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prepare the createToken transaction of a new token
         * @description Required: name, symbol (1–10 characters), description, image, chainSlug. Records the token (uuid, slug, metadata, hashtags, destination chains), stores its metadata JSON content-addressed (CIDv1, raw codec, sha256; served at /ipfs/<cid>) and returns the launchpad createToken transaction with tokenURI ipfs://<cid>. token_layer_id = keccak256(abi.encode(creator, salt)) with salt = keccak256(uuid); addresses.evm is the CREATE2 address the token will have. The creator (userAddress, default the wallet on record) must send the transaction. builder and token_referral are checked as trade-token checks them (400 before anything is recorded); an approved token_referral becomes the token's permanent referral. Without autoExecute, executed is false and transactionHash null. Deadline: now + 24 hours. With autoExecute true the answer waits up to 10 s: confirmed in time gives executed true and transactionHash; still running gives executed false with intentId and status (poll get-intent-status); a revert or failed simulation is a 400 "INSUFFICIENT_BALANCE: <reason> (intent <id>)" or "TRANSACTION_FAILED: <reason> (intent <id>)" with the decoded revert reason and the intent that failed; where the market moved under a trade (SlippageExceeded, DeadlineExpired) the same answer is a 409 with Retry-After, which a retry may cure.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateTokenRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreateTokenResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-intent-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The state of one of your executions
         * @description An intent is one transaction the service executes for you (autoExecute, execute-transaction). It moves pending → signed → broadcast → confirmed | reverted, or to failed (e.g. its simulation reverted), with the decoded reason in errorReason. Only your own intents are found; any other id is 404 "Intent not found".
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetIntentStatusRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetIntentStatusResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/execute-transaction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a raw transaction from your custodial wallet
         * @description Sends {to, value: amount (wei), data} from the wallet on record, through the execution worker (simulated first: a revert broadcasts nothing). Waits up to 10 s: confirmed in time gives executed true and transactionHash; still running gives executed false with intentId and status (poll get-intent-status); a revert is a 400 "INSUFFICIENT_BALANCE: <reason> (intent <id>)" or "TRANSACTION_FAILED: <reason> (intent <id>)". With dryRun true nothing is sent: simulation says whether it would succeed, its gas estimate and the decoded revert reason. This is the step that deploys a token prepared by create-token-transaction without autoExecute (send its transaction's to and data with amount "0").
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ExecuteTransactionRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ExecuteTransactionResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/create-post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a post, reply, poll, media, club or topic post
         * @description Needs content, a title or media (400 `A post needs content, a title or media`); content at most SOCIAL_MAX_CONTENT_LENGTH (5000) characters; a reply's parent must exist (404 `Parent post not found`); polls have 2 to 10 options; a weighted poll needs taggedCoinId and snapshots its holders' balances at the current indexed block. Club posts need membership. Limited to SOCIAL_POSTS_PER_MINUTE (20) per user (429).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreatePostRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreatePostResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One post
         * @description Club posts need access to the club (403 `Access denied: no permission to view this club`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PostIdRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetPostResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-post-replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replies to a post, oldest first */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetPostRepliesRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetPostRepliesResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/vote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Vote on a token, post, livestream or poll option
         * @description Same type again removes the vote (action `removed`), the opposite type switches it (`updated`), otherwise `created`. Poll options are single choice: voting another option of the same poll moves the vote (`updated`). The weight is the voter's indexed balance of voting_token_id (wallet on record, whole tokens in `weight`); for poll options, the balance of the poll's token at its snapshot block. Clients cannot set a weight. Limited to SOCIAL_VOTES_PER_MINUTE (120) per user (429).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["VoteRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["VoteResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/tip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Tip the author of a post, or a user, in a launched token or USDC
         * @description A transfer of `amount` (whole tokens, or USD for USDC when tokenId is omitted) on chainSlug from your wallet on record to the author of `postId`, or to `to` (a user id or a username): exactly one of them (400 `Missing required fields: postId or to`, `Give exactly one of postId or to`). Unknown: 404 `Post not found` / `User not found`. Refused with 400: `Cannot tip yourself`, a recipient without a wallet on record, `Insufficient token balance` / `Insufficient USDC balance` (your balance on chain now). Without autoExecute: the transaction to send, and nothing recorded (`tip` null) until you report it with `transactionHash` once it is mined (checked against its receipt; a transaction is one tip). With autoExecute the service sends it as an intent (a reused idempotencyKey tips once; the spending policy applies) and records it. A tip counts once its transfer is confirmed: it is added to the post's `tips` and notifies the recipient (kind `tip`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TipRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TipResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-posts-2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ranked posts feed
         * @description Top-level posts outside clubs by rank: E = (upvotes − downvotes) + 2·replies + log10(1 + weighted up) − log10(1 + weighted down) (whole tokens); rank = sign(E)·log10(1 + |E|) + (created_at − 2024-01-01)/45000 s. Page with offset, or with `cursor` (pagination.next_cursor) to never repeat or skip a post while posts arrive.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetPosts2Request"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetPosts2Response"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-timeline-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Timeline: newest posts, all or from followed users
         * @description Top-level posts outside clubs, newest first; `following`: by users the caller follows. Offset or keyset `cursor`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetTimelinePostsRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetTimelinePostsResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-token-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Posts about a token
         * @description category timelines (every post), polls or media; sort trending (rank of get-posts-2), new, or popular (engagement E without recency); filter following; view_filter my_posts (the caller's posts) or my_replies (the caller's replies). Without token_id: every token. Club posts are only in the club feed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetTokenPostsRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetTokenPostsResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-hashtag-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The token a hashtag names
         * @description Case-insensitive, with or without #. Several tokens: most holders, then oldest. None: 404.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetHashtagTokenRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetHashtagTokenResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The caller's notifications, newest first
         * @description Kinds: reply, vote (on your post; once per voter and post), mention (@username), follow, graduation (a token you hold graduated; detected when you read this list), tip, webhook_disabled (the service disabled a webhook endpoint of yours whose deliveries kept failing; `webhook` names it).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetNotificationsRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetNotificationsResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/mark-notifications-read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark notifications read */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MarkNotificationsReadRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MarkNotificationsReadResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/follow-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Follow a user */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UserIdRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FollowResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/unfollow-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop following a user */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UserIdRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FollowResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A user's followers, newest first */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FollowListRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FollowListResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-following": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Users a user follows, newest first */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FollowListRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FollowListResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/create-topic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a topic */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateTopicRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreateTopicResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-topics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** List topics */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetTopicsRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetTopicsResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/create-livestream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a livestream record (a vote target) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateLivestreamRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreateLivestreamResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-livestream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A livestream with its votes */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LivestreamIdRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetLivestreamResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/create-club": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a club (the caller owns it) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateClubRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ClubResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-club": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A club
         * @description Without access: 403 `Access denied: no permission to view this club`. public: anyone; holders: an indexed balance of the club's token of at least min_balance (checked at every read); invite: members and invited users.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClubIdRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ClubResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/join-club": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Join a club
         * @description Without access: 403 `Access denied: no permission to view this club`. public: anyone; holders: an indexed balance of the club's token of at least min_balance (checked at every read); invite: members and invited users.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClubIdRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ClubResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/leave-club": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Leave a club (not its owner) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClubIdRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ClubResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/invite-to-club": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite a user (the club's owner only) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClubInviteRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ClubInviteResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-club-members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Members of a club
         * @description Without access: 403 `Access denied: no permission to view this club`. public: anyone; holders: an indexed balance of the club's token of at least min_balance (checked at every read); invite: members and invited users.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        club_id: string;
                        /** @default 20 */
                        limit?: number;
                        /** @default 0 */
                        offset?: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetClubMembersResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-club-posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A club's feed, newest first
         * @description Without access: 403 `Access denied: no permission to view this club`. public: anyone; holders: an indexed balance of the club's token of at least min_balance (checked at every read); invite: members and invited users.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClubPageRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetClubPostsResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-clubs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List clubs
         * @description Public and holders-only clubs, and invite-only clubs the caller belongs to or is invited to; newest first.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ListClubsRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetClubsResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Your profile
         * @description Your id, username, picture, bio, wallet on record, created date, and follower and following counts.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetMeRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ProfileResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/update-profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your username, picture, bio or holdings visibility
         * @description Sets the fields given (at least one: 400 `Nothing to update…`). A username is 3 to 30 letters, digits or _, unique without regard to case: a taken one is 409 `Username <name> is taken`. Mentions written after a rename name the new username; posts, notifications and token creators show it at once. The picture is checked as token images are; a data URI is stored and served at /ipfs/<cid>. Answers the profile as it now is.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateProfileRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ProfileResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A user's public profile
         * @description By user_id or username (exactly one; the username case-insensitively): the profile fields, the tokens the user created, their latest posts, and their holdings if they made them public (update-profile show_holdings). Unknown: 404 `User not found`. Open to anonymous callers.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetUserRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PublicProfileResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-leaderboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Traders by realised PnL or volume, creators by fees earned
         * @description Over 24h (default), 7d or all time, on every chain the service runs, from the indexed trades; each window ends at the block the chain's indexer last committed. board pnl (default): traders by the realised PnL of their sales at average cost (as get-portfolio books it); volume: traders by USDC paid and received; creator_fees: creators by their share of their tokens' trade fees plus the USDC of their graduated pools' collected fees. Ties: by address.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetLeaderboardRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetLeaderboardResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/check-token-ownership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Whether a wallet holds at least a minimum balance of a token
         * @description From the indexed state: the wallet's balance of the token on the chain (default its home chain), whether it is at least minBalance (whole tokens; default any balance above zero), and the indexed block that is true at; beside it, the wallet's balance on every chain the token is on (balances: home chain first, then the chains it was deployed to) and their sum (total_balance). address defaults to your wallet on record; anonymous callers must give one (400 otherwise). Unknown token: 404; not deployed on the chain: 400 `Token not available on chain <slug>`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CheckTokenOwnershipRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CheckTokenOwnershipResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/claim-fees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim the fees your wallet on record has earned
         * @description The REST twin of the MCP tool claim_fees: the launchpad's claimFees() from your wallet on record on chainSlug, which withdraws every USDC fee share it holds for you (creator, referral and builder shares, and the USDC side of collected pool fees). claimable is read from the launchpad itself. Without autoExecute: the transaction to send; with autoExecute the service sends it (an intent; a reused idempotencyKey claims once). Nothing to claim: 400 `No fees to claim`; a chain without the launchpad: 400 `Fees are not available on chain <slug>`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClaimFeesRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ClaimFeesResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/send-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a launched token or USDC to an address, a username or a user
         * @description A transfer of `amount` (whole tokens, or USD for USDC when tokenId is omitted) on chainSlug to `to`: an EVM address, a user id or a username (resolved to the wallet on record; unknown: 404 `User not found`). Refused with 400: `Cannot send to yourself`, `Cannot send to the zero address`, `Insufficient token balance` / `Insufficient USDC balance` (the wallet's balance on chain now). Without autoExecute: the transaction for the wallet to send; with autoExecute the service sends it from the wallet on record as an intent (a reused idempotencyKey sends once; the spending policy applies).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SendTokenRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SendTokenResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/transfer-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a launched token from one chain to another
         * @description A LayerZero OFT send of `amount` whole tokens (at most 6 decimals: tokens travel in 6 decimals) from the token's contract on fromChain (its home chain locks it, another chain burns it) to `to` on toChain (an EVM address, a user id or a username; default your own address there), where it is unlocked or minted. The transaction's value is the LayerZero messaging fee, quoted by the token now (fee). Refused with 400: the same chain twice (`fromChain and toChain must be different chains`), a chain the token is not on (`Token not available on chain <slug>`), more than 6 decimals, the zero address, `Insufficient token balance` (on fromChain now). Without autoExecute: the transaction for the wallet to send; with autoExecute the service sends it from the wallet on record as an intent (a reused idempotencyKey sends once; the spending policy counts the value moved unless it goes to your own address, and the fee). Follow it with get-transfer-status.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TransferTokenRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TransferTokenResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-transfer-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Where a move between chains stands: sent, verified, delivered
         * @description From the indexed state of both chains: the moves a transfer-token transaction sent (transactionHash), or the one with a LayerZero guid. sent: it left the source chain (locked or burned); verified: the destination chain's LayerZero endpoint accepted the packet; delivered: the recipient was credited (unlocked or minted). status is the least advanced of them, or unknown while nothing of it is indexed. Give transactionHash or guid (400 otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetTransferStatusRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetTransferStatusResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-user-fees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Your fees: claimable, claimed, lifetime, and lifetime by type
         * @description Per chain, for your wallet on record, from the indexed state: claimable now, claimed, lifetime, and lifetime by type (creator: your share of the fee of every trade of tokens you created; builder: the shares of trades that named you; referral: the shares of trades of tokens whose creator named you; pool: graduated-pool fees collected for you). Launch tokens credited from pool fees are listed per token.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetUserFeesRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetUserFeesResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-portfolio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A wallet's holdings on every chain, with value, cost basis and PnL, its USDC and its claimable fees
         * @description From the indexed state: every launched token the wallet holds on every chain (largest value first; a token moved to another chain is listed there too, at its home pool's price), valued at the pool's current price, with cost basis and realised and unrealised PnL at average cost (a buy adds what it paid, fee included; a token received by transfer adds its value at the pool's price then; a sale or a transfer out removes cost × amount / balance before; a sale realises what it received less that). totals are over every token, sold-out ones included. usdc_balances is read from each chain now. fees and token_fees are what the wallet can claim. address defaults to your wallet on record; anonymous callers must give one (400 otherwise).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetPortfolioRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetPortfolioResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-fee-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Your fee accruals and claims, newest first
         * @description For your wallet on record, from the indexed logs, newest first with a keyset cursor: accruals (your creator share of every trade of tokens you created, builder shares of trades that named you, referral shares of trades of tokens whose creator named you, and the USDC and launch tokens of your graduated pools' collected fees) and claims (USDC with claimFees, launch tokens with claimTokenFees). chainSlug limits it to one chain (a chain the service does not run: 400 `Fees are not available on chain <slug>`). A cursor of another feed, or not one at all: 400 `Invalid cursor`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetFeeHistoryRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetFeeHistoryResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/create-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Events of the given channels (those logged after this call) are POSTed to url as Standard Webhooks requests (webhook-id, webhook-timestamp, webhook-signature), with the JSON body {type: "event.<kind>", timestamp, data: <the event as streams send it>}. Answers the endpoint and its signing secret (whsec_…), which is shown only here. At most 10 endpoints per user (409 `At most 10 webhook endpoints per user`), 50 channels each. The URL must be https and its host public: a private, loopback or link-local address (or a name resolving to one) is 400 `Webhook URL refused: …`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateWebhookRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreateWebhookResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Your webhook endpoints
         * @description Every endpoint of yours, oldest first, with its status and failures; never the secret.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetWebhooksRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetWebhooksResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/update-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause, resume or change a webhook endpoint
         * @description Sets the fields given (at least one: 400 `Nothing to update: give status, url, channels or description`). status paused stops deliveries (events logged meanwhile are not delivered; pending retries wait); active resumes them, and re-enables an endpoint the service disabled, clearing its failures. A new url is checked as at creation. Another user's endpoint, or none: 404 `Webhook not found`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateWebhookRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/delete-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a webhook endpoint
         * @description The endpoint, its deliveries and their log go; nothing more is sent to it. Another user's endpoint, or none: 404 `Webhook not found`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookIdRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeleteWebhookResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/test-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test delivery
         * @description Queues a delivery of type webhook.test (data: {webhook_id, message}) now, signed and sent like any other, with the same retries, whatever the endpoint's status (a paused or disabled endpoint can be tested before it is resumed); its failures never count toward disabling. Answers the delivery: follow it with get-webhook-deliveries. Another user's endpoint, or none: 404 `Webhook not found`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookIdRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDeliveryResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The delivery log of a webhook endpoint
         * @description Its deliveries, newest first, each with its status, its attempts and their HTTP statuses and errors; status to filter; keyset cursor (pagination.next_cursor). Another user's endpoint, or none: 404 `Webhook not found`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetWebhookDeliveriesRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetWebhookDeliveriesResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/redeliver-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description Queues the delivery again now, with the same webhook-id and body, and a fresh retry schedule: a delivered or failed one goes once more, a pending one is sent now. Its endpoint must be active (409 `Webhook is paused: resume it to redeliver`), test deliveries excepted. Another user's delivery, or none: 404 `Delivery not found`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RedeliverWebhookRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookDeliveryResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Events since a sequence number
         * @description The event log on the given channels after since, oldest first: what GET /stream (WebSocket or SSE) pushes, for clients that pull. Continue with since = next. Public channels need no credential; me needs one (401 `Channel me requires authentication`). A since past the log's last seq is answered 409 (`since N is ahead of the event log, whose last seq is H: resync, then resume from H`): no event will ever carry it. A since older than the log keeps (EVENT_RETENTION_DAYS) is answered 410 (`since N is older than the event log keeps, which starts at seq O: resync, then resume from H`). A `resync` event (sent on every channel) says a chain restarted: read its state again.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GetEventsRequest"];
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GetEventsResponse"];
                    };
                };
                /** @description Invalid parameters or missing required fields */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authentication required or token invalid */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Resource does not exist */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Wrong HTTP method (every endpoint uses POST) */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (see Retry-After) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Server-side error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The chain's RPC failed (quotes, simulations, executions) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Try again later: no execute queue on this server, or the database took longer than its statement timeout (DB_STATEMENT_TIMEOUT_MS) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "event.token_created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The token created event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.token_created";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "token_created";
                            chainId: number;
                            block: {
                                number: number;
                                hash: string;
                            };
                            removes: null;
                            data: {
                                creator: string;
                                name: string;
                                symbol: string;
                                poolType: number;
                                tokenLayerId: string;
                                pool: {
                                    supply: string;
                                    reserve: string;
                                    price: string;
                                    marketCap: string;
                                    progressBps: number;
                                    graduated: boolean;
                                    v3Pool: string | null;
                                };
                                token: string;
                                /** Format: uuid */
                                tokenId: string | null;
                                chainId: number;
                                txHash: string;
                                logIndex: number;
                                timestamp: number;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.trade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The trade event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.trade";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "trade";
                            chainId: number;
                            block: {
                                number: number;
                                hash: string;
                            };
                            removes: null;
                            data: {
                                trader: string;
                                /** @enum {string} */
                                side: "buy" | "sell";
                                mode: string;
                                venue: string;
                                tokenAmount: string;
                                usdcAmount: string;
                                price: string;
                                fees: {
                                    protocol: string;
                                    creator: string;
                                    referral: string;
                                    builder: string;
                                };
                                builder: string;
                                referral: string;
                                pool: {
                                    supply: string;
                                    reserve: string;
                                    price: string;
                                    marketCap: string;
                                    progressBps: number;
                                    graduated: boolean;
                                    v3Pool: string | null;
                                };
                                token: string;
                                /** Format: uuid */
                                tokenId: string | null;
                                chainId: number;
                                txHash: string;
                                logIndex: number;
                                timestamp: number;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.graduation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The graduation event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.graduation";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "graduation";
                            chainId: number;
                            block: {
                                number: number;
                                hash: string;
                            };
                            removes: null;
                            data: {
                                /** @enum {string} */
                                status: "graduated";
                                v3Pool: string;
                                feeTier: number;
                                pool: {
                                    supply: string;
                                    reserve: string;
                                    price: string;
                                    marketCap: string;
                                    progressBps: number;
                                    graduated: boolean;
                                    v3Pool: string | null;
                                };
                                token: string;
                                /** Format: uuid */
                                tokenId: string | null;
                                chainId: number;
                                txHash: string;
                                logIndex: number;
                                timestamp: number;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.candle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The candle event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.candle";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "candle";
                            chainId: number;
                            block: {
                                number: number;
                                hash: string;
                            };
                            removes: null;
                            data: {
                                /** @enum {number} */
                                interval: 60;
                                bucket: string;
                                open: string;
                                high: string;
                                low: string;
                                close: string;
                                volumeUsdc: string;
                                volumeToken: string;
                                trades: number;
                                token: string;
                                /** Format: uuid */
                                tokenId: string | null;
                                chainId: number;
                                txHash: string;
                                logIndex: number;
                                timestamp: number;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The balance event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.balance";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "balance";
                            chainId: number;
                            block: {
                                number: number;
                                hash: string;
                            };
                            removes: null;
                            data: {
                                address: string;
                                balance: string;
                                holdersCount: number;
                                transfer: {
                                    from: string;
                                    to: string;
                                    value: string;
                                };
                                token: string;
                                /** Format: uuid */
                                tokenId: string | null;
                                chainId: number;
                                txHash: string;
                                logIndex: number;
                                timestamp: number;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.fees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The fees event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.fees";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "fees";
                            chainId: number;
                            block: {
                                number: number;
                                hash: string;
                            };
                            removes: null;
                            data: {
                                /** @enum {string} */
                                type: "accrued" | "claimed";
                                recipient: string;
                                asset: "usdc" | string;
                                amount: string;
                                claimable?: string;
                                accrued?: string;
                                claimed?: string;
                                token: string;
                                /** Format: uuid */
                                tokenId: string | null;
                                chainId: number;
                                txHash: string;
                                logIndex: number;
                                timestamp: number;
                            } | {
                                /** @enum {string} */
                                type: "claimed";
                                recipient: string;
                                /** @enum {string} */
                                asset: "usdc";
                                amount: string;
                                claimable?: string;
                                accrued?: string;
                                claimed?: string;
                                chainId: number;
                                txHash: string;
                                logIndex: number;
                                timestamp: number;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.launch_label": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The launch label event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.launch_label";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "launch_label";
                            chainId: number;
                            block: {
                                number: number;
                                hash: string;
                            };
                            removes: null;
                            /** @description A launch label raised, its wallets changed, or withdrawn (docs/launch-report.md), of the trade that changed it (or the token's last indexed trade): removed with that block by a reorg */
                            data: {
                                /** @enum {string} */
                                label: "sniped" | "bundled" | "creator_sold" | "concentrated";
                                /** @enum {string} */
                                change: "raised" | "updated" | "withdrawn";
                                /** @description The rule, in words, with its threshold */
                                rule: string;
                                /** @description The wallets it names now (none once withdrawn) */
                                addresses: string[];
                                /** @description The wallets it named before (none when raised) */
                                previous: string[];
                                figures: {
                                    [key: string]: string | number;
                                };
                                token: string;
                                /** Format: uuid */
                                tokenId: string | null;
                                chainId: number;
                                txHash: string;
                                logIndex: number;
                                timestamp: number;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.launch_sell": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The launch sell event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.launch_sell";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "launch_sell";
                            chainId: number;
                            block: {
                                number: number;
                                hash: string;
                            };
                            removes: null;
                            /** @description The creator, a wallet it funded, or a bundle's wallet sold the token: the sell trade's place */
                            data: {
                                seller: string;
                                /** @enum {string} */
                                role: "creator" | "creator_wallet" | "bundle";
                                tokenAmount: string;
                                usdcAmount: string;
                                token: string;
                                /** Format: uuid */
                                tokenId: string | null;
                                chainId: number;
                                txHash: string;
                                logIndex: number;
                                timestamp: number;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The post event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.post";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "post";
                            chainId: null;
                            block: null;
                            removes: null;
                            data: {
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                tokenId: string;
                                /** Format: uuid */
                                userId: string;
                                parentPostId: null;
                                title: string | null;
                                content: string | null;
                                hasPoll: boolean;
                                createdAt: string;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The reply event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.reply";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "reply";
                            chainId: null;
                            block: null;
                            removes: null;
                            data: {
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                tokenId: string;
                                /** Format: uuid */
                                userId: string;
                                /** Format: uuid */
                                parentPostId: string;
                                title: string | null;
                                content: string | null;
                                hasPoll: boolean;
                                createdAt: string;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.vote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The vote event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.vote";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "vote";
                            chainId: null;
                            block: null;
                            removes: null;
                            data: {
                                /** Format: uuid */
                                tokenId: string;
                                /** Format: uuid */
                                userId: string;
                                /** @enum {string} */
                                contentType: "token" | "post" | "poll_option";
                                /** Format: uuid */
                                contentId: string;
                                /** Format: uuid */
                                pollPostId: string | null;
                                voteType: string | null;
                                weight: string;
                                at: string;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.notification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The notification event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.notification";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "notification";
                            chainId: null;
                            block: null;
                            removes: null;
                            data: {
                                /** Format: uuid */
                                id: string;
                                kind: string;
                                /** Format: uuid */
                                actorId: string | null;
                                /** Format: uuid */
                                postId: string | null;
                                /** Format: uuid */
                                tokenId: string | null;
                                createdAt: string;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.intent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The intent event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.intent";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "intent";
                            chainId: null;
                            block: null;
                            removes: null;
                            data: {
                                /** Format: uuid */
                                id: string;
                                kind: string;
                                /** @enum {string} */
                                status: "pending" | "signed" | "broadcast" | "confirmed" | "failed" | "reverted";
                                chainSlug: string;
                                transactionHash: string | null;
                                blockNumber: number | string | null;
                                errorCode: string | null;
                                errorReason: string | null;
                                at: string;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.removed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The removed event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.removed";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "removed";
                            chainId: number;
                            block: {
                                number: number;
                                hash: string;
                            };
                            removes: number;
                            data: {
                                seq: number;
                                /** @enum {string} */
                                kind: "token_created" | "trade" | "graduation" | "candle" | "balance" | "fees" | "launch_label" | "launch_sell" | "post" | "reply" | "vote" | "notification" | "intent" | "removed" | "resync";
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "event.resync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The resync event, delivered
         * @description The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "event.resync";
                        /** @description When the event was logged, ISO 8601 */
                        timestamp: string;
                        data: {
                            seq: number;
                            createdAt: string;
                            /** @enum {string} */
                            kind: "resync";
                            chainId: number;
                            block: null;
                            removes: null;
                            /** @description The chain (chainId) restarted: what the log said of it from fromBlock on is void. Read its state again; its new events follow. Sent to every subscriber. */
                            data: {
                                /** @enum {string} */
                                reason: "chain_restart";
                                /** @description The lowest block whose events it withdraws */
                                fromBlock: number;
                                /** @description How many events of the chain it withdraws */
                                withdrawn: number;
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A test delivery (test-webhook) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen */
                    "webhook-id": string;
                    /** @description The attempt's Unix time, seconds */
                    "webhook-timestamp": string;
                    /** @description v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes> */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "webhook.test";
                        timestamp: string;
                        data: {
                            /** Format: uuid */
                            webhook_id: string;
                            message: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        SearchTokenResponse: {
            /** @enum {boolean} */
            success: true;
            token: components["schemas"]["Token"];
            freshness: components["schemas"]["Freshness"];
        };
        Token: {
            /** Format: uuid */
            id: string;
            name: string;
            symbol: string;
            slug: string;
            logo: string;
            banner_url: string;
            video_url: string;
            description: string;
            /** @description bytes32 on-chain id, 0x + 64 lowercase hex */
            token_layer_id: string;
            created_at: string;
            /** Format: uuid */
            launch_post_id: string | null;
            /** @description Top-level posts tagged with the token, outside clubs */
            total_posts_count: number;
            /** @description Those of them with media */
            total_media_count: number;
            /** @description Clubs of the token */
            groups_count: number;
            /** @description Holders on the primary chain */
            holders_count: number;
            /** @description Upvotes on the token */
            upvotes: number;
            downvotes: number;
            /** @description Sum of the upvoters' weights in whole tokens, floored */
            weighted_upvotes: number;
            weighted_downvotes: number;
            /** @description The exact weighted upvotes, token base units */
            weighted_upvotes_wei: string;
            weighted_downvotes_wei: string;
            /**
             * @description The caller's vote on the token, if any
             * @enum {string|null}
             */
            user_vote: "upvote" | "downvote" | null;
            /** @description A livestream about the token is live */
            is_live: boolean;
            hashtags: string[];
            creator: components["schemas"]["TokenCreator"];
            /** @description Address that created the token on chain */
            creator_address: string;
            /** @description USD per whole token, primary chain; 0 without a deployment */
            price: number;
            /** @description USD, primary chain; 0 without a deployment */
            market_cap: number;
            /** @description Holders summed over every chain */
            total_holder_count: number;
            is_graduated: boolean;
            verified: boolean;
            /** @description Launch labels standing on the home chain, sorted: sniped, bundled, creator_sold, concentrated (get-token-launch-report has their wallets and figures) */
            launch_labels: ("sniped" | "bundled" | "creator_sold" | "concentrated")[];
            /** @description One per indexed chain, the primary chain first */
            token_addresses: components["schemas"]["TokenAddress"][];
        };
        /** @description The user who created the token; null when the creating wallet belongs to no user of the service */
        TokenCreator: {
            /** Format: uuid */
            id: string;
            username: string;
            profile_picture: string;
        } | null;
        TokenAddress: {
            /**
             * Format: uuid
             * @description Stable id of this deployment (uuid v5 of the token id, chain id and address)
             */
            id: string;
            /** Format: uuid */
            token_id: string;
            /** @description Token contract address, EIP-55 checksummed */
            address: string;
            /** @description Shortened address for display, 0x1234…abcd */
            address_display: string;
            /** @enum {string} */
            address_type: "evm";
            /** @description ChainSlug */
            chain: string;
            /** @description Human name of the chain */
            platform_name: string;
            /** @description Always true: the deployment is registered with the launchpad (it is indexed) */
            is_registered: boolean;
            /**
             * @description Where it trades on that chain; null on a destination chain (no pool there: move it with transfer-token)
             * @enum {string|null}
             */
            dex_name: "Bonding curve" | "Uniswap V3" | null;
            /** @description The launchpad (bonding curve) or the Uniswap V3 pool (graduated); null where it has no pool */
            dex_address: string | null;
            /** @description Block time of the token's creation on this chain */
            created_at: string;
        };
        Freshness: {
            /** @description Last block the indexer has processed */
            indexed_block: number | null;
            /** @description Latest block of the chain, as last polled */
            chain_head: number | null;
            chain: string;
        };
        /**
         * @example {
         *       "success": false,
         *       "error": "Token not found"
         *     }
         */
        Error: {
            /** @enum {boolean} */
            success: false;
            error: string;
        };
        SearchTokenRequest: {
            /** @description Token uuid, token_layer_id (0x + 64 hex), contract address (0x + 40 hex, any indexed chain; a Solana base58 address matches nothing), upper-case symbol, slug, or part of the name */
            input: string;
        };
        GetPoolDataResponse: {
            /** @enum {boolean} */
            success: true;
            pool_data: components["schemas"]["PoolData"];
            /** @description Only on a chain the token was deployed to (a peer): why it has no pool, trades or candles there, e.g. `No pool on bnb-testnet: the token is deployed there and trades on its home chain, base-sepolia` */
            reason?: string;
            freshness: components["schemas"]["Freshness"];
        };
        /** @description null while the token has no indexed deployment, and on a chain it was deployed to without a pool (see reason) */
        PoolData: {
            chain: string;
            token_address: string;
            pool_type: {
                id: number;
                /** @description meme (7) or startup-preseed (8) */
                name: string;
            };
            /** @enum {string} */
            venue: "bonding_curve" | "uniswap_v3";
            /** @description Curve supply before graduation, total supply after; token wei */
            supply: string;
            /** @description supply in whole tokens */
            supply_tokens: number;
            /** @description Curve USDC reserve, USDC base units (0 once graduated) */
            reserve: string;
            reserve_usd: number;
            /** @description Reserve weight, parts per million */
            weight_ppm: number;
            /** @description Reserve weight as a fraction */
            weight: number;
            /** @description S0, token wei */
            virtual_supply: string;
            /** @description R0, USDC base units */
            virtual_reserve: string;
            /** @description Curve supply at which the token graduates, token wei */
            migration_supply: string;
            migration_supply_tokens: number;
            /** @description Token wei still to be bought before graduation */
            remaining_to_graduation: string;
            /** @description USD per whole token × 1e18 */
            price: string;
            price_usd: number;
            /** @description USDC base units */
            market_cap: string;
            market_cap_usd: number;
            /** @description Graduation progress, 0 to 10000 */
            progress_bps: number;
            /** @description Graduation progress, 0 to 100 */
            progress_percent: number;
            is_graduated: boolean;
            /** @description The token's referral: an approved referrer its creator named at creation, permanent; null for none */
            referral: string | null;
            /** @description Swap fees of the graduated token's locked V3 position collected so far (collectPoolFees), creator's and protocol's parts together */
            collected_pool_fees: {
                /** @description USDC base units */
                usdc: string;
                usd: number;
                /** @description Token wei */
                tokens: string;
                tokens_whole: number;
            };
            trade_fee_bps: number;
            /** @description Creator's share of each fee, in bps of the whole fee (attribution never reduces it) */
            creator_share_bps: number;
            /** @description Uniswap V3 fee tier at graduation, hundredths of a bip */
            dex_fee_tier: number;
            /** @description Tokens seeded into Uniswap V3 at graduation, token wei */
            dex_supply: string;
            /** @description USDC seeded into Uniswap V3 at graduation, USDC base units */
            dex_reserve: string;
            /** @description Set once graduated */
            v3_pool: {
                address: string | null;
                /** @description hundredths of a bip */
                fee_tier: number | null;
                /** @description Q64.96, as the pool reports it (token0/token1 order) */
                sqrt_price_x96: string | null;
                tick: number | null;
                liquidity: string | null;
                /** @description The launchpad's locked position NFT */
                position_id: string | null;
                usdc_is_token0: boolean;
            } | null;
            updated_block: number;
        } | null;
        GetPoolDataRequest: {
            /** Format: uuid */
            tokenId: string;
            /**
             * @description Chain of the deployment to read: its home chain or a chain it was deployed to (a peer: holdings and moves, no pool); default: the chain the token was created for, else its first deployment
             * @enum {string}
             */
            chainSlug?: "solana-devnet" | "base" | "base-sepolia" | "avalanche" | "bnb" | "bnb-testnet" | "unichain" | "unichain-testnet" | "abstract" | "polygon" | "zkSync" | "zkSync-testnet";
        };
        GetTokensResponse: {
            /** @enum {boolean} */
            success: true;
            tokens: (components["schemas"]["TokenListItem"] & {
                /** @description USD traded in the last 24 h */
                volume_24h: number;
            })[];
            /** @description Tokens matching the filters */
            total: number;
            freshness: components["schemas"]["Freshness"];
        };
        TokenListItem: {
            /** Format: uuid */
            id: string;
            name: string;
            symbol: string;
            slug: string;
            logo: string;
            /** @description Address on the primary chain, EIP-55 */
            contract_address: string | null;
            chain: string;
            holders_count: number;
            /** @description 0 until voting exists */
            upvote_count: number;
            /** @description 0 until voting exists */
            downvote_count: number;
            creator: components["schemas"]["TokenCreator"];
            /** @description USD per whole token */
            price: number;
            /** @description USD */
            market_cap: number;
            is_graduated: boolean;
            verified: boolean;
            /** @description Launch labels standing on the home chain, sorted: sniped, bundled, creator_sold, concentrated (get-token-launch-report has their wallets and figures) */
            launch_labels: ("sniped" | "bundled" | "creator_sold" | "concentrated")[];
            hashtags: string[];
            created_at: string;
        };
        GetTokensRequest: {
            /**
             * @description trending: USDC volume of the last 24 h; new: creation time; popular: holders; top_posts: posts (none yet), then all-time volume
             * @enum {string}
             */
            filter: "trending" | "new" | "popular" | "top_posts";
            /** @default 20 */
            limit?: number;
            /** @default 0 */
            offset?: number;
            /** @description Only tokens with this hashtag (with or without #, any case) */
            hashtag_name?: string;
            /** @default false */
            verified_only?: boolean;
            /**
             * @description new: on the bonding curve below 80% of its migration supply; graduating: on the curve at or above it; graduated: on Uniswap V3. Default: every stage
             * @enum {string}
             */
            stage?: "new" | "graduating" | "graduated";
        };
        SearchResponse: {
            /** @enum {boolean} */
            success: true;
            results: {
                tokens: (components["schemas"]["TokenListItem"] & (Record<string, never> | null))[];
                users: components["schemas"]["UserSummary"][];
                /** @description Posts outside clubs */
                posts: components["schemas"]["Post"][];
            };
            freshness: components["schemas"]["Freshness"];
        };
        UserSummary: {
            /** Format: uuid */
            id: string;
            username: string;
            profile_picture: string;
        } | null;
        Post: {
            /** Format: uuid */
            id: string;
            title: string;
            content: string;
            /** Format: uuid */
            user_id: string;
            user: components["schemas"]["UserSummary"];
            created_at: string;
            /** Format: uuid */
            parent_post_id: string | null;
            /** Format: uuid */
            club_id: string | null;
            /** Format: uuid */
            topic_id: string | null;
            /** Format: uuid */
            tagged_coin_id: string | null;
            media: (components["schemas"]["MediaItem"] & {
                order_index: number;
            })[];
            poll: components["schemas"]["Poll"];
            upvote_count: number;
            downvote_count: number;
            /** @description Sum of upvote weights, whole tokens */
            weighted_upvotes: number;
            /** @description Sum of downvote weights, whole tokens */
            weighted_downvotes: number;
            /** @description The same in token base units */
            weighted_upvotes_wei: string;
            weighted_downvotes_wei: string;
            reply_count: number;
            /** @description Ranking score of get-posts-2 (docs/decisions.md, Social: Ranking) */
            score: number;
            /**
             * @description The caller's vote on the post
             * @enum {string|null}
             */
            user_vote: "upvote" | "downvote" | null;
            tips: components["schemas"]["PostTips"];
        } | null;
        MediaItem: {
            /** @description URL of the image, video or link */
            media: string;
            /**
             * @default image
             * @enum {string}
             */
            media_type?: "image" | "video" | "gif" | "link";
            /** @description Display order; default the array position */
            order_index?: number;
            alt_text?: string;
            preview_image_url?: string;
            link_title?: string;
            link_description?: string;
            link_domain?: string;
        };
        Poll: {
            question: string;
            is_weighted: boolean;
            /**
             * Format: uuid
             * @description Token whose snapshot balances weigh the votes
             */
            voting_token_id: string | null;
            /** @description Indexed block of the balance snapshot */
            snapshot_block: number | null;
            options: components["schemas"]["PollOption"][];
            /**
             * Format: uuid
             * @description The option the caller voted for
             */
            user_vote_option_id: string | null;
        } | null;
        PollOption: {
            /**
             * Format: uuid
             * @description Vote on it with content_type poll_option, content_id = this id, post_id = the post
             */
            id: string;
            /** @description The id the creator sent */
            key: string;
            text: string;
            emoji: string;
            upvotes: number;
            downvotes: number;
            /** @description Sum of upvote weights, whole tokens */
            weighted_upvotes: number;
            /** @description Sum of downvote weights, whole tokens */
            weighted_downvotes: number;
            /** @description The same in token base units */
            weighted_upvotes_wei: string;
            weighted_downvotes_wei: string;
        };
        PostTips: {
            /** @description Tips whose transfer is confirmed on chain */
            count: number;
            /** @description Per chain and asset */
            totals: {
                chain: string;
                /**
                 * Format: uuid
                 * @description The launched token; null: USDC
                 */
                token_id: string | null;
                symbol: string;
                /** @description Whole units (decimal string) */
                amount: string;
                amount_base_units: string;
                count: number;
            }[];
        };
        SearchRequest: {
            query: string;
            /**
             * @default all
             * @enum {string}
             */
            type?: "all" | "tokens" | "users" | "posts";
            /**
             * @description Per result kind
             * @default 20
             */
            limit?: number;
        };
        TagCoinResponse: {
            /** @enum {boolean} */
            success: true;
            /** Format: uuid */
            token_id: string;
            slug: string;
            /** @description All of the token's hashtags, lower case without #, sorted */
            hashtags: string[];
        };
        TagCoinRequest: {
            slug: string;
            /** @description Hashtags to add (creator only); omit to read the token's hashtags */
            tags?: string[];
        };
        GetTokenCandlesResponse: {
            /** @enum {boolean} */
            success: true;
            interval: string;
            chain: string | null;
            /** @description Oldest first; only buckets with trades (no gap filling) */
            candles: components["schemas"]["Candle"][];
            /** @description Only on a chain the token was deployed to (a peer): why it has no pool, trades or candles there, e.g. `No pool on bnb-testnet: the token is deployed there and trades on its home chain, base-sepolia` */
            reason?: string;
            freshness: components["schemas"]["Freshness"];
        };
        Candle: {
            /** @description Bucket start, ISO 8601 */
            time: string;
            /** @description Bucket start, unix seconds */
            timestamp: number;
            /** @description USD per whole token */
            open: number;
            high: number;
            low: number;
            close: number;
            volume_usd: number;
            /** @description whole tokens */
            volume_tokens: number;
            /** @description USDC base units */
            volume_usdc: string;
            /** @description token wei */
            volume_token: string;
            trades: number;
        };
        GetTokenCandlesRequest: {
            /** Format: uuid */
            tokenId: string;
            /**
             * @default 1h
             * @enum {string}
             */
            interval?: "1m" | "5m" | "1h" | "1d";
            /**
             * Format: date-time
             * @description ISO 8601; candles whose bucket starts at or after the bucket of this time
             */
            from?: string;
            /**
             * Format: date-time
             * @description ISO 8601; candles whose bucket starts at or before this time
             */
            to?: string;
            /**
             * @description The most recent candles within the range
             * @default 200
             */
            limit?: number;
            /**
             * @description Chain of the deployment to read: its home chain or a chain it was deployed to (a peer: holdings and moves, no pool); default: the chain the token was created for, else its first deployment
             * @enum {string}
             */
            chainSlug?: "solana-devnet" | "base" | "base-sepolia" | "avalanche" | "bnb" | "bnb-testnet" | "unichain" | "unichain-testnet" | "abstract" | "polygon" | "zkSync" | "zkSync-testnet";
        };
        GetTokenHoldersResponse: {
            /** @enum {boolean} */
            success: true;
            chain: string | null;
            holders: {
                rank: number;
                address: string;
                /** @description token wei */
                balance: string;
                balance_tokens: number;
                /** @description Share of the supply (curve supply before graduation), 0 to 100 */
                percent_of_supply: number;
                /** @description The token's Uniswap V3 pool */
                is_pool: boolean;
                /** @description The user whose wallet it is */
                user: {
                    /** Format: uuid */
                    id: string;
                    username: string;
                } | null;
            }[];
            /** @description Holders with a balance above zero */
            total: number;
            pagination: components["schemas"]["Pagination"];
            freshness: components["schemas"]["Freshness"];
        };
        Pagination: {
            limit: number;
            offset: number;
            has_more: boolean;
        };
        GetTokenHoldersRequest: {
            /** Format: uuid */
            tokenId: string;
            /** @default 20 */
            limit?: number;
            /** @default 0 */
            offset?: number;
            /**
             * @description Chain of the deployment to read: its home chain or a chain it was deployed to (a peer: holdings and moves, no pool); default: the chain the token was created for, else its first deployment
             * @enum {string}
             */
            chainSlug?: "solana-devnet" | "base" | "base-sepolia" | "avalanche" | "bnb" | "bnb-testnet" | "unichain" | "unichain-testnet" | "abstract" | "polygon" | "zkSync" | "zkSync-testnet";
        };
        GetTokenTradesResponse: {
            /** @enum {boolean} */
            success: true;
            chain: string | null;
            trades: {
                /** @description <chainId>-<txHash>-<logIndex> */
                id: string;
                /** @enum {string} */
                side: "buy" | "sell";
                /** @description buy_exact_in, buy_exact_out, sell_exact_in, sell_exact_out, dex_buy, dex_sell */
                mode: string;
                /** @description bonding_curve or uniswap_v3 */
                venue: string;
                trader: string;
                /** @description token wei */
                token_amount: string;
                token_amount_tokens: number;
                /** @description USDC base units the trader paid (buy, fee included) or received (sell) */
                usdc_amount: string;
                amount_usd: number;
                /** @description Pool price after the trade, USD per whole token × 1e18 */
                price: string;
                price_usd: number;
                /** @description Total fee, USDC base units */
                fee_usdc: string;
                fee_usd: number;
                tx_hash: string;
                log_index: number;
                block_number: number;
                /** @description Block time, ISO 8601 */
                timestamp: string;
            }[];
            total: number;
            pagination: components["schemas"]["Pagination"];
            freshness: components["schemas"]["Freshness"];
            /** @description Only on a chain the token was deployed to (a peer): why it has no pool, trades or candles there, e.g. `No pool on bnb-testnet: the token is deployed there and trades on its home chain, base-sepolia` */
            reason?: string;
        };
        GetTokenTradesRequest: {
            /** Format: uuid */
            tokenId: string;
            /** @default 20 */
            limit?: number;
            /** @default 0 */
            offset?: number;
            /**
             * @description Chain of the deployment to read: its home chain or a chain it was deployed to (a peer: holdings and moves, no pool); default: the chain the token was created for, else its first deployment
             * @enum {string}
             */
            chainSlug?: "solana-devnet" | "base" | "base-sepolia" | "avalanche" | "bnb" | "bnb-testnet" | "unichain" | "unichain-testnet" | "abstract" | "polygon" | "zkSync" | "zkSync-testnet";
        };
        GetTokenActivityResponse: components["schemas"]["TokenActivity"] & {
            /** @enum {boolean} */
            success: true;
        };
        TokenActivityEntry: {
            /** @enum {string} */
            kind: "trade";
            chain: string;
            tx_hash: string;
            block_number: number;
            log_index: number;
            /** @description ISO 8601, the block's time */
            timestamp: string;
            trader: string | null;
            /** @enum {string} */
            side: "buy" | "sell";
            venue: string;
            mode: string;
            /** @description token wei */
            token_amount: string;
            token_amount_tokens: number;
            /** @description USDC base units paid (buy, fee included) or received (sell) */
            usdc_amount: string;
            amount_usd: number;
            /** @description The pool's price after the trade */
            price_usd: number;
        } | {
            /** @enum {string} */
            kind: "transfer";
            chain: string;
            tx_hash: string;
            block_number: number;
            log_index: number;
            /** @description ISO 8601, the block's time */
            timestamp: string;
            from: string | null;
            to: string | null;
            /** @description token wei */
            token_amount: string;
            token_amount_tokens: number;
            /** @description The pool's price when it moved */
            price_usd: number;
        } | {
            /** @enum {string} */
            kind: "graduation";
            chain: string;
            tx_hash: string;
            block_number: number;
            log_index: number;
            /** @description ISO 8601, the block's time */
            timestamp: string;
            v3_pool: string | null;
            fee_tier: number;
        } | {
            /** @enum {string} */
            kind: "fee_collection";
            chain: string;
            tx_hash: string;
            block_number: number;
            log_index: number;
            /** @description ISO 8601, the block's time */
            timestamp: string;
            creator: string | null;
            creator_usdc: string;
            protocol_usdc: string;
            /** @description token wei */
            creator_tokens: string;
            /** @description token wei */
            protocol_tokens: string;
        } | {
            /** @enum {string} */
            kind: "fee_claim";
            chain: string;
            tx_hash: string;
            block_number: number;
            log_index: number;
            /** @description ISO 8601, the block's time */
            timestamp: string;
            recipient: string | null;
            /** @description token wei */
            token_amount: string;
            token_amount_tokens: number;
        } | {
            /** @enum {string} */
            kind: "move_sent";
            chain: string;
            tx_hash: string;
            block_number: number;
            log_index: number;
            /** @description ISO 8601, the block's time */
            timestamp: string;
            from: string | null;
            /** @description Where it went (null: a LayerZero endpoint the service does not know) */
            to_chain: string | null;
            /** @description token wei that left this chain (locked at home, burned elsewhere) */
            token_amount: string;
            token_amount_tokens: number;
            /** @description The LayerZero message: the move_received of the same guid is its other leg */
            guid: string;
        } | {
            /** @enum {string} */
            kind: "move_received";
            chain: string;
            tx_hash: string;
            block_number: number;
            log_index: number;
            /** @description ISO 8601, the block's time */
            timestamp: string;
            to: string | null;
            /** @description Where it came from */
            from_chain: string | null;
            /** @description token wei that arrived (unlocked at home, minted elsewhere) */
            token_amount: string;
            token_amount_tokens: number;
            guid: string;
        };
        CursorPagination: {
            limit: number;
            has_more: boolean;
            /** @description Pass as cursor for the next page; null on the last */
            next_cursor: string | null;
        };
        TokenActivity: {
            /** Format: uuid */
            token_id: string;
            /** @description Newest first */
            activity: components["schemas"]["TokenActivityEntry"][];
            pagination: components["schemas"]["CursorPagination"];
            freshness: components["schemas"]["Freshness"];
        };
        GetTokenActivityRequest: {
            /** Format: uuid */
            tokenId: string;
            /**
             * @description One chain the token is on (its home chain or one it was deployed to); default: every chain
             * @enum {string}
             */
            chainSlug?: "solana-devnet" | "base" | "base-sepolia" | "avalanche" | "bnb" | "bnb-testnet" | "unichain" | "unichain-testnet" | "abstract" | "polygon" | "zkSync" | "zkSync-testnet";
            /** @default 20 */
            limit?: number;
            /** @description pagination.next_cursor of the page before */
            cursor?: string;
        };
        GetTokenLaunchReportResponse: components["schemas"]["LaunchReport"] & {
            /** @enum {boolean} */
            success: true;
        };
        LaunchLabel: {
            /** @enum {string} */
            label: "sniped" | "bundled" | "creator_sold" | "concentrated";
            /** @description The rule that raised it, with its threshold */
            rule: string;
            /** @description The wallets that raised it */
            addresses: string[];
            /** @description The figures behind it */
            figures: {
                [key: string]: string | number;
            };
        };
        LaunchReport: {
            /** Format: uuid */
            token_id: string;
            chain: string;
            contract_address: string;
            created_block: number;
            created_at: string;
            /** @description token wei */
            supply: string;
            rules: {
                window_seconds: number;
                snipe_blocks: number;
                funding_lookback_seconds: number;
                concentrated_pct: number;
            };
            /** @description What funding was read from the chain: USDC Transfer logs always; the native coin when the chain's RPC serves trace_filter */
            funding_assets: ("usdc" | "native")[];
            /** @description The launch window's end: buys up to it are early */
            window_ends_at: string;
            /** @description The wallets whose first buy was in the launch window, the creator left out; earliest first */
            early_buyers: {
                address: string;
                first_buy_block: number;
                first_buy_at: string;
                /** @description token wei bought in the window */
                bought: string;
                bought_usd: number;
                /** @description Percent of the supply (every holder's balance summed), two decimals */
                bought_pct: number;
                /** @description token wei sold since, at any time */
                sold: string;
                /** @description token wei */
                held: string;
                /** @description Percent of the supply (every holder's balance summed), two decimals */
                held_pct: number;
                /** @description Who sent it USDC in the lookback before its first buy */
                funded_by: string[];
            }[];
            bundles: {
                wallets: string[];
                /** @description The funders they share (or block:<n>, the creation's block) */
                sources: string[];
                /** @description token wei */
                bought: string;
                /** @description Percent of the supply (every holder's balance summed), two decimals */
                bought_pct: number;
                /** @description token wei */
                held: string;
                /** @description Percent of the supply (every holder's balance summed), two decimals */
                held_pct: number;
            }[];
            creator: {
                address: string;
                /** @description token wei */
                held: string;
                /** @description Percent of the supply (every holder's balance summed), two decimals */
                held_pct: number;
                /** @description Wallets the creator sent USDC or the native coin before their first trade of the token */
                wallets: {
                    address: string;
                    /** @description USDC the creator sent it */
                    funded_usd: number;
                    /** @description The native coin the creator sent it, wei */
                    funded_native: string;
                    /** @description token wei */
                    held: string;
                    /** @description Percent of the supply (every holder's balance summed), two decimals */
                    held_pct: number;
                }[];
                /** @description Every sell of the creator and its wallets */
                sells: {
                    address: string;
                    block: number;
                    at: string;
                    tx_hash: string;
                    /** @description token wei */
                    tokens: string;
                    tokens_amount: number;
                    usd: number;
                }[];
            };
            concentration: {
                /** @description Addresses holding the token on this chain now, its pool's included */
                holders: number;
                /** @description Percent of the supply (every holder's balance summed), two decimals */
                top10_pct: number;
                /** @description Not the launchpad, the token's pool or its own contract */
                top10: {
                    address: string;
                    /** @description token wei */
                    balance: string;
                    /** @description Percent of the supply (every holder's balance summed), two decimals */
                    pct: number;
                }[];
                /** @description Held by wallets whose first indexed activity was this token */
                fresh_wallets_pct: number;
                /** @description The holder count (as `holders`: every address holding the token on this chain, its pool's included) over time, from 0 at the creation block: at most 200 samples evenly spaced in blocks up to the token's last event, each the count after the last change at or before it, with that change's block */
                holders_over_time: {
                    block: number;
                    at: string;
                    holders: number;
                }[];
            };
            /** @description What the early buyers held together after each block that changed it (their trades, transfers and moves between chains), from 0 at the creation block; at most 200 points, evenly spaced, the last kept */
            early_holdings: {
                block: number;
                at: string;
                /** @description token wei */
                held: string;
                /** @description Percent of the supply (every holder's balance summed), two decimals */
                held_pct: number;
            }[];
            labels: components["schemas"]["LaunchLabel"][];
            freshness: components["schemas"]["Freshness"];
        };
        GetTokenLaunchReportRequest: {
            /** Format: uuid */
            tokenId: string;
            /**
             * @description The token's home chain, where it launched (default)
             * @enum {string}
             */
            chainSlug?: "solana-devnet" | "base" | "base-sepolia" | "avalanche" | "bnb" | "bnb-testnet" | "unichain" | "unichain-testnet" | "abstract" | "polygon" | "zkSync" | "zkSync-testnet";
        };
        GetTokenStatsResponse: components["schemas"]["TokenStats"] & {
            /** @enum {boolean} */
            success: true;
        };
        TokenStatsWindow: {
            /** @enum {string} */
            window: "5m" | "1h" | "6h" | "24h";
            /** @description From the price at the window's start to the price now, percent, rounded toward zero to 0.01 */
            price_change_pct: number | null;
            /** @description The price at the window's start */
            open_price_usd: number | null;
            /** @description USDC base units traders paid (buys, fee included) or received (sells) */
            volume_usdc: string;
            volume_usd: number;
            trades: number;
            buys: number;
            sells: number;
            unique_traders: number;
            unique_buyers: number;
            unique_sellers: number;
        };
        TokenStats: {
            /** Format: uuid */
            token_id: string;
            chain: string;
            /** @description The pool's price now; null while the token has no indexed pool */
            price_usd: number | null;
            /** @description The indexed block the windows end at, and its time */
            as_of: {
                block: number;
                timestamp: string;
            } | null;
            /** @description 5m, 1h, 6h and 24h, each ending at as_of */
            windows: components["schemas"]["TokenStatsWindow"][];
            /** @description The launch fee's schedule and what its window collected; null for a pool type without one */
            launch_fee: {
                /** @description A curve trade's fee at the token's creation */
                start_bps: number;
                /** @description The pool type's trade fee, which the launch fee falls to */
                base_bps: number;
                /** @description The fee of a curve trade sent now (the next block's) */
                bps_now: number;
                /** @description ISO 8601: the token's creation */
                starts_at: string;
                /** @description ISO 8601: when the fee has fallen to base_bps */
                ends_at: string;
                /** @description USDC base units trades paid above the trade fee in the window, all the protocol's */
                collected_usdc: string;
                collected_usd: number;
            } | null;
            freshness: components["schemas"]["Freshness"];
            /** @description Only on a chain the token was deployed to (a peer): why it has no pool, trades or candles there, e.g. `No pool on bnb-testnet: the token is deployed there and trades on its home chain, base-sepolia` */
            reason?: string;
        };
        GetTokenStatsRequest: {
            /** Format: uuid */
            tokenId: string;
            /**
             * @description Chain of the deployment to read: its home chain or a chain it was deployed to (a peer: holdings and moves, no pool); default: the chain the token was created for, else its first deployment
             * @enum {string}
             */
            chainSlug?: "solana-devnet" | "base" | "base-sepolia" | "avalanche" | "bnb" | "bnb-testnet" | "unichain" | "unichain-testnet" | "abstract" | "polygon" | "zkSync" | "zkSync-testnet";
        };
        TradeTokenResponse: {
            /** @enum {boolean} */
            success: true;
            /** @description True once the service's own execution (autoExecute) is confirmed on chain */
            executed: boolean;
            /** @description The executed transaction; null without autoExecute */
            transactionHash: string | null;
            /** @description autoExecute: the intent to poll with get-intent-status */
            intentId?: string | null;
            /**
             * @description autoExecute: the intent's status when the answer was made
             * @enum {string|null}
             */
            status?: "pending" | "signed" | "broadcast" | "confirmed" | "reverted" | "failed" | null;
            /** @description autoExecute: every intent of the request, prerequisites first */
            intents?: components["schemas"]["Intent"][];
            /** @description True when an idempotencyKey already used answered this request */
            replayed?: boolean;
            transaction: components["schemas"]["PreparedTransaction"];
            /** @description Transactions to send first, in order: a USDC approve to the launchpad when the allowance is short (absent on a replayed autoExecute) */
            approvals?: components["schemas"]["PreparedTransaction"][];
            quote?: components["schemas"]["Quote"];
            /** @description autoExecute: times the trade was quoted again because the market moved before it was sent */
            requotes?: number;
            trade?: {
                /** @enum {string} */
                mode: "buyExactIn" | "buyExactOut" | "sellExactIn" | "sellExactOut";
                userAddress: string;
                amountBaseUnits: string;
                slippageBps: number;
                /** @description min out (exact-in, rounded down) or max in (exact-out, rounded up) */
                boundBaseUnits: string;
                /** @description Unix seconds */
                deadline: number;
            };
        };
        Intent: {
            id: string;
            /** @description create_token, trade, approval or transaction */
            kind: string;
            /** @enum {string} */
            status: "pending" | "signed" | "broadcast" | "confirmed" | "reverted" | "failed";
            chainSlug: string;
            chainId: number;
            from: string;
            to: string;
            /** @description Wei, decimal string */
            value: string;
            /** @description The intent that must confirm first (an approval) */
            afterIntentId: string | null;
            /** @description Known once signed */
            transactionHash: string | null;
            blockNumber: number | null;
            gasUsed: string | null;
            /** @description INSUFFICIENT_BALANCE, TRANSACTION_FAILED, … */
            errorCode: string | null;
            /** @description The decoded revert reason */
            errorReason: string | null;
            /** @description Failed or reverted because the market moved under it (slippage bound, deadline): sending again may run */
            retryable: boolean;
            createdAt: string;
            updatedAt: string;
        };
        PreparedTransaction: {
            to: string;
            data: string;
            /** @description Wei, decimal string */
            value: string;
            /** @description Decimal string */
            gasLimit: string;
            /** @enum {string} */
            chain: "solana-devnet" | "base" | "base-sepolia" | "avalanche" | "bnb" | "bnb-testnet" | "unichain" | "unichain-testnet" | "abstract" | "polygon" | "zkSync" | "zkSync-testnet";
        };
        /** @description Absent on a replayed autoExecute */
        Quote: {
            /** @enum {string} */
            mode: "buyExactIn" | "buyExactOut" | "sellExactIn" | "sellExactOut";
            /** @enum {string} */
            direction: "buy" | "sell";
            /** @enum {string} */
            protocol: "bonding_curve" | "uniswap_v3";
            isGraduated: boolean;
            /** @description Whether the trade takes the curve to its migration supply (graduating the token) */
            graduates: boolean;
            /** @description True for a buy that crosses graduation: its Uniswap V3 remainder is estimated on the position graduation seeds (x·y=k, less the pool fee), since that pool does not exist before the transaction */
            estimated: boolean;
            /** @enum {string} */
            inputToken: "usdc" | "token";
            /** @enum {string} */
            outputToken: "usdc" | "token";
            /** @description What the trader pays, launchpad fee included, in whole units (decimal string) */
            inputAmount: string;
            /** @description What the trader receives, fee deducted, in whole units (decimal string) */
            outputAmount: string;
            inputAmountBaseUnits: string;
            outputAmountBaseUnits: string;
            /** @description Uniswap V3 fee tier of this (best) result; null on the curve */
            feeTier: number | null;
            /** @description What the launchpad will actually do: it swaps only in the token's own pool, at its pool type's fee tier; null when that tier has no quote */
            execution: {
                feeTier: number | null;
                inputAmountBaseUnits: string;
                outputAmountBaseUnits: string;
            } | null;
            /** @description (average price excluding the launchpad fee − marginal price before) / marginal price; 0.01 = 1% */
            priceImpact: number;
            fee: {
                /** @description The pool type's trade fee, bps */
                tradeFeeBps: number;
                /** @description What the curve leg is charged, bps: the launch fee of the block the trade lands in, then tradeFeeBps */
                feeBps: number;
                /** @description The launchpad's fee in USD (decimal string) */
                amount: string;
                amountBaseUnits: string;
                protocol: string;
                creator: string;
                referral: string;
                builder: string;
                /** @description The part above the trade fee (the launch window), the protocol's, USDC base units */
                launch: string;
                /** @description Uniswap V3 pool fee (in its price), hundredths of a bip */
                poolFeeTier: number | null;
            };
            launchFee: components["schemas"]["LaunchFee"];
            legs: {
                /** @enum {string} */
                protocol: "bonding_curve" | "uniswap_v3";
                inputAmountBaseUnits: string;
                outputAmountBaseUnits: string;
                feeBaseUnits: string;
                estimated: boolean;
            }[];
            /** @description Graduated tokens: the QuoterV2 result of every fee tier (100, 500, 3000, 10000) */
            tiers: {
                feeTier: number;
                ok: boolean;
                inputAmountBaseUnits: string | null;
                outputAmountBaseUnits: string | null;
            }[];
            /** @description ISO 8601 time the quote was made */
            timestamp: string;
            /** @description Block the quote is valid at: the indexed block (curve; the chain's latest when the index is more than 3 blocks behind) or the block of the eth_call (V3) */
            block: number | null;
            /** @description How many blocks `block` was behind the chain's head when the quote was made (null when unknown) */
            stateLagBlocks: number | null;
        };
        /** @description The token's launch fee at the time the trade is quoted to land; null for a graduated token */
        LaunchFee: {
            /** @description ISO 8601: the time quoted, the earliest the trade's block can have (after the chain's head, not before now) */
            at: string;
            /** @description A curve trade's fee at that time, bps */
            bpsNow: number;
            /** @description The pool type's trade fee, which the launch fee falls to */
            baseBps: number;
            /** @description The launch fee at the token's creation, bps */
            startBps: number;
            /** @description ISO 8601: the token's creation block, when the launch fee starts */
            startsAt: string;
            /** @description ISO 8601: when the launch fee has fallen to the trade fee */
            endsAt: string;
            /** @description Whether bpsNow is above the trade fee */
            active: boolean;
        } | null;
        TradeTokenRequest: {
            /** Format: uuid */
            tokenId: string;
            chainSlug: string;
            /**
             * @description buy or sell; optional, must agree with the amount field given
             * @enum {string}
             */
            direction?: "buy" | "sell";
            /**
             * @description Alias of direction
             * @enum {string}
             */
            side?: "buy" | "sell";
            /** @description Buy exact-in: USD (USDC) to spend, fee included */
            buyAmountUSD?: number;
            /** @description Buy exact-out: whole tokens to receive */
            buyAmountToken?: number;
            /** @description Sell exact-in: whole tokens to sell */
            sellAmountToken?: number;
            /** @description Sell exact-out: USD (USDC) to receive, fee deducted */
            sellAmountUSD?: number;
            /** @description The trader (sender); default: the wallet on record */
            userAddress?: string;
            /** @description The token's referral. In create-token-transaction: must be a referrer the launchpad's owner approved (400 otherwise) and not the creator (400); it is the token's referral for good and gets 20% of every trade fee of the token, except on its own trades. In trade-token: accepted and ignored, as the launchpad ignores it (only a token's creator names its referral, so nobody can take a token's referral with a trade of their own). Default none */
            token_referral?: string;
            builder?: components["schemas"]["Builder"];
            /** @description Slippage tolerance in bps; default 100 (1%), 0–5000 */
            slippageBps?: number;
            /**
             * @description Default false. True: the service executes with the custodial wallet on record (userAddress must then be absent or equal it) and waits up to 10 s for the final state
             * @default false
             */
            autoExecute?: boolean;
            /** @description With autoExecute: a key of the client's choosing (default a fresh uuid); a request that reuses it executes nothing new and answers the first one's execution */
            idempotencyKey?: string;
        };
        /** @description Builder attribution: paid out of the protocol's part of the launchpad's fee, so the trader pays the same with or without it and the creator's share never shrinks */
        Builder: {
            /** @description Receives the builder fee. Must be a builder the launchpad's owner approved (400 otherwise) and not the trader (400) */
            address: string;
            /** @description Builder fee in bps of the trade's USDC amount, 0–50 and at most the builder's approved maximum (400 otherwise); paid out of the protocol's part of the trade fee */
            feeBps: number;
        };
        QuoteTokenResponse: {
            /** @enum {boolean} */
            success: true;
            quote: components["schemas"]["Quote"];
        };
        QuoteTokenRequest: {
            /** Format: uuid */
            tokenId: string;
            chainSlug: string;
            /**
             * @default sell
             * @enum {string}
             */
            direction?: "buy" | "sell";
            /**
             * @description In units of inputToken: whole tokens or USD
             * @default 1
             */
            amount?: number;
            /**
             * @description The unit of amount. buy+usdc = buy exact-in (spend USD), buy+token = buy exact-out (receive tokens), sell+token = sell exact-in, sell+usdc = sell exact-out (receive USD)
             * @default token
             * @enum {string}
             */
            inputToken?: "token" | "usdc";
        };
        CreateTokenResponse: {
            /** @enum {boolean} */
            success: true;
            /** @description True once the service's own execution (autoExecute) is confirmed on chain */
            executed: boolean;
            /** @description The executed transaction; null without autoExecute */
            transactionHash: string | null;
            /** @description autoExecute: the intent to poll with get-intent-status */
            intentId?: string | null;
            /**
             * @description autoExecute: the intent's status when the answer was made
             * @enum {string|null}
             */
            status?: "pending" | "signed" | "broadcast" | "confirmed" | "reverted" | "failed" | null;
            /** @description autoExecute: every intent of the request, prerequisites first */
            intents?: components["schemas"]["Intent"][];
            /** @description True when an idempotencyKey already used answered this request */
            replayed?: boolean;
            chainId: number;
            transaction: {
                to: string;
                data: string;
                /** @description Wei, decimal string */
                value: string;
                /** @description Decimal string */
                gasLimit: string;
            };
            metadata: {
                tokenUri: string;
                tokenId: string;
                name: string;
                symbol: string;
                slug: string;
                description: string;
                hubUrl: string;
                addresses: {
                    evm: string;
                    solana: string;
                };
                token_layer_id: string;
                /** @description One entry per destination chain asked for (the home chain excluded), none dropped */
                deployments: {
                    /** @description A destination ChainSlug */
                    chain: string;
                    /**
                     * @description pending until the service has deployed the token's peer there
                     * @enum {string}
                     */
                    status: "pending" | "deployed" | "not_deployed";
                    /** @description The token's address there (null where it is not deployed) */
                    address: string | null;
                    /** @description Why it is not deployed there */
                    reason: string | null;
                }[];
            };
        };
        CreateTokenRequest: {
            name: string;
            symbol: string;
            description: string;
            /** @description An http(s) URL or a base64 data:image/ URI (PNG, JPEG, GIF, WEBP or SVG, checked by magic bytes, at most 5 MB); data URIs are stored content-addressed and referenced as ipfs://<cid> */
            image: string;
            chainSlug: string;
            /** @description An http(s) URL or a base64 data:image/ URI (PNG, JPEG, GIF, WEBP or SVG, checked by magic bytes, at most 5 MB); data URIs are stored content-addressed and referenced as ipfs://<cid> */
            banner?: string;
            /** @description An http(s) URL or a base64 data:video/ URI (MP4 or WebM, checked by magic bytes, at most 20 MB, within the request body limit) */
            video?: string;
            links?: {
                /** Format: uri */
                website?: string;
                /** Format: uri */
                twitter?: string;
                /** Format: uri */
                youtube?: string;
                /** Format: uri */
                discord?: string;
                /** Format: uri */
                telegram?: string;
            };
            /** @description Chains the token is deployed to besides chainSlug (which is excluded), as a LayerZero OFT peer; default base-sepolia, bnb-testnet, solana-devnet. Each is answered in metadata.deployments: pending (deployed once the token is indexed on its home chain) or not_deployed with the reason */
            destinationChains?: ("solana-devnet" | "base" | "base-sepolia" | "avalanche" | "bnb" | "bnb-testnet" | "unichain" | "unichain-testnet" | "abstract" | "polygon" | "zkSync" | "zkSync-testnet")[];
            /**
             * @description meme (7, default) or startup-preseed (8)
             * @enum {string}
             */
            poolType?: "meme" | "startup-preseed";
            /** @description The creator, who must send the transaction; default the wallet on record */
            userAddress?: string;
            builder?: components["schemas"]["Builder"];
            /** @description The token's referral. In create-token-transaction: must be a referrer the launchpad's owner approved (400 otherwise) and not the creator (400); it is the token's referral for good and gets 20% of every trade fee of the token, except on its own trades. In trade-token: accepted and ignored, as the launchpad ignores it (only a token's creator names its referral, so nobody can take a token's referral with a trade of their own). Default none */
            token_referral?: string;
            /** @description Hashtags, with or without # */
            tags?: string[];
            /**
             * @description Only "coin"
             * @enum {string}
             */
            type?: "coin";
            /**
             * @description Default false. True: the service executes with the custodial wallet on record (userAddress must then be absent or equal it) and waits up to 10 s for the final state
             * @default false
             */
            autoExecute?: boolean;
            /** @description With autoExecute: a key of the client's choosing (default a fresh uuid); a request that reuses it executes nothing new and answers the first one's execution */
            idempotencyKey?: string;
        };
        GetIntentStatusResponse: {
            /** @enum {boolean} */
            success: true;
            intent: components["schemas"]["Intent"];
        };
        GetIntentStatusRequest: {
            /** Format: uuid */
            intentId: string;
        };
        ExecuteTransactionResponse: {
            /** @enum {boolean} */
            success: true;
            executed: boolean;
            dryRun: boolean;
            transactionHash?: string | null;
            intentId?: string;
            /** @enum {string} */
            status?: "pending" | "signed" | "broadcast" | "confirmed" | "reverted" | "failed";
            intents?: components["schemas"]["Intent"][];
            transaction: {
                from: string;
                to: string;
                /** @description Wei */
                value: string;
                data: string;
                chain: string;
            };
            /** @description dryRun only: what would happen */
            simulation?: {
                success: boolean;
                returnData: string | null;
                /** @description eth_estimateGas on the latest block */
                gasEstimate: string | null;
                /** @description The gas limit the service would sign with: the estimate plus 25% (a later block can cost more) */
                gasLimit: string | null;
                /** @description INSUFFICIENT_BALANCE or TRANSACTION_FAILED when it would fail */
                errorCode: string | null;
                /** @description The decoded revert reason */
                reason: string | null;
            };
        };
        ExecuteTransactionRequest: {
            /** @description Recipient or contract, 0x address */
            to: string;
            /** @description Value to send, in wei, as a decimal string ("0" for a plain contract call) */
            amount: string;
            chainSlug: string;
            /** @description Calldata; default 0x */
            data?: string;
            /** @description Default false. True: simulate only (eth_call + eth_estimateGas from your wallet), send nothing */
            dryRun?: boolean;
            /** @description Default a fresh uuid; a reused key executes once */
            idempotencyKey?: string;
        };
        CreatePostResponse: {
            /** @enum {boolean} */
            success: true;
            post: components["schemas"]["Post"];
        };
        CreatePostRequest: {
            title?: string;
            /** @description At most SOCIAL_MAX_CONTENT_LENGTH characters (default 5000) */
            content?: string;
            /**
             * Format: uuid
             * @description The token the post is about; a reply inherits its parent's
             */
            taggedCoinId?: string;
            pollData?: components["schemas"]["PollData"];
            mediaData?: components["schemas"]["MediaItem"][];
            /**
             * Format: uuid
             * @description Makes the post a reply; the parent must exist
             */
            parentPostId?: string;
            /** Format: uuid */
            topicId?: string;
            /**
             * Format: uuid
             * @description Posts in a club (members only); a reply inherits its parent's club
             */
            clubId?: string;
        };
        PollData: {
            question: string;
            options: {
                /** @description The client's id of the option; unique within the poll */
                id: string;
                text: string;
                emoji?: string;
            }[];
            /**
             * @description Weighted polls tally by holdings of the post's taggedCoinId at the snapshot block (taken at creation); they need a taggedCoinId
             * @default false
             */
            isWeighted?: boolean;
        };
        GetPostResponse: {
            /** @enum {boolean} */
            success: true;
            post: components["schemas"]["Post"];
        };
        PostIdRequest: {
            /** Format: uuid */
            post_id: string;
        };
        GetPostRepliesResponse: {
            /** @enum {boolean} */
            success: true;
            posts: components["schemas"]["Post"][];
            pagination: components["schemas"]["FeedPagination"];
        };
        FeedPagination: {
            limit: number;
            offset: number;
            has_more: boolean;
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        GetPostRepliesRequest: {
            /** Format: uuid */
            post_id: string;
            /** @default 20 */
            limit?: number;
            /** @default 0 */
            offset?: number;
            /** @description Opaque keyset cursor from the previous page's pagination.next_cursor. With a cursor, offset is ignored and the page continues exactly after the last post seen, even while new posts arrive. */
            cursor?: string;
        };
        VoteResponse: {
            /** @enum {boolean} */
            success: true;
            vote: components["schemas"]["VoteResult"];
        };
        VoteResult: {
            /**
             * Format: uuid
             * @description The vote's id (of the removed vote when action is removed)
             */
            id: string;
            /** Format: uuid */
            content_id: string;
            /** @enum {string} */
            content_type: "token" | "post" | "livestream" | "poll_option";
            /**
             * @description created: a new vote; updated: switched type, or a poll vote moved to this option; removed: the same type again withdrew it
             * @enum {string}
             */
            action: "created" | "updated" | "removed";
            /**
             * @description The type voted (the withdrawn one when removed)
             * @enum {string}
             */
            vote_type: "upvote" | "downvote";
            /** @description Whole tokens; 0 when removed */
            weight: number;
            weight_wei: string;
            /** Format: uuid */
            voting_token_id: string | null;
            upvotes: number;
            downvotes: number;
            /** @description Sum of upvote weights, whole tokens */
            weighted_upvotes: number;
            /** @description Sum of downvote weights, whole tokens */
            weighted_downvotes: number;
            /** @description The same in token base units */
            weighted_upvotes_wei: string;
            weighted_downvotes_wei: string;
            created_at: string;
        };
        VoteRequest: {
            /** Format: uuid */
            content_id: string;
            /** @enum {string} */
            content_type: "token" | "post" | "livestream" | "poll_option";
            /** @enum {string} */
            vote_type: "upvote" | "downvote";
            /**
             * Format: uuid
             * @description Token whose indexed holdings weigh the vote. Default: the voted token, or the post's / livestream's tagged token (no token: weight 0). Poll options always use the poll's token at its snapshot block.
             */
            voting_token_id?: string;
            /**
             * Format: uuid
             * @description The poll's post; required when content_type is poll_option
             */
            post_id?: string;
        };
        TipResponse: components["schemas"]["SendTokenResponse"] & {
            /**
             * Format: uuid
             * @description The post tipped; null for a tip to a user
             */
            post_id: string | null;
            tip: components["schemas"]["TipRecord"];
        };
        /** @description The recorded tip; null while only prepared (send the transaction, then report it with transactionHash) */
        TipRecord: {
            /** Format: uuid */
            id: string;
            /**
             * @description pending while the service's transaction runs; confirmed: on chain, and counted; failed
             * @enum {string}
             */
            status: "pending" | "confirmed" | "failed";
            created_at: string;
        } | null;
        SendTokenResponse: {
            /** @enum {boolean} */
            success: true;
            recipient: {
                address: string;
                /**
                 * Format: uuid
                 * @description The user whose wallet on record it is, if any
                 */
                user_id: string | null;
                username: string | null;
            };
            asset: {
                /** @enum {string} */
                type: "usdc" | "token";
                /** Format: uuid */
                token_id: string | null;
                symbol: string;
                contract_address: string;
            };
            /** @description Whole units (decimal string) */
            amount: string;
            amountBaseUnits: string;
            executed: boolean;
            transactionHash: string | null;
            intentId?: string;
            /** @enum {string} */
            status?: "pending" | "signed" | "broadcast" | "confirmed" | "reverted" | "failed";
            intents?: components["schemas"]["Intent"][];
            replayed?: boolean;
            transaction: components["schemas"]["PreparedTransaction"];
        };
        TipRequest: {
            /**
             * Format: uuid
             * @description The launched token to send; omit to send USDC
             */
            tokenId?: string;
            chainSlug: string;
            /** @description Whole tokens, or USD for USDC (at most 18 or 6 decimals) */
            amount: number;
            /**
             * @description Default false. True: the service sends it now from your wallet on record
             * @default false
             */
            autoExecute?: boolean;
            /** @description With autoExecute: a reused key tips once */
            idempotencyKey?: string;
            /**
             * Format: uuid
             * @description Tip the author of this post (the tip shows in the post's tips)
             */
            postId?: string;
            /** @description Or tip a user: a user id or a username (with or without @). Give exactly one of postId and to */
            to?: string;
            /** @description Record a prepared tip you sent: the hash of its mined transaction (checked: exactly this transfer from your wallet on record) */
            transactionHash?: string;
        };
        GetPosts2Response: {
            /** @enum {boolean} */
            success: true;
            posts: components["schemas"]["Post"][];
            pagination: components["schemas"]["FeedPagination"] & {
                /** @description Posts in this page */
                total_returned: number;
            };
        };
        GetPosts2Request: {
            /** @default 10 */
            limit?: number;
            /** @default 0 */
            offset?: number;
            /** Format: uuid */
            token_id?: string;
            /** @description Opaque keyset cursor from the previous page's pagination.next_cursor. With a cursor, offset is ignored and the page continues exactly after the last post seen, even while new posts arrive. */
            cursor?: string;
        };
        GetTimelinePostsResponse: {
            /** @enum {boolean} */
            success: true;
            posts: components["schemas"]["Post"][];
            pagination: components["schemas"]["FeedPagination"];
        };
        GetTimelinePostsRequest: {
            /** @default 20 */
            limit?: number;
            /** @default 0 */
            offset?: number;
            /**
             * @default all
             * @enum {string}
             */
            filter?: "following" | "all";
            /** @description Opaque keyset cursor from the previous page's pagination.next_cursor. With a cursor, offset is ignored and the page continues exactly after the last post seen, even while new posts arrive. */
            cursor?: string;
        };
        GetTokenPostsResponse: {
            /** @enum {boolean} */
            success: true;
            posts: components["schemas"]["Post"][];
            /** @description Posts matching the filters */
            total: number;
            pagination: components["schemas"]["FeedPagination"];
        };
        GetTokenPostsRequest: {
            /**
             * Format: uuid
             * @description Only posts tagged with this token; default every token
             */
            token_id?: string;
            /**
             * @default timelines
             * @enum {string}
             */
            category?: "timelines" | "polls" | "media";
            /**
             * @default new
             * @enum {string}
             */
            sort?: "trending" | "new" | "popular";
            /**
             * @default all
             * @enum {string}
             */
            filter?: "following" | "all";
            /** @enum {string} */
            view_filter?: "my_posts" | "my_replies";
            /** @default 20 */
            limit?: number;
            /** @default 0 */
            offset?: number;
            /** @description Opaque keyset cursor from the previous page's pagination.next_cursor. With a cursor, offset is ignored and the page continues exactly after the last post seen, even while new posts arrive. */
            cursor?: string;
        };
        GetHashtagTokenResponse: {
            /** @enum {boolean} */
            success: true;
            token: components["schemas"]["TokenListItem"] & {
                hashtag: string;
            };
        };
        GetHashtagTokenRequest: {
            hashtag_name: string;
        };
        GetNotificationsResponse: {
            /** @enum {boolean} */
            success: true;
            notifications: components["schemas"]["Notification"][];
            unread_count: number;
            pagination: components["schemas"]["FeedPagination"];
        };
        Notification: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "reply" | "vote" | "mention" | "follow" | "graduation" | "tip" | "webhook_disabled";
            actor: components["schemas"]["UserSummary"];
            /** Format: uuid */
            post_id: string | null;
            /** Format: uuid */
            token_id: string | null;
            /** @description kind tip: what the actor sent you (for post_id, when set) */
            tip: {
                /** Format: uuid */
                id: string;
                chain: string;
                /**
                 * Format: uuid
                 * @description The launched token; null: USDC
                 */
                token_id: string | null;
                symbol: string;
                /** @description Whole units (decimal string) */
                amount: string;
                amount_base_units: string;
            } | null;
            /** @description kind webhook_disabled: your endpoint the service disabled after its deliveries kept failing, as it is now (null once deleted); update-webhook status active re-enables it */
            webhook: {
                /** Format: uuid */
                id: string;
                url: string;
                status: string;
                disabled_reason: string | null;
            } | null;
            read: boolean;
            created_at: string;
        };
        GetNotificationsRequest: {
            /** @default 20 */
            limit?: number;
            /** @default 0 */
            offset?: number;
            /** @default false */
            unread_only?: boolean;
            /** @description Opaque keyset cursor from the previous page's pagination.next_cursor. With a cursor, offset is ignored and the page continues exactly after the last post seen, even while new posts arrive. */
            cursor?: string;
        };
        MarkNotificationsReadResponse: {
            /** @enum {boolean} */
            success: true;
            marked: number;
            unread_count: number;
        };
        MarkNotificationsReadRequest: {
            /** @description The caller's notifications to mark read; omit to mark all of them read */
            notification_ids?: string[];
        };
        FollowResponse: {
            /** @enum {boolean} */
            success: true;
            /** Format: uuid */
            user_id: string;
            following: boolean;
            follower_count: number;
        };
        UserIdRequest: {
            /** Format: uuid */
            user_id: string;
        };
        FollowListResponse: {
            /** @enum {boolean} */
            success: true;
            /** Format: uuid */
            user_id: string;
            users: (components["schemas"]["UserSummary"] & {
                followed_at: string;
            })[];
            total: number;
            pagination: {
                limit: number;
                offset: number;
                has_more: boolean;
            };
        };
        FollowListRequest: {
            /**
             * Format: uuid
             * @description Default: the caller
             */
            user_id?: string;
            /** @default 20 */
            limit?: number;
            /** @default 0 */
            offset?: number;
        };
        CreateTopicResponse: {
            /** @enum {boolean} */
            success: true;
            topic: components["schemas"]["Topic"];
        };
        Topic: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string;
            /** Format: uuid */
            created_by: string;
            created_at: string;
        };
        CreateTopicRequest: {
            name: string;
            /** @default  */
            description?: string;
        };
        GetTopicsResponse: {
            /** @enum {boolean} */
            success: true;
            topics: components["schemas"]["Topic"][];
            pagination: {
                limit: number;
                offset: number;
                has_more: boolean;
            };
        };
        GetTopicsRequest: {
            query?: string;
            /** @default 20 */
            limit?: number;
            /** @default 0 */
            offset?: number;
        };
        CreateLivestreamResponse: {
            /** @enum {boolean} */
            success: true;
            livestream: components["schemas"]["Livestream"];
        };
        Livestream: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            /** Format: uuid */
            token_id: string | null;
            title: string;
            stream_url: string;
            is_live: boolean;
            upvotes: number;
            downvotes: number;
            /** @description Sum of upvote weights, whole tokens */
            weighted_upvotes: number;
            /** @description Sum of downvote weights, whole tokens */
            weighted_downvotes: number;
            /** @description The same in token base units */
            weighted_upvotes_wei: string;
            weighted_downvotes_wei: string;
            created_at: string;
        };
        CreateLivestreamRequest: {
            title: string;
            /** Format: uuid */
            token_id?: string;
            /** @default  */
            stream_url?: string;
        };
        GetLivestreamResponse: {
            /** @enum {boolean} */
            success: true;
            livestream: components["schemas"]["Livestream"];
        };
        LivestreamIdRequest: {
            /** Format: uuid */
            livestream_id: string;
        };
        ClubResponse: {
            /** @enum {boolean} */
            success: true;
            club: components["schemas"]["Club"];
        };
        Club: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string;
            /** @enum {string} */
            visibility: "public" | "holders" | "invite";
            /** Format: uuid */
            token_id: string | null;
            /** @description token base units */
            min_balance: string;
            min_balance_tokens: number;
            /** Format: uuid */
            owner_id: string;
            member_count: number;
            is_member: boolean;
            created_at: string;
        };
        CreateClubRequest: {
            name: string;
            /** @default  */
            description?: string;
            /**
             * @default public
             * @enum {string}
             */
            visibility?: "public" | "holders" | "invite";
            /**
             * Format: uuid
             * @description The token of a holders-only club (required for visibility holders)
             */
            token_id?: string;
            /** @description Whole tokens a member must hold (holders-only clubs); default any positive balance */
            min_balance?: string;
        };
        ClubIdRequest: {
            /** Format: uuid */
            club_id: string;
        };
        ClubInviteResponse: {
            /** @enum {boolean} */
            success: true;
            /** Format: uuid */
            club_id: string;
            /** Format: uuid */
            user_id: string;
            /** @description false: already invited */
            created: boolean;
        };
        ClubInviteRequest: {
            /** Format: uuid */
            club_id: string;
            /** Format: uuid */
            user_id: string;
        };
        GetClubMembersResponse: {
            /** @enum {boolean} */
            success: true;
            members: (components["schemas"]["UserSummary"] & {
                /** @enum {string} */
                role: "owner" | "member";
                joined_at: string;
            })[];
            pagination: {
                limit: number;
                offset: number;
                has_more: boolean;
            };
        };
        GetClubPostsResponse: {
            /** @enum {boolean} */
            success: true;
            posts: components["schemas"]["Post"][];
            pagination: components["schemas"]["FeedPagination"];
        };
        ClubPageRequest: {
            /** Format: uuid */
            club_id: string;
            /** @default 20 */
            limit?: number;
            /** @default 0 */
            offset?: number;
            /** @description Opaque keyset cursor from the previous page's pagination.next_cursor. With a cursor, offset is ignored and the page continues exactly after the last post seen, even while new posts arrive. */
            cursor?: string;
        };
        GetClubsResponse: {
            /** @enum {boolean} */
            success: true;
            clubs: components["schemas"]["Club"][];
            pagination: {
                limit: number;
                offset: number;
                has_more: boolean;
            };
        };
        ListClubsRequest: {
            /** Format: uuid */
            token_id?: string;
            /** @default 20 */
            limit?: number;
            /** @default 0 */
            offset?: number;
        };
        ProfileResponse: {
            /** @enum {boolean} */
            success: true;
            user: components["schemas"]["Profile"];
        };
        Profile: {
            /** Format: uuid */
            id: string;
            username: string;
            /** @description A URL, or empty */
            profile_picture: string;
            bio: string;
            /** @description The custodial wallet on record */
            wallet_address: string;
            created_at: string;
            follower_count: number;
            following_count: number;
            /** @description Whether get-user shows your holdings to others */
            show_holdings: boolean;
        };
        GetMeRequest: Record<string, never>;
        UpdateProfileRequest: {
            /** @description 3 to 30 letters, digits or _; unique without regard to case (taken: 409) */
            username?: string;
            /** @description An http(s) URL or a base64 data:image/ URI (PNG, JPEG, GIF, WEBP or SVG, checked by magic bytes, at most 5 MB); data URIs are stored content-addressed and referenced as ipfs://<cid>; "" removes the picture */
            profile_picture?: "" | string;
            /** @description At most 500 characters */
            bio?: string;
            /** @description Whether get-user shows your holdings to others (default false) */
            show_holdings?: boolean;
        };
        PublicProfileResponse: {
            /** @enum {boolean} */
            success: true;
            user: components["schemas"]["PublicProfile"];
        };
        PublicProfile: {
            /** Format: uuid */
            id: string;
            username: string;
            /** @description A URL, or empty */
            profile_picture: string;
            bio: string;
            /** @description The custodial wallet on record */
            wallet_address: string;
            created_at: string;
            follower_count: number;
            following_count: number;
            holdings_public: boolean;
            /** @description Tokens the user created, newest first (at most 20) */
            tokens: {
                /** Format: uuid */
                id: string;
                name: string;
                symbol: string;
                slug: string;
                logo: string;
                created_at: string;
            }[];
            /** @description The user's latest top-level posts outside clubs (at most 10) */
            posts: components["schemas"]["Post"][];
            /** @description The user's 20 largest holdings when they made them public (show_holdings), else null */
            holdings: components["schemas"]["PortfolioHolding"][] | null;
        };
        PortfolioHolding: {
            /**
             * Format: uuid
             * @description The token's id (tokenId in other endpoints); null if the service has no record
             */
            token_id: string | null;
            name: string;
            symbol: string;
            chain: string;
            contract_address: string;
            /** @description token wei */
            balance: string;
            balance_tokens: number;
            price_usd: number;
            /** @description USDC base units, rounded down */
            value_usdc: string;
            value_usd: number;
            is_graduated: boolean;
            /** @description Cost basis per whole token, USD */
            average_cost_usd: number;
            cost_basis: components["schemas"]["UsdcAmount"];
            realised_pnl: components["schemas"]["UsdcAmount"] & unknown;
            unrealised_pnl: components["schemas"]["UsdcAmount"] & unknown;
        };
        /** @description What the balance cost, at average cost */
        UsdcAmount: {
            /** @description USDC base units */
            usdc: string;
            usd: number;
        };
        GetUserRequest: {
            /** Format: uuid */
            user_id?: string;
            /** @description Case-insensitive */
            username?: string;
        };
        GetLeaderboardResponse: components["schemas"]["Leaderboard"] & {
            /** @enum {boolean} */
            success: true;
        };
        Leaderboard: {
            /** @enum {string} */
            board: "pnl" | "volume" | "creator_fees";
            /** @enum {string} */
            period: "24h" | "7d" | "all";
            /** @description The chains ranked over */
            chains: string[];
            entries: {
                rank: number;
                address: string;
                /** @description The user whose wallet on record it is */
                user: {
                    /** Format: uuid */
                    id: string;
                    username: string;
                    profile_picture: string;
                } | null;
                value: components["schemas"]["UsdcAmount"] & unknown;
                /** @description Trades (pnl, volume) or fee events (creator_fees) in the period */
                events: number;
            }[];
        };
        GetLeaderboardRequest: {
            /**
             * @description pnl: traders by realised PnL; volume: traders by USDC traded; creator_fees: creators by fees earned
             * @default pnl
             * @enum {string}
             */
            board?: "pnl" | "volume" | "creator_fees";
            /**
             * @default 24h
             * @enum {string}
             */
            period?: "24h" | "7d" | "all";
            /** @default 20 */
            limit?: number;
        };
        CheckTokenOwnershipResponse: components["schemas"]["TokenOwnership"] & {
            /** @enum {boolean} */
            success: true;
        };
        TokenOwnership: {
            /** @description Whether the balance is at least min_balance */
            owns: boolean;
            address: string;
            /** Format: uuid */
            token_id: string;
            chain: string;
            /** @description null while the token has no indexed deployment on the chain */
            contract_address: string | null;
            /** @description token wei */
            balance: string;
            balance_tokens: number;
            /** @description token wei */
            min_balance: string;
            /** @description The indexed block the answer is true at */
            block: number | null;
            /** @description token wei: the wallet's balance on every chain the token is on, summed (tokens on their way between chains are on neither) */
            total_balance: string;
            /** @description The wallet's balance on each chain the token is on: its home chain first, then its peers */
            balances: {
                chain: string;
                contract_address: string;
                /** @description token wei */
                balance: string;
            }[];
            freshness: components["schemas"]["Freshness"];
        };
        CheckTokenOwnershipRequest: {
            /** Format: uuid */
            tokenId: string;
            /**
             * @description Default: the token's home chain
             * @enum {string}
             */
            chainSlug?: "solana-devnet" | "base" | "base-sepolia" | "avalanche" | "bnb" | "bnb-testnet" | "unichain" | "unichain-testnet" | "abstract" | "polygon" | "zkSync" | "zkSync-testnet";
            /** @description The wallet to check; default your wallet on record */
            address?: string;
            /** @description Whole tokens (at most 18 decimals); default: any balance above zero */
            minBalance?: number;
        };
        ClaimFeesResponse: {
            /** @enum {boolean} */
            success: true;
            /** @description USDC claimable before this claim, whole USD (decimal string) */
            claimable: string;
            /** @description USDC base units */
            claimableBaseUnits: string;
            executed: boolean;
            transactionHash: string | null;
            intentId?: string;
            /** @enum {string} */
            status?: "pending" | "signed" | "broadcast" | "confirmed" | "reverted" | "failed";
            intents?: components["schemas"]["Intent"][];
            replayed?: boolean;
            transaction: components["schemas"]["PreparedTransaction"];
        };
        ClaimFeesRequest: {
            chainSlug: string;
            /**
             * @description Default false. True: the service sends the claim now
             * @default false
             */
            autoExecute?: boolean;
            /** @description With autoExecute: a reused key claims once */
            idempotencyKey?: string;
        };
        SendTokenRequest: {
            /** @description The recipient: an EVM address, a user id, or a username (with or without @) */
            to: string;
            /**
             * Format: uuid
             * @description The launched token to send; omit to send USDC
             */
            tokenId?: string;
            chainSlug: string;
            /** @description Whole tokens, or USD for USDC (at most 18 or 6 decimals) */
            amount: number;
            /** @description The sending wallet; default your wallet on record */
            userAddress?: string;
            /**
             * @description Default false. True: the service sends it now
             * @default false
             */
            autoExecute?: boolean;
            /** @description With autoExecute: a reused key sends once */
            idempotencyKey?: string;
        };
        TransferTokenResponse: {
            /** @enum {boolean} */
            success: true;
            /** Format: uuid */
            token_id: string;
            symbol: string;
            from_chain: string;
            to_chain: string;
            /** @description The sending wallet */
            from: string;
            recipient: {
                address: string;
                /**
                 * Format: uuid
                 * @description The user whose wallet on record it is, if any
                 */
                user_id: string | null;
                username: string | null;
            };
            /** @description Whole tokens (decimal string) */
            amount: string;
            /** @description token wei */
            amountBaseUnits: string;
            /** @description The token's contract on fromChain (the transaction's `to`) */
            source_contract: string;
            /** @description The token's contract on toChain */
            destination_contract: string;
            /** @description Quoted by the token's OFT (quoteSend) now */
            fee: {
                /** @description LayerZero messaging fee in wei of fromChain's native coin: the value */
                native_fee: string;
                native_fee_ether: string;
            };
            executed: boolean;
            transactionHash: string | null;
            intentId?: string;
            /** @enum {string} */
            status?: "pending" | "signed" | "broadcast" | "confirmed" | "reverted" | "failed";
            intents?: components["schemas"]["Intent"][];
            replayed?: boolean;
            transaction: components["schemas"]["PreparedTransaction"] & unknown;
        };
        TransferTokenRequest: {
            /**
             * Format: uuid
             * @description The launched token to move
             */
            tokenId: string;
            /** @description The chain it leaves: its home chain or a chain it was deployed to */
            fromChain: string;
            /** @description The chain it goes to: its home chain or a chain it was deployed to */
            toChain: string;
            /** @description Whole tokens, at most 6 decimal places (tokens travel between chains in 6 decimals) */
            amount: number;
            /** @description The recipient on toChain: an EVM address, a user id or a username; default the sender's own address */
            to?: string;
            /** @description The sending wallet; default your wallet on record */
            userAddress?: string;
            /**
             * @description Default false. True: the service sends it now
             * @default false
             */
            autoExecute?: boolean;
            /** @description With autoExecute: a reused key sends once */
            idempotencyKey?: string;
        };
        GetTransferStatusResponse: {
            /** @enum {boolean} */
            success: true;
            /**
             * @description sent: left the source chain (known from the transaction's receipt before it is indexed); verified: the destination's endpoint accepted it; delivered: credited to the recipient; failed: the transaction reverted, nothing moved; unknown: no served chain has the transaction mined, or it moved no launched token
             * @enum {string}
             */
            status: "unknown" | "sent" | "verified" | "delivered" | "failed";
            transfers: {
                guid: string;
                /** @enum {string} */
                status: "unknown" | "sent" | "verified" | "delivered" | "failed";
                from_chain: string | null;
                to_chain: string | null;
                from: string | null;
                /** @description Known once delivered */
                to: string | null;
                amount: string | null;
                amountBaseUnits: string | null;
                sent_tx: string | null;
                verified_tx: string | null;
                delivered_tx: string | null;
                sent_at: string | null;
                delivered_at: string | null;
            }[];
        };
        GetTransferStatusRequest: {
            /** @description The transfer-token transaction */
            transactionHash?: string;
            /** @description Or the move's LayerZero guid */
            guid?: string;
        };
        GetUserFeesResponse: components["schemas"]["UserFees"] & {
            /** @enum {boolean} */
            success: true;
        };
        UserFees: {
            /** @description Your wallet on record */
            address: string;
            chains: {
                chain: string;
                claimable: components["schemas"]["UsdcAmount"] & unknown;
                claimed: components["schemas"]["UsdcAmount"];
                lifetime: components["schemas"]["UsdcAmount"] & unknown;
                /** @description Lifetime by type: creator, builder and referral shares of trades; pool: graduated-pool fees */
                by_type: {
                    creator: components["schemas"]["UsdcAmount"];
                    builder: components["schemas"]["UsdcAmount"];
                    referral: components["schemas"]["UsdcAmount"];
                    pool: components["schemas"]["UsdcAmount"];
                };
            }[];
            /** @description Launch tokens credited from collected pool fees, per token */
            token_fees: {
                /** Format: uuid */
                token_id: string | null;
                symbol: string | null;
                chain: string;
                contract_address: string;
                /** @description token wei */
                claimable: string;
                claimable_tokens: number;
                /** @description token wei */
                lifetime: string;
                lifetime_tokens: number;
            }[];
        };
        GetUserFeesRequest: Record<string, never>;
        GetPortfolioResponse: components["schemas"]["Portfolio"] & {
            /** @enum {boolean} */
            success: true;
        };
        Portfolio: {
            address: string;
            /** @description Balances above zero, largest value first */
            holdings: components["schemas"]["PortfolioHolding"][];
            /** @description Value of the holdings on this page, USDC base units */
            page_value_usdc: string;
            page_value_usd: number;
            /** @description Over every token and chain, not only this page */
            totals: {
                value: components["schemas"]["UsdcAmount"];
                cost_basis: components["schemas"]["UsdcAmount"];
                realised_pnl: components["schemas"]["UsdcAmount"] & unknown;
                unrealised_pnl: components["schemas"]["UsdcAmount"];
            };
            /** @description The wallet's USDC on each chain, read from the chain now */
            usdc_balances?: {
                chain: string;
                balance: components["schemas"]["UsdcAmount"] & (Record<string, never> | null);
            }[];
            fees: {
                chain: string;
                /** @description USDC base units */
                claimable: string;
                claimable_usd: number;
                accrued: string;
                claimed: string;
            }[];
            /** @description Launch tokens credited from graduated tokens' collected pool fees (creator's and protocol's shares), per token; withdrawn with the launchpad's claimTokenFees(token) */
            token_fees: {
                chain: string;
                /** Format: uuid */
                token_id: string | null;
                symbol: string | null;
                contract_address: string;
                /** @description token wei */
                claimable: string;
                claimable_tokens: number;
                accrued: string;
                claimed: string;
            }[];
            /** @description Tokens held */
            total: number;
            pagination: {
                limit: number;
                offset: number;
                has_more: boolean;
            };
        };
        GetPortfolioRequest: {
            /** @description The wallet to show; default your wallet on record */
            address?: string;
            /** @default 20 */
            limit?: number;
            /** @default 0 */
            offset?: number;
        };
        GetFeeHistoryResponse: components["schemas"]["FeeHistory"] & {
            /** @enum {boolean} */
            success: true;
        };
        FeeHistoryEntry: {
            /** @enum {string} */
            kind: "accrual" | "claim";
            /**
             * @description Accruals: creator, builder or referral share of a trade's fee, or pool (collected graduated-pool fees)
             * @enum {string}
             */
            type: "creator" | "builder" | "referral" | "pool" | "claim";
            chain: string;
            tx_hash: string;
            block_number: number;
            log_index: number;
            /** @description ISO 8601, the block's time */
            timestamp: string;
            /** @description The token whose trade or pool paid it (claims of launch tokens: that token; USDC claims: null) */
            source: {
                contract_address: string;
                /** Format: uuid */
                token_id: string | null;
                symbol: string | null;
            } | null;
            /**
             * @description usdc, or the source token (launch tokens from pool fees)
             * @enum {string}
             */
            asset: "usdc" | "token";
            /** @description Base units of the asset */
            amount: string;
            /** @description USD for USDC, whole tokens for a token */
            amount_display: number;
        };
        FeeHistory: {
            /** @description Your wallet on record */
            address: string;
            /** @description Newest first */
            history: components["schemas"]["FeeHistoryEntry"][];
            pagination: components["schemas"]["CursorPagination"];
        };
        GetFeeHistoryRequest: {
            /**
             * @description Default: every chain
             * @enum {string}
             */
            chainSlug?: "solana-devnet" | "base" | "base-sepolia" | "avalanche" | "bnb" | "bnb-testnet" | "unichain" | "unichain-testnet" | "abstract" | "polygon" | "zkSync" | "zkSync-testnet";
            /** @default 20 */
            limit?: number;
            /** @description pagination.next_cursor of the page before */
            cursor?: string;
        };
        CreateWebhookResponse: {
            /** @enum {boolean} */
            success: true;
            webhook: components["schemas"]["Webhook"];
            /** @description The signing secret (whsec_…), shown this once: verify each delivery's webhook-signature with it (Standard Webhooks) */
            secret: string;
        };
        Webhook: {
            /** Format: uuid */
            id: string;
            url: string;
            /** @description As you named them */
            channels: string[];
            /**
             * @description active; paused (by you); disabled (by the service, after failing deliveries: see disabled_reason)
             * @enum {string}
             */
            status: "active" | "paused" | "disabled";
            description: string;
            /** @description Deliveries in a row that failed after every retry */
            consecutive_failures: number;
            disabled_reason: string | null;
            created_at: string;
            updated_at: string;
        };
        CreateWebhookRequest: {
            /** @description Where deliveries are POSTed: an https URL whose host is and resolves to public addresses only (private, loopback, link-local, unique-local, CGNAT, multicast and unspecified addresses are refused, checked again at every delivery); no user name or password */
            url: string;
            /** @description 1 to 50 channels: tokens (new tokens and graduations), token:<id or address> (its trades, candles, holder balances, posts, replies and votes), account:<address> (its trades, transfers and balances), me (your notifications, intents and the fees of your wallet on record). Repeats are dropped */
            channels: string[];
            /** @description At most 500 characters */
            description?: string;
        };
        GetWebhooksResponse: {
            /** @enum {boolean} */
            success: true;
            /** @description Yours, oldest first (at most 10) */
            webhooks: components["schemas"]["Webhook"][];
        };
        GetWebhooksRequest: Record<string, never>;
        WebhookResponse: {
            /** @enum {boolean} */
            success: true;
            webhook: components["schemas"]["Webhook"];
        };
        UpdateWebhookRequest: {
            /**
             * Format: uuid
             * @description The endpoint's id (webhook.id)
             */
            webhook_id: string;
            /**
             * @description paused stops deliveries; active resumes them (and re-enables an endpoint the service disabled)
             * @enum {string}
             */
            status?: "active" | "paused";
            /** @description Where deliveries are POSTed: an https URL whose host is and resolves to public addresses only (private, loopback, link-local, unique-local, CGNAT, multicast and unspecified addresses are refused, checked again at every delivery); no user name or password */
            url?: string;
            /** @description 1 to 50 channels: tokens (new tokens and graduations), token:<id or address> (its trades, candles, holder balances, posts, replies and votes), account:<address> (its trades, transfers and balances), me (your notifications, intents and the fees of your wallet on record). Repeats are dropped */
            channels?: string[];
            /** @description At most 500 characters */
            description?: string;
        };
        DeleteWebhookResponse: {
            /** @enum {boolean} */
            success: true;
            /** @enum {boolean} */
            deleted: true;
        };
        WebhookIdRequest: {
            /**
             * Format: uuid
             * @description The endpoint's id (webhook.id)
             */
            webhook_id: string;
        };
        WebhookDeliveryResponse: {
            /** @enum {boolean} */
            success: true;
            delivery: components["schemas"]["WebhookDelivery"];
        };
        WebhookDelivery: {
            /** @description The webhook-id header: the same on every attempt and redelivery */
            id: string;
            /** Format: uuid */
            webhook_id: string;
            /** @description The event's sequence number; null for a test delivery */
            seq: number | null;
            /** @description The body's type: event.<kind>, or webhook.test */
            type: string;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            /** @description Attempts since it was last queued */
            attempts: number;
            /** @description When a pending delivery's next attempt is due */
            next_attempt_at: string | null;
            last_status: number | null;
            last_error: string | null;
            created_at: string;
            delivered_at: string | null;
            /** @description Its attempts, newest first (at most 20) */
            attempt_log: components["schemas"]["WebhookAttempt"][];
        };
        WebhookAttempt: {
            attempted_at: string;
            duration_ms: number;
            /** @description The HTTP status; null when no response came */
            status: number | null;
            /** @description Why it failed; null when delivered */
            error: string | null;
        };
        GetWebhookDeliveriesResponse: {
            /** @enum {boolean} */
            success: true;
            deliveries: components["schemas"]["WebhookDelivery"][];
            pagination: components["schemas"]["CursorPagination"];
        };
        GetWebhookDeliveriesRequest: {
            /**
             * Format: uuid
             * @description The endpoint's id (webhook.id)
             */
            webhook_id: string;
            /**
             * @description Only deliveries in this status
             * @enum {string}
             */
            status?: "pending" | "delivered" | "failed";
            /** @default 20 */
            limit?: number;
            /** @description pagination.next_cursor of the page before */
            cursor?: string;
        };
        RedeliverWebhookRequest: {
            /** @description The delivery's id (its webhook-id, msg_…) */
            delivery_id: string;
        };
        GetEventsResponse: {
            /** @enum {boolean} */
            success: true;
            /** @description Oldest first */
            events: components["schemas"]["StreamEvent"][];
            /** @description Pass as since to continue (it may pass events of other channels, never one of yours) */
            next: number;
            /** @description The log's last sequence number when read */
            head: number;
            /** @description The log's identity: pass it back as log with since = next */
            log: string;
        };
        StreamEvent: {
            /** @description The event's place in the log: global, gap-free, increasing */
            seq: number;
            /** @enum {string} */
            kind: "token_created" | "trade" | "graduation" | "candle" | "balance" | "fees" | "launch_label" | "launch_sell" | "post" | "reply" | "vote" | "notification" | "intent" | "removed" | "resync";
            /** @description The chain of an event derived from indexed blocks; null for app events */
            chainId: number | null;
            block: {
                number: number;
                hash: string;
            } | null;
            /** @description For a removed event: the seq a reorg undid */
            removes: number | null;
            /** @description The kind's fields (see docs/streams.md) */
            data: {
                [key: string]: unknown;
            };
            /** @description When the event was logged (ISO 8601) */
            createdAt: string;
        };
        GetEventsRequest: {
            /** @description Channels, as streams name them: tokens, token:<id or address>, account:<address>, chain:<chainId>, me (needs a credential) */
            channels: string[];
            /**
             * @description Events with a sequence number above this (default 0: from the start)
             * @default 0
             */
            since?: number;
            /**
             * @description At most this many events (1-500, default 100)
             * @default 100
             */
            limit?: number;
            /**
             * Format: uuid
             * @description The log since came from (an answer's log): when the log was made again since (a database reset), 409 log_changed instead of another log's events
             */
            log?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
