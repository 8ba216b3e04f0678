/** The token catalog's read options (get-tokens rankings, search kinds), shared by its service and its schemas. */

/** Rankings of get-tokens: trending (24 h volume), new (creation time), popular (holders), top_posts (posts). */
export const tokenFilters = ["trending", "new", "popular", "top_posts"] as const;
export type TokenFilter = (typeof tokenFilters)[number];

/**
 * Where a token is in its life: `new` on the bonding curve below GRADUATING_PROGRESS_BPS of its migration supply,
 * `graduating` on the curve at or above it, `graduated` on Uniswap V3.
 */
export const tokenStages = ["new", "graduating", "graduated"] as const;
export type TokenStage = (typeof tokenStages)[number];
/** Curve progress from which a token counts as graduating: 80%. */
export const GRADUATING_PROGRESS_BPS = 8_000;

/** What search looks for: every kind, or tokens, users or posts alone. */
export const searchTypes = ["all", "tokens", "users", "posts"] as const;
export type SearchType = (typeof searchTypes)[number];
