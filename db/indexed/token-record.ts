/**
 * What a Token record (search-token) shows beside its indexed deployments: the creator, hashtags and social
 * counters of app tokens; and the whole record of one token, found and read in ONE statement (a cold search-token
 * by uuid, token_layer_id, contract address or exact symbol).
 *
 * Social counters: posts and media count top-level posts tagged with the token outside clubs, groups its clubs,
 * the vote tally its votes; user_vote is the viewer's own vote. The creator is the user named by creator_user_id,
 * else the user whose custodial wallet created the token.
 */
import { candidatesSql, type TokenMatch } from "./catalog.js";
import type { IndexedPeer } from "./peers.js";
import { type AppTokenRow, INDEXED_TOKEN_COLUMNS, type IndexedToken, indexedTokenOfRow } from "./tokens.js";
import type { Queryable, Schemas } from "./types.js";

export type TokenSocial = {
  creator: { id: string; username: string; profile_picture: string } | null;
  hashtags: string[];
  posts: number;
  media: number;
  groups: number;
  upvotes: number;
  downvotes: number;
  weightedUp: bigint;
  weightedDown: bigint;
  isLive: boolean;
  userVote: "upvote" | "downvote" | null;
};

/**
 * Social columns of app token `a` (u: its creator user, vt: its vote tally, joined by SOCIAL_JOINS), for the
 * viewer given by the SQL parameter `viewer`. No viewer reads as the nil uuid, not NULL: a plan for "no viewer"
 * would be cheaper than the generic one, and Postgres would then plan the prepared statement on every call.
 */
function socialColumns(s: string, viewer: string) {
  const top = "p.tagged_token_id = a.id AND p.parent_post_id IS NULL AND p.club_id IS NULL";
  return `u.id AS user_id, u.username, u.profile_picture,
            ARRAY(SELECT h.hashtag FROM ${s}.token_hashtags h WHERE h.token_id = a.id ORDER BY h.hashtag) AS hashtags,
            (SELECT count(*) FROM ${s}.posts p WHERE ${top})::int AS posts,
            (SELECT count(*) FROM ${s}.posts p WHERE ${top} AND p.has_media)::int AS media,
            (SELECT count(*) FROM ${s}.clubs c WHERE c.token_id = a.id)::int AS groups,
            COALESCE(vt.upvotes, 0) AS upvotes, COALESCE(vt.downvotes, 0) AS downvotes,
            COALESCE(vt.weighted_upvotes, 0)::text AS weighted_up, COALESCE(vt.weighted_downvotes, 0)::text AS weighted_down,
            EXISTS (SELECT 1 FROM ${s}.livestreams l WHERE l.token_id = a.id AND l.is_live) AS is_live,
            (SELECT v.vote_type FROM ${s}.votes v
              WHERE v.user_id = COALESCE(${viewer}::uuid, '00000000-0000-0000-0000-000000000000')
                AND v.content_type = 'token' AND v.content_id = a.id) AS user_vote`;
}

const socialJoins = (s: string) => `LEFT JOIN ${s}.users u ON u.id = COALESCE(a.creator_user_id,
            (SELECT w.id FROM ${s}.users w WHERE lower(w.wallet_address) = lower(a.creator_address) LIMIT 1))
       LEFT JOIN ${s}.vote_tallies vt ON vt.content_type = 'token' AND vt.content_id = a.id`;

// biome-ignore lint/suspicious/noExplicitAny: a raw row of the queries here
function socialOfRow(r: any): TokenSocial {
  return {
    creator: r.user_id === null ? null : { id: r.user_id, username: r.username, profile_picture: r.profile_picture },
    hashtags: r.hashtags,
    posts: r.posts,
    media: r.media,
    groups: r.groups,
    upvotes: r.upvotes,
    downvotes: r.downvotes,
    weightedUp: BigInt(r.weighted_up),
    weightedDown: BigInt(r.weighted_down),
    isLive: r.is_live,
    userVote: r.user_vote,
  };
}

/** Creators, hashtags and social counters of app tokens, by token uuid, in one query. */
export async function readTokenSocial(
  db: Queryable,
  schemas: Pick<Schemas, "appSchema">,
  tokenIds: readonly string[],
  viewerId: string | null,
): Promise<Map<string, TokenSocial>> {
  const s = schemas.appSchema;
  const { rows } = await db.query(
    `SELECT a.id AS token_id, ${socialColumns(s, "$2")}
       FROM ${s}.tokens a ${socialJoins(s)}
      WHERE a.id = ANY($1::uuid[])`,
    [tokenIds, viewerId],
  );
  return new Map(rows.map((r) => [r.token_id, socialOfRow(r)]));
}

/** How a record is found in one statement; other inputs take search-token's lookups (api/services/tokens/catalog.ts). */
export type RecordMatch =
  | { by: "id"; value: string }
  | { by: "layer"; value: string }
  | { by: "address"; value: string }
  | { by: "symbol"; value: string; candidates: number };

export type TokenRecordRead = {
  app: AppTokenRow;
  indexed: IndexedToken[];
  peers: IndexedPeer[];
  social: TokenSocial;
  /** For a symbol: the token_layer_ids weighed, best first (the answer's is the first). */
  candidates: string[] | null;
  /** The launch labels standing on each deployment (app table launch_labels), by `<chainId>:<address>`, sorted. */
  labels: Map<string, string[]>;
};

/**
 * The app row of the token `match` finds, with its indexed deployments (and pools), their peers and its social
 * fields as `viewerId` sees them, in one statement. Undefined when it finds no app token (none matches, or the best
 * match has no app row yet): the caller then takes the longer way.
 */
export async function readTokenRecord(
  db: Queryable,
  schemas: Schemas,
  match: RecordMatch,
  viewerId: string | null,
): Promise<TokenRecordRead | undefined> {
  const s = schemas.appSchema;
  const ix = schemas.indexerSchema;
  let target: string;
  let params: unknown[];
  switch (match.by) {
    case "id":
      target = `SELECT $1::uuid AS id, NULL::text[] AS candidates`;
      params = [match.value];
      break;
    case "layer":
      target = `SELECT (SELECT a.id FROM ${s}.tokens a WHERE lower(a.token_layer_id) = lower($1) LIMIT 1) AS id,
                       NULL::text[] AS candidates`;
      params = [match.value];
      break;
    case "address":
      target = `SELECT (SELECT a.id FROM ${s}.tokens a WHERE lower(a.token_layer_id) =
                          (SELECT t.token_layer_id FROM ${ix}.token t WHERE t.address = lower($1)
                            ORDER BY t.chain_id LIMIT 1) LIMIT 1) AS id, NULL::text[] AS candidates`;
      params = [match.value];
      break;
    case "symbol": {
      const m: TokenMatch = { by: "symbol", value: match.value };
      const c = candidatesSql(schemas, m, match.candidates);
      target = `SELECT (SELECT a.id FROM ${s}.tokens a WHERE lower(a.token_layer_id) =
                          (SELECT layer_id FROM cand WHERE ord = 1) LIMIT 1) AS id,
                       ARRAY(SELECT layer_id FROM cand ORDER BY ord) AS candidates`;
      target = `WITH cand AS (${c.text}) ${target}`;
      params = c.params;
      break;
    }
  }
  const viewer = `$${params.length + 1}`;
  // A prepared statement per lookup and schema pair: planning this statement costs twice its execution.
  const { rows } = await db.query({
    name: `token-record:${match.by}:${match.by === "symbol" ? match.candidates : ""}:${s}:${ix}`,
    text: `WITH target AS (${target})
     SELECT to_jsonb(a) AS app, (SELECT candidates FROM target) AS candidates, ${socialColumns(s, viewer)},
            ${INDEXED_TOKEN_COLUMNS},
            (SELECT COALESCE(jsonb_agg(jsonb_build_object('chain_id', pt.chain_id, 'address', pt.address,
                      'home_chain_id', pt.home_chain_id, 'home_token', pt.home_token, 'holders_count', pt.holders_count,
                      'supply', pt.supply::text, 'created_at', pt.created_at::text) ORDER BY pt.created_at, pt.chain_id),
                    '[]'::jsonb)
               FROM ${ix}.peer_token pt WHERE pt.home_chain_id = t.chain_id AND pt.home_token = t.address) AS peers,
            ARRAY(SELECT l.label FROM ${s}.launch_labels l WHERE l.chain_id = t.chain_id AND l.token = t.address
                   ORDER BY l.label) AS launch_labels
       FROM ${s}.tokens a
       ${socialJoins(s)}
       LEFT JOIN ${ix}.token t ON t.token_layer_id = lower(a.token_layer_id)
       LEFT JOIN ${ix}.pool p ON p.chain_id = t.chain_id AND p.token = t.address
      WHERE a.id = (SELECT id FROM target)
      ORDER BY t.chain_id`,
    values: [...params, viewerId],
  });
  const first = rows[0];
  if (!first) return undefined;
  const app = { ...first.app, created_at: new Date(first.app.created_at) } as AppTokenRow;
  const deployed = rows.filter((r) => r.chain_id !== null);
  return {
    app,
    indexed: deployed.map(indexedTokenOfRow),
    peers: deployed.flatMap((r) =>
      // biome-ignore lint/suspicious/noExplicitAny: jsonb built above
      (r.peers as any[]).map((p) => ({
        chainId: p.chain_id,
        address: p.address,
        homeChainId: p.home_chain_id,
        homeToken: p.home_token,
        holdersCount: p.holders_count,
        supply: BigInt(p.supply),
        createdAt: BigInt(p.created_at),
      })),
    ),
    social: socialOfRow(first),
    candidates: first.candidates,
    labels: new Map(
      deployed.map((r) => [`${r.chain_id}:${String(r.address).toLowerCase()}`, r.launch_labels as string[]]),
    ),
  };
}
