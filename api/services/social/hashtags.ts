/**
 * get-hashtag-token: the token a hashtag names. Hashtags are stored lower case without "#" (tag-coin and
 * create-token-transaction's tags); when several tokens carry one, the token with the most holders (all chains)
 * wins, then the oldest.
 */
import { AppError } from "../../../core/errors.js";
import { normalizeHashtag } from "../../../core/text.js";
import { readHashtagToken } from "../../../db/indexed/catalog.js";
import type { ApiDeps } from "../../deps.js";
import { buildTokenViews, listItemOf, type TokenListItem } from "../tokens/shape.js";

/** A hashtag with or without its leading #s, any case. */
export type HashtagInput = { hashtag_name: string };
export type HashtagTokenReturnType = { token: TokenListItem & { hashtag: string } };

export async function getHashtagToken(deps: ApiDeps, input: HashtagInput): Promise<HashtagTokenReturnType> {
  const hashtag = normalizeHashtag(input.hashtag_name);
  const row = await readHashtagToken(deps.db, deps.config, hashtag);
  const [view] = row ? await buildTokenViews(deps, [row]) : [];
  if (!view) throw new AppError("TOKEN_NOT_FOUND", "Token not found");
  return { token: { ...listItemOf(view), hashtag } };
}
