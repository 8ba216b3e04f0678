/**
 * get-hashtag-token: the token a hashtag names. Hashtags are stored lower case without "#" (tag-coin and
 * create-token-transaction's tags); when several tokens carry one, the token with the most holders (all chains)
 * wins, then the oldest.
 */
import { AppError } from "../../../core/errors.js";
import { normalizeHashtag } from "../../../core/text.js";
import type { ApiDeps } from "../../deps.js";
import type { HashtagInput } from "../../routes/social/schemas.js";
import { buildTokenViews, listItemOf, type TokenListItem } from "../token-view.js";
import type { AppTokenRow } from "../tokens.js";

export type HashtagTokenReturnType = { token: TokenListItem & { hashtag: string } };

export async function getHashtagToken(deps: ApiDeps, input: HashtagInput): Promise<HashtagTokenReturnType> {
  const hashtag = normalizeHashtag(input.hashtag_name);
  const s = deps.config.appSchema;
  const { rows } = await deps.db.query<AppTokenRow>(
    `SELECT a.* FROM ${s}.token_hashtags h JOIN ${s}.tokens a ON a.id = h.token_id
      WHERE lower(h.hashtag) = $1
      ORDER BY COALESCE((SELECT sum(t.holders_count) FROM ${deps.config.indexerSchema}.token t
                          WHERE t.token_layer_id = lower(a.token_layer_id)), 0) DESC, a.created_at, a.id
      LIMIT 1`,
    [hashtag],
  );
  const [view] = await buildTokenViews(deps, rows);
  if (!view) throw new AppError("TOKEN_NOT_FOUND", "Token not found");
  return { token: { ...listItemOf(view), hashtag } };
}
