/**
 * Livestreams: a record to vote on (content_type livestream), optionally about a token, whose holdings then
 * weigh its votes by default.
 */
import { AppError } from "../../../core/errors.js";
import { insertLivestream, readLivestream } from "../../../db/social/livestreams.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { assertTokenExists } from "../tokens/lookup.js";
import { iso, tallyCounts } from "./units.js";

/** get-livestream: a livestream with its vote counts. */
export async function getLivestream(deps: ApiDeps, livestreamId: string) {
  const r = await readLivestream(deps.db, deps.config.appSchema, livestreamId);
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
  const id = await insertLivestream(deps.db, deps.config.appSchema, {
    userId: user.id,
    tokenId: input.token_id ?? null,
    title: input.title,
    streamUrl: input.stream_url,
  });
  return getLivestream(deps, id);
}
