/** Topics: named subjects posts can be filed under (create-post's topicId). Names are unique, case-insensitively. */
import { AppError } from "../../../core/errors.js";
import { insertTopic, readTopics, type TopicRow } from "../../../db/social/topics.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { iso } from "./units.js";

const view = (r: TopicRow) => ({ ...r, created_at: iso(r.created_at) });

/** create-topic: 400 when a topic of that name exists. */
export async function createTopic(deps: ApiDeps, user: AuthedUser, input: { name: string; description: string }) {
  const row = await insertTopic(deps.db, deps.config.appSchema, {
    name: input.name,
    description: input.description,
    createdBy: user.id,
  });
  if (!row) throw new AppError("INVALID_PARAMETERS", `A topic named ${input.name} already exists`);
  return view(row);
}

/** get-topics: topics by name (case-insensitive substring when `query` is given), alphabetically. */
export async function listTopics(deps: ApiDeps, input: { query?: string; limit: number; offset: number }) {
  const pattern = input.query ? `%${input.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await readTopics(deps.db, deps.config.appSchema, {
    pattern,
    limit: input.limit + 1,
    offset: input.offset,
  });
  return {
    topics: rows.slice(0, input.limit).map(view),
    pagination: { limit: input.limit, offset: input.offset, has_more: rows.length > input.limit },
  };
}
