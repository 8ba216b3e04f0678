/** Topics in Postgres (app.topics): named subjects posts can be filed under; names unique, case-insensitively. */
import type pg from "pg";

export type TopicRow = { id: string; name: string; description: string; created_by: string; created_at: Date };

const TOPIC_COLUMNS = "id, name, description, created_by, created_at";

/** A new topic; undefined when one of that name exists. */
export async function insertTopic(
  db: pg.Pool,
  schema: string,
  p: { name: string; description: string; createdBy: string },
): Promise<TopicRow | undefined> {
  const { rows } = await db.query<TopicRow>(
    `INSERT INTO ${schema}.topics (name, description, created_by) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING ${TOPIC_COLUMNS}`,
    [p.name, p.description, p.createdBy],
  );
  return rows[0];
}

/** Topics whose name matches `pattern` (ILIKE; null for all), alphabetically, `limit` from `offset`. */
export async function readTopics(
  db: pg.Pool,
  schema: string,
  p: { pattern: string | null; limit: number; offset: number },
): Promise<TopicRow[]> {
  const { rows } = await db.query<TopicRow>(
    `SELECT ${TOPIC_COLUMNS} FROM ${schema}.topics
      WHERE $1::text IS NULL OR name ILIKE $1 ORDER BY lower(name) LIMIT $2 OFFSET $3`,
    [p.pattern, p.limit, p.offset],
  );
  return rows;
}

export async function topicExists(db: pg.Pool, schema: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM ${schema}.topics WHERE id = $1`, [id]);
  return (rowCount ?? 0) > 0;
}
