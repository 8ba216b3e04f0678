/**
 * Token lookups that join the app's metadata (app.tokens, keyed by uuid) with the indexed on-chain state (the
 * indexer's token and pool tables, keyed by chain and address, joined on token_layer_id).
 */
import { AppError } from "../../../core/errors.js";
import {
  type AppTokenRow,
  type IndexedToken,
  readAppTokenWithIndexed,
  readIndexedTokensByLayerIds,
} from "../../../db/indexed/tokens.js";
import { tokenById } from "../../../db/tokens.js";
import { indexedTokenKey, type Keyed, layerKey, markedCache, perDatabase } from "../../../db/versions.js";
import type { ApiDeps } from "../../deps.js";

export type { AppTokenRow, IndexedPool, IndexedToken } from "../../../db/indexed/tokens.js";

/** The app row of a token uuid, or a 404 "Token not found". */
export async function getAppToken(deps: ApiDeps, tokenId: string): Promise<AppTokenRow> {
  const row = await tokenById(deps.db, deps.config.appSchema, tokenId);
  if (!row) throw new AppError("TOKEN_NOT_FOUND", "Token not found");
  return row;
}

/** Tokens known to exist, per process and pool (the app never deletes a token row, so a yes stays true). */
const knownTokens = perDatabase(() => new Set<string>());

/** 404 "Token not found" unless the token uuid exists; an existing one is remembered. */
export async function assertTokenExists(deps: ApiDeps, tokenId: string): Promise<void> {
  const known = knownTokens(deps.db);
  const key = `${deps.config.appSchema}:${tokenId}`;
  if (known.has(key)) return;
  await getAppToken(deps, tokenId);
  if (known.size >= 100_000) known.clear();
  known.add(key);
}

/** Every indexed deployment of a token_layer_id (one per chain), with pools. */
export async function getIndexedTokens(deps: ApiDeps, tokenLayerId: string): Promise<IndexedToken[]> {
  return (await getIndexedTokensByLayerIds(deps, [tokenLayerId])).get(tokenLayerId.toLowerCase()) ?? [];
}

/**
 * The indexed deployments of several token_layer_ids in one query, keyed by lowercase token_layer_id (each list
 * ordered by chain id). Ids without a deployment are absent from the map.
 */
export function getIndexedTokensByLayerIds(
  deps: ApiDeps,
  tokenLayerIds: readonly string[],
): Promise<Map<string, IndexedToken[]>> {
  return readIndexedTokensByLayerIds(deps.db, deps.config, tokenLayerIds);
}

/**
 * The app row of a token uuid with its indexed deployments (ordered by chain id), in one round trip: the hot path
 * of get-pool-data and the other market reads. A prepared statement per schema pair, so Postgres plans it once per
 * connection. Throws 404 "Token not found".
 */
export function getAppTokenWithIndexed(deps: ApiDeps, tokenId: string): Promise<AppTokenWithIndexed> {
  const version = deps.versions?.key("tokens") ?? null;
  return indexedTokensCache(deps.db)(
    deps.versions,
    `${deps.config.appSchema}:${deps.config.indexerSchema}:${tokenId}`,
    version,
    () => loadAppTokenWithIndexed(deps, tokenId),
  );
}

export type AppTokenWithIndexed = { readonly app: AppTokenRow; readonly indexed: readonly IndexedToken[] };

/** The change keys of the indexed rows a token read holds: its token_layer_id's and each of its deployments'. */
export function tokenKeys(tokenLayerId: string, deployments: readonly { chainId: number; address: string }[]) {
  return [layerKey(tokenLayerId), ...deployments.map((d) => indexedTokenKey(d.chainId, d.address))];
}

/**
 * Per process, the reads above under the tokens version and the change keys of the token's rows (db/versions.ts):
 * served until a block writes this token's rows (a trade of another token leaves it) or the tokens table is written
 * (posts and votes do not touch what these reads hold). Never mutated by callers.
 */
const indexedTokensCache = perDatabase(() => markedCache<AppTokenWithIndexed>(50_000));

async function loadAppTokenWithIndexed(deps: ApiDeps, tokenId: string): Promise<Keyed<AppTokenWithIndexed>> {
  const found = await readAppTokenWithIndexed(deps.db, deps.config, tokenId);
  if (!found) throw new AppError("TOKEN_NOT_FOUND", "Token not found");
  return { value: found, keys: tokenKeys(found.app.token_layer_id, found.indexed) };
}
