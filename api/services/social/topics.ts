/** Topics: named subjects posts can be filed under (create-post's topicId). Names are unique, case-insensitively. */
import { AppError } from "../../../core/errors.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { iso } from "./units.js";

type TopicRow = { id: string; name: string; description: string; created_by: string; created_at: Date };
const view = (r: TopicRow) => ({ ...r, created_at: iso(r.created_at) });

/** create-topic: 400 when a topic of that name exists. */
export async function createTopic(deps: ApiDeps, user: AuthedUser, input: { name: string; description: string }) {
  const { rows } = await deps.db.query<TopicRow>(
    `INSERT INTO ${deps.config.appSchema}.topics (name, description, created_by) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING id, name, description, created_by, created_at`,
    [input.name, input.description, user.id],
  );
  const row = rows[0];
  if (!row) throw new AppError("INVALID_PARAMETERS", `A topic named ${input.name} already exists`);
  return view(row);
}

/** get-topics: topics by name (case-insensitive substring when `query` is given), alphabetically. */
export async function listTopics(deps: ApiDeps, input: { query?: string; limit: number; offset: number }) {
  const pattern = input.query ? `%${input.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await deps.db.query<TopicRow>(
    `SELECT id, name, description, created_by, created_at FROM ${deps.config.appSchema}.topics
      WHERE $1::text IS NULL OR name ILIKE $1 ORDER BY lower(name) LIMIT $2 OFFSET $3`,
    [pattern, input.limit + 1, input.offset],
  );
  return {
    topics: rows.slice(0, input.limit).map(view),
    pagination: { limit: input.limit, offset: input.offset, has_more: rows.length > input.limit },
  };
}
