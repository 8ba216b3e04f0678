/**
 * What every read of db/indexed/ takes: something to query (a pool, or a client inside a transaction) and the
 * Postgres schemas (the API's config fits).
 */
import type pg from "pg";

/** A pg Pool or a checked-out client. */
export type Queryable = Pick<pg.Pool, "query">;

/** The app's schema and the one the indexer writes. */
export type Schemas = { appSchema: string; indexerSchema: string };
