/**
 * Notifications in Postgres (app.notifications): recording an event for its recipients once (a dedupe key per
 * recipient), a recipient's page with what each one names (actor, tip, webhook endpoint), and read marks. Tips are
 * recorded by the database itself (db/migrations/016_tips.sql), webhook_disabled ones by db/webhooks.ts.
 */
import type pg from "pg";

type Queryable = Pick<pg.Pool, "query">;

export type NotifyParameters = {
  kind: "reply" | "vote" | "mention" | "follow";
  recipients: string[];
  actorId: string;
  postId?: string;
  dedupeKey: string;
};

/** Record one event for each recipient other than the actor; repeats of the same dedupe key add nothing. */
export async function notify(client: Queryable, schema: string, p: NotifyParameters): Promise<void> {
  const recipients = [...new Set(p.recipients)].filter((r) => r !== p.actorId);
  if (recipients.length === 0) return;
  await client.query(
    `INSERT INTO ${schema}.notifications (user_id, kind, actor_id, post_id, dedupe_key)
     SELECT unnest($1::uuid[]), $2, $3, $4, $5 ON CONFLICT (user_id, dedupe_key) DO NOTHING`,
    [recipients, p.kind, p.actorId, p.postId ?? null, p.dedupeKey],
  );
}

/** Record the graduation of a token (by token_layer_id, lowercase) for a holder once, dated `graduatedAt` (unix s). */
export async function notifyGraduation(
  db: Queryable,
  schema: string,
  userId: string,
  tokenLayerId: string,
  graduatedAt: string | null,
): Promise<void> {
  const s = schema;
  await db.query(
    `INSERT INTO ${s}.notifications (user_id, kind, token_id, dedupe_key, created_at)
     SELECT $1, 'graduation', a.id, 'graduation:' || $2, COALESCE(to_timestamp($3::bigint), now())
       FROM ${s}.tokens a WHERE lower(a.token_layer_id) = $2
     ON CONFLICT (user_id, dedupe_key) DO NOTHING`,
    [userId, tokenLayerId, graduatedAt],
  );
}

export type NotificationKind = "reply" | "vote" | "mention" | "follow" | "graduation" | "tip" | "webhook_disabled";

/** A notification with its actor, tip (amount in base units) and webhook endpoint, each null when it has none. */
export type NotificationRow = {
  id: string;
  seq: string;
  kind: NotificationKind;
  actor_id: string | null;
  username: string | null;
  profile_picture: string | null;
  post_id: string | null;
  token_id: string | null;
  tip_id: string | null;
  tip_chain_id: number | null;
  tip_symbol: string | null;
  tip_amount: string | null;
  webhook_id: string | null;
  webhook_url: string | null;
  webhook_status: string | null;
  webhook_disabled_reason: string | null;
  read_at: Date | null;
  created_at: Date;
};

export type NotificationPageQuery = {
  unreadOnly: boolean;
  /** Newest first from below this seq (a cursor), or from `offset`. */
  beforeSeq: string | null;
  offset: number;
  limit: number;
};

/** A page of a user's notifications, newest first. */
export async function readNotifications(
  db: Queryable,
  schema: string,
  userId: string,
  q: NotificationPageQuery,
): Promise<NotificationRow[]> {
  const s = schema;
  const { rows } = await db.query<NotificationRow>(
    `SELECT n.id, n.seq::text, n.kind, n.actor_id, u.username, u.profile_picture, n.post_id, n.token_id, n.tip_id,
            t.chain_id AS tip_chain_id, k.symbol AS tip_symbol, t.amount::text AS tip_amount, w.id AS webhook_id,
            w.url AS webhook_url, w.status AS webhook_status, w.disabled_reason AS webhook_disabled_reason,
            n.read_at, n.created_at
       FROM ${s}.notifications n LEFT JOIN ${s}.users u ON u.id = n.actor_id
       LEFT JOIN ${s}.tips t ON t.id = n.tip_id LEFT JOIN ${s}.tokens k ON k.id = t.token_id
       LEFT JOIN ${s}.webhook_endpoints w ON w.id = n.webhook_endpoint_id
      WHERE n.user_id = $1 AND (NOT $2::boolean OR n.read_at IS NULL) AND ($3::bigint IS NULL OR n.seq < $3)
      ORDER BY n.seq DESC LIMIT $4 OFFSET $5`,
    [userId, q.unreadOnly, q.beforeSeq, q.limit, q.offset],
  );
  return rows;
}

/** How many of a user's notifications are unread. */
export async function unreadCount(db: Queryable, schema: string, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${schema}.notifications WHERE user_id = $1 AND read_at IS NULL`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** Marks a user's notifications of `ids` (null: all of them) read; returns how many were unread. */
export async function markRead(db: Queryable, schema: string, userId: string, ids: string[] | null): Promise<number> {
  const marked = await db.query(
    `UPDATE ${schema}.notifications SET read_at = now()
      WHERE user_id = $1 AND read_at IS NULL AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))`,
    [userId, ids],
  );
  return marked.rowCount ?? 0;
}
