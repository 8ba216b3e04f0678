/**
 * Livestreams: a record to vote on (content_type livestream), optionally about a token, whose holdings then
 * weigh its votes by default.
 */
import { AppError } from "../../../core/errors.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { assertTokenExists } from "../tokens.js";
import { iso, tallyCounts } from "./units.js";

type LivestreamRow = {
  id: string;
  user_id: string;
  token_id: string | null;
  title: string;
  stream_url: string;
  is_live: boolean;
  created_at: Date;
  upvotes: number | null;
  downvotes: number | null;
  weighted_upvotes: string | null;
  weighted_downvotes: string | null;
};

/** get-livestream: a livestream with its vote counts. */
export async function getLivestream(deps: ApiDeps, livestreamId: string) {
  const s = deps.config.appSchema;
  const { rows } = await deps.db.query<LivestreamRow>(
    `SELECT l.*, t.upvotes, t.downvotes, t.weighted_upvotes::text, t.weighted_downvotes::text
       FROM ${s}.livestreams l
       LEFT JOIN ${s}.vote_tallies t ON t.content_type = 'livestream' AND t.content_id = l.id
      WHERE l.id = $1`,
    [livestreamId],
  );
  const r = rows[0];
  if (!r) throw new AppError("NOT_FOUND", "Livestream not found");
  return {
    id: r.id,
    user_id: r.user_id,
    token_id: r.token_id,
    title: r.title,
    stream_url: r.stream_url,
    is_live: r.is_live,
    ...tallyCounts(r),
    created_at: iso(r.created_at),
  };
}

/** create-livestream: a live stream by the caller. */
export async function createLivestream(
  deps: ApiDeps,
  user: AuthedUser,
  input: { title: string; token_id?: string; stream_url: string },
) {
  if (input.token_id) await assertTokenExists(deps, input.token_id);
  const { rows } = await deps.db.query<{ id: string }>(
    `INSERT INTO ${deps.config.appSchema}.livestreams (user_id, token_id, title, stream_url) VALUES ($1, $2, $3, $4)
     RETURNING id`,
    [user.id, input.token_id ?? null, input.title, input.stream_url],
  );
  return getLivestream(deps, rows[0]?.id ?? "");
}
