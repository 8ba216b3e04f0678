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

import { allEnded } from "../../../core/all-ended.js";
import { readUnnotifiedGraduations } from "../../../db/indexed/holdings.js";
import {
  markRead,
  type NotificationKind,
  type NotificationRow,
  notifyGraduation,
  readNotifications,
  unreadCount,
} from "../../../db/social/notifications.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { ensureAppToken } from "../tokens/catalog.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import { tipAmountView } from "./post-view.js";
import { iso } from "./units.js";

/** Graduation notifications for tokens the user holds that have graduated (see the module comment). */
async function syncGraduations(deps: ApiDeps, user: AuthedUser) {
  const s = deps.config.appSchema;
  const graduations = await readUnnotifiedGraduations(deps.db, deps.config, user.id, user.walletAddress);
  for (const g of graduations) {
    // Tokens created directly on chain get their app row (and uuid) here, as on every other read.
    if (!g.hasAppRow) await ensureAppToken(deps, g.tokenLayerId);
    await notifyGraduation(deps.db, s, user.id, g.tokenLayerId, g.graduatedAt);
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
  kind: NotificationKind;
  actor: { id: string; username: string; profile_picture: string } | null;
  post_id: string | null;
  token_id: string | null;
  tip: NotificationTip | null;
  webhook: NotificationWebhook | null;
  read: boolean;
  created_at: string;
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
  const [rows, unread] = await allEnded([
    readNotifications(deps.db, s, user.id, {
      unreadOnly: input.unread_only,
      beforeSeq: after?.seq ?? null,
      limit: input.limit + 1,
      offset: after ? 0 : input.offset,
    }),
    unreadCount(deps.db, s, user.id),
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
    unread_count: unread,
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
  const marked = await markRead(deps.db, s, user.id, input.notification_ids ?? null);
  return { marked, unread_count: await unreadCount(deps.db, s, user.id) };
}
