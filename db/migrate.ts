/**
 * Applies db/migrations/*.sql in name order, each once, inside a transaction, under an advisory lock so that
 * several processes starting together do not race. The schema (default "app") is created if missing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), "migrations");
const LOCK_ID = 0x5_0c1a1; // any constant shared by every process of this service

export type MigrateParameters = { databaseUrl: string; schema?: string; log?: (line: string) => void };
export type MigrateReturnType = { applied: string[] };

export async function migrate(p: MigrateParameters): Promise<MigrateReturnType> {
  const schema = p.schema ?? "app";
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  const client = new pg.Client({ connectionString: p.databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS "${schema}".schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await client.query<{ name: string }>(`SELECT name FROM "${schema}".schema_migrations`)).rows.map((r) => r.name),
    );
    const files = readdirSync(migrationsDir)
      .filter((f) => f.endsWith(".sql"))
      .sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(join(migrationsDir, file), "utf8");
      try {
        await client.query("BEGIN");
        await client.query(`SET LOCAL search_path TO "${schema}", public`);
        await client.query(sql);
        await client.query(`INSERT INTO "${schema}".schema_migrations (name) VALUES ($1)`, [file]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
      applied.push(file);
      p.log?.(`applied ${file}`);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => undefined);
    await client.end();
  }
  return { applied };
}
