/**
 * Content-addressed blobs in Postgres (metadata JSON and images, served at /ipfs/<cid>): stored once per CID, never
 * changed. api/services/metadata.ts computes the CIDs.
 */
import type pg from "pg";

/** Stores `bytes` under `cid`; false when the CID was stored already. */
export async function insertBlob(
  db: pg.Pool,
  schema: string,
  p: { cid: string; contentType: string; bytes: Uint8Array },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO ${schema}.blobs (cid, content_type, bytes) VALUES ($1, $2, $3) ON CONFLICT (cid) DO NOTHING`,
    [p.cid, p.contentType, Buffer.from(p.bytes)],
  );
  return (rowCount ?? 0) > 0;
}

/** The blob stored under `cid`, if any. */
export async function readBlob(
  db: pg.Pool,
  schema: string,
  cid: string,
): Promise<{ cid: string; content_type: string; bytes: Buffer } | undefined> {
  return (
    await db.query<{ cid: string; content_type: string; bytes: Buffer }>(
      `SELECT cid, content_type, bytes FROM ${schema}.blobs WHERE cid = $1`,
      [cid],
    )
  ).rows[0];
}
