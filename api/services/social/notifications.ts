/**
 * Notifications: replies to your posts, votes on your posts, mentions (@username), new followers, tips you received,
 * the graduation of a token you hold, and a webhook endpoint of yours that the worker disabled after failing
 * deliveries (db/webhooks.ts). Each event notifies once (a dedupe key per recipient), never the actor themself.
 *
 * Tips are notified by the database, when a tip's transfer is first confirmed (db/migrations/016_tips.sql), since
 * that may happen in the worker long after the request; the notification names the tip, whose amount is read here.
 *
 * Graduation is detected lazily, when the holder reads their notifications: tokens whose indexed pool has
 * graduated and of which the wallet on record holds a non-zero indexed balance get a notification then, dated at
 * the graduation block's time. No poller is needed, and a holder sees it on their next read.
 */

import type pg from "pg";
import { allEnded } from "../../../core/all-ended.js";
import { readUnnotifiedGraduations } from "../../../db/indexed/holdings.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { ensureAppToken } from "../token-catalog.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import { tipAmountView } from "./post-view.js";
import { iso } from "./units.js";

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

/** Graduation notifications for tokens the user holds that have graduated (see the module comment). */
async function syncGraduations(deps: ApiDeps, user: AuthedUser) {
  const s = deps.config.appSchema;
  const graduations = await readUnnotifiedGraduations(deps.db, deps.config, user.id, user.walletAddress);
  for (const g of graduations) {
    // Tokens created directly on chain get their app row (and uuid) here, as on every other read.
    if (!g.hasAppRow) await ensureAppToken(deps, g.tokenLayerId);
    await deps.db.query(
      `INSERT INTO ${s}.notifications (user_id, kind, token_id, dedupe_key, created_at)
       SELECT $1, 'graduation', a.id, 'graduation:' || $2, COALESCE(to_timestamp($3::bigint), now())
         FROM ${s}.tokens a WHERE lower(a.token_layer_id) = $2
       ON CONFLICT (user_id, dedupe_key) DO NOTHING`,
      [user.id, g.tokenLayerId, g.graduatedAt],
    );
  }
}

export type GetNotificationsInput = { limit: number; offset: number; unread_only: boolean; cursor?: string };
/** No ids: every notification of the caller. */
export type MarkNotificationsReadInput = { notification_ids?: string[] };

/** What a tip notification says was sent: an asset on a chain, whole units beside base units. */
export type NotificationTip = { id: string } & ReturnType<typeof tipAmountView>;

/** The endpoint a webhook_disabled notification is about, as it is now (null once deleted). */
export type NotificationWebhook = { id: string; url: string; status: string; disabled_reason: string | null };

/**
 * One notification as the recipient reads it; `actor` is null for graduations and disabled webhooks, `tip` set for
 * tips only, `webhook` for webhook_disabled only (the worker disabled the endpoint after failing deliveries).
 */
export type NotificationView = {
  id: string;
  kind: "reply" | "vote" | "mention" | "follow" | "graduation" | "tip" | "webhook_disabled";
  actor: { id: string; username: string; profile_picture: string } | null;
  post_id: string | null;
  token_id: string | null;
  tip: NotificationTip | null;
  webhook: NotificationWebhook | null;
  read: boolean;
  created_at: string;
};

type NotificationRow = {
  id: string;
  seq: string;
  kind: NotificationView["kind"];
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

function webhookOf(r: NotificationRow): NotificationWebhook | null {
  if (r.webhook_id === null) return null;
  return {
    id: r.webhook_id,
    url: r.webhook_url ?? "",
    status: r.webhook_status ?? "",
    disabled_reason: r.webhook_disabled_reason,
  };
}

function tipOf(r: NotificationRow): NotificationTip | null {
  if (r.tip_id === null || r.tip_chain_id === null || r.tip_amount === null) return null;
  return { id: r.tip_id, ...tipAmountView(r.tip_chain_id, r.token_id, r.tip_symbol ?? "USDC", r.tip_amount) };
}

export type ListNotificationsReturnType = {
  notifications: NotificationView[];
  unread_count: number;
  pagination: { limit: number; offset: number; has_more: boolean; next_cursor: string | null };
};

/** get-notifications: the caller's notifications, newest first (keyset `cursor` or offset), and the unread count. */
export async function listNotifications(
  deps: ApiDeps,
  user: AuthedUser,
  input: GetNotificationsInput,
): Promise<ListNotificationsReturnType> {
  await syncGraduations(deps, user);
  const s = deps.config.appSchema;
  const after = input.cursor ? decodeCursor(input.cursor, "notifications") : undefined;
  const [{ rows }, unread] = await allEnded([
    deps.db.query<NotificationRow>(
      `SELECT n.id, n.seq::text, n.kind, n.actor_id, u.username, u.profile_picture, n.post_id, n.token_id, n.tip_id,
              t.chain_id AS tip_chain_id, k.symbol AS tip_symbol, t.amount::text AS tip_amount, w.id AS webhook_id,
              w.url AS webhook_url, w.status AS webhook_status, w.disabled_reason AS webhook_disabled_reason,
              n.read_at, n.created_at
         FROM ${s}.notifications n LEFT JOIN ${s}.users u ON u.id = n.actor_id
         LEFT JOIN ${s}.tips t ON t.id = n.tip_id LEFT JOIN ${s}.tokens k ON k.id = t.token_id
         LEFT JOIN ${s}.webhook_endpoints w ON w.id = n.webhook_endpoint_id
        WHERE n.user_id = $1 AND (NOT $2::boolean OR n.read_at IS NULL) AND ($3::bigint IS NULL OR n.seq < $3)
        ORDER BY n.seq DESC LIMIT $4 OFFSET $5`,
      [user.id, input.unread_only, after?.seq ?? null, input.limit + 1, after ? 0 : input.offset],
    ),
    deps.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${s}.notifications WHERE user_id = $1 AND read_at IS NULL`,
      [user.id],
    ),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const hasMore = rows.length > input.limit;
  return {
    notifications: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      actor:
        r.actor_id === null
          ? null
          : { id: r.actor_id, username: r.username ?? "", profile_picture: r.profile_picture ?? "" },
      post_id: r.post_id,
      token_id: r.token_id,
      tip: tipOf(r),
      webhook: webhookOf(r),
      read: r.read_at !== null,
      created_at: iso(r.created_at),
    })),
    unread_count: unread.rows[0]?.n ?? 0,
    pagination: {
      limit: input.limit,
      offset: input.offset,
      has_more: hasMore,
      next_cursor: hasMore && last ? encodeCursor("notifications", { seq: last.seq }) : null,
    },
  };
}

/** mark-notifications-read: the given notifications of the caller (others' ids are ignored), or all of them. */
export async function markNotificationsRead(
  deps: ApiDeps,
  user: AuthedUser,
  input: MarkNotificationsReadInput,
): Promise<{ marked: number; unread_count: number }> {
  const s = deps.config.appSchema;
  const marked = await deps.db.query(
    `UPDATE ${s}.notifications SET read_at = now()
      WHERE user_id = $1 AND read_at IS NULL AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))`,
    [user.id, input.notification_ids ?? null],
  );
  const unread = await deps.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${s}.notifications WHERE user_id = $1 AND read_at IS NULL`,
    [user.id],
  );
  return { marked: marked.rowCount ?? 0, unread_count: unread.rows[0]?.n ?? 0 };
}
