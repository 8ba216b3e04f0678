/**
 * metadata: content-addressed storage of token metadata and media, with real IPFS CIDs.
 *
 * CIDs are CIDv1 with the `raw` codec (0x55) and a sha256 multihash (`bafkrei…`). Raw was chosen over the `json`
 * codec so that one rule covers the metadata JSON and media alike, and so that every gateway returns exactly the
 * stored bytes; for content up to 256 KiB, `ipfs add --cid-version=1 --raw-leaves` yields the same CID. The bytes
 * go to app.blobs and are served at GET /ipfs/<cid>. When IPFS_PINNING_URL and IPFS_PINNING_JWT are set, each new
 * CID is also pinned through the IPFS Pinning Service API (`POST <url>/pins` with `{cid, name}`); a pinning failure
 * is logged and does not fail the request, since the local copy stays authoritative and is served by this
 * service. Without that configuration storage is local only.
 */
import { CID } from "multiformats/cid";
import * as raw from "multiformats/codecs/raw";
import { sha256 } from "multiformats/hashes/sha2";
import { envSchema } from "../../core/env.js";
import { insertBlob, readBlob } from "../../db/blobs.js";
import type { ApiDeps } from "../deps.js";
import { apiLog } from "../log.js";

export type Blob = { cid: string; contentType: string; bytes: Uint8Array };

/** The CIDv1 (raw codec, sha256) of `bytes`, base32. */
export async function cidOf(bytes: Uint8Array): Promise<string> {
  return CID.createV1(raw.code, await sha256.digest(bytes)).toString();
}

/** Whether `cid` is the sha256 CID of `bytes` (any codec; the multihash is what is checked). */
export async function verifyCid(cid: string, bytes: Uint8Array): Promise<boolean> {
  let parsed: CID;
  try {
    parsed = CID.parse(cid);
  } catch {
    return false;
  }
  if (parsed.multihash.code !== sha256.code) return false;
  const digest = await sha256.digest(bytes);
  return Buffer.from(digest.bytes).equals(Buffer.from(parsed.multihash.bytes));
}

/** Parse a CID string; undefined when it is not one. */
export function parseCid(cid: string): CID | undefined {
  try {
    return CID.parse(cid);
  } catch {
    return undefined;
  }
}

/** Store `bytes` under their CID (idempotent) and pin them when a pinning service is configured. */
export async function storeBlob(deps: ApiDeps, bytes: Uint8Array, contentType: string, name = ""): Promise<string> {
  const cid = await cidOf(bytes);
  if (await insertBlob(deps.db, deps.config.appSchema, { cid, contentType, bytes })) await pin(cid, name);
  return cid;
}

/** A stored blob by CID, or undefined. */
export async function getBlob(deps: ApiDeps, cid: string): Promise<Blob | undefined> {
  const row = await readBlob(deps.db, deps.config.appSchema, cid);
  return row && { cid: row.cid, contentType: row.content_type, bytes: new Uint8Array(row.bytes) };
}

/** Canonical JSON bytes of a metadata object: keys in insertion order, no whitespace, UTF-8. */
export function jsonBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value));
}

/** The pinning service's variables of the one environment schema (core/env.ts), read at each pin. */
const pinning = envSchema.pick({ IPFS_PINNING_URL: true, IPFS_PINNING_JWT: true });

async function pin(cid: string, name: string): Promise<void> {
  const { IPFS_PINNING_URL: url, IPFS_PINNING_JWT: jwt } = pinning.parse(process.env);
  if (!url || !jwt) return;
  try {
    const res = await fetch(`${url.replace(/\/$/, "")}/pins`, {
      method: "POST",
      headers: { authorization: `Bearer ${jwt}`, "content-type": "application/json" },
      body: JSON.stringify({ cid, name: name || cid }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) apiLog.warn(`ipfs: pinning ${cid} failed: HTTP ${res.status}`);
  } catch (error) {
    apiLog.warn({ err: error }, `ipfs: pinning ${cid} failed`);
  }
}
