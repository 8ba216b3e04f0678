/** The token catalog's read options (get-tokens rankings, search kinds), shared by its service and its schemas. */

/** Rankings of get-tokens: trending (24 h volume), new (creation time), popular (holders), top_posts (posts). */
export const tokenFilters = ["trending", "new", "popular", "top_posts"] as const;
export type TokenFilter = (typeof tokenFilters)[number];

/** What search looks for: every kind, or tokens, users or posts alone. */
export const searchTypes = ["all", "tokens", "users", "posts"] as const;
export type SearchType = (typeof searchTypes)[number];
