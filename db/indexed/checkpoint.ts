/**
 * Ponder's checkpoint: the one place its format is known. Ponder keeps, per chain, `latest_checkpoint` in
 * `_ponder_checkpoint`: a fixed-width decimal string whose characters 1–10 are the committed block's timestamp and 27–42
 * its number
 * (db/versions.ts installs a trigger on the same table). A Ponder upgrade that changes the format changes this file.
 */
import type { Queryable } from "./types.js";

/** SQL for the indexed block of the chain named by `chainNameSql` (a SQL expression), as a bigint or NULL. */
export function checkpointBlockSql(indexerSchema: string, chainNameSql: string): string {
  return `(SELECT ${checkpointBlockOf("c.latest_checkpoint")} FROM "${indexerSchema}"._ponder_checkpoint c
            WHERE c.chain_name = ${chainNameSql})`;
}

/** SQL that takes the block timestamp (unix seconds) out of a checkpoint string expression: its first 10 characters. */
export function checkpointTimestampOf(checkpointSql: string): string {
  return `substring(${checkpointSql} from 1 for 10)::bigint`;
}

/** SQL for the block timestamp the indexer last committed on the chain named by `chainNameSql`, or NULL. */
export function checkpointTimestampSql(indexerSchema: string, chainNameSql: string): string {
  return `(SELECT ${checkpointTimestampOf("c.latest_checkpoint")} FROM "${indexerSchema}"._ponder_checkpoint c
            WHERE c.chain_name = ${chainNameSql})`;
}

/** SQL that takes the block number out of a checkpoint string expression. */
export function checkpointBlockOf(checkpointSql: string): string {
  return `substring(${checkpointSql} from 27 for 16)::bigint`;
}

/** The block the indexer last committed on `chainSlug`, or null before its first. */
export async function readIndexedBlock(
  db: Queryable,
  indexerSchema: string,
  chainSlug: string,
): Promise<number | null> {
  const { rows } = await db.query<{ block: string }>(
    `SELECT ${checkpointBlockOf("latest_checkpoint")} AS block FROM "${indexerSchema}"._ponder_checkpoint
      WHERE chain_name = $1`,
    [chainSlug],
  );
  return rows[0] ? Number(rows[0].block) : null;
}
