import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { DEFAULT_PARTNER_NOTIFICATION_PREFERENCES, ZNotificationPreferences } from '@farha/contracts/partner';
import type { TNotificationParams, TNotificationPreferences, TPartnerNotification, TPartnerNotificationKind, TPartnerPermission } from '@farha/contracts/partner';
import type { Queryable } from '../../db/client.ts';
import { notifications, partnerMembers, partners, users } from '../../db/schema/index.ts';
import { publish, publishEach } from '../realtime/index.ts';

/**
 * `kind` and `params` are what the web words in the reader's language; `title` and `body` are the French
 * fallback kept with the row.
 */
export type NewNotification = { kind: TPartnerNotificationKind; params: TNotificationParams; title: string; body?: string; link?: string | null };

/**
 * Adds a notification to the feed of the partner's members: the owner always, staff only when they hold
 * `permission` (none given: the owner only). Runs in the caller's transaction.
 */
export async function notifyPartnerMembers(
  db: Queryable,
  partnerId: string,
  notification: NewNotification,
  options: { permission?: TPartnerPermission; now: Date },
): Promise<number> {
  const members = await db
    .select({ userId: partnerMembers.userId })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(
      and(
        eq(partnerMembers.partnerId, partnerId),
        eq(users.status, 'active'),
        options.permission
          ? or(eq(partnerMembers.memberRole, 'owner'), sql`${options.permission} = any(${partnerMembers.permissions})`)
          : eq(partnerMembers.memberRole, 'owner'),
      ),
    );
  if (members.length === 0) return 0;
  const added = await db.insert(notifications).values(
    members.map((m) => ({
      userId: m.userId,
      kind: notification.kind,
      params: notification.params,
      title: notification.title,
      body: notification.body ?? '',
      link: notification.link ?? null,
      createdAt: options.now,
    })),
  ).returning({ id: notifications.id, userId: notifications.userId });
  // Issue 36: each member's bell learns of it at commit (docs/product/realtime.md §6).
  await publishEach(db, 'partner.notification', added.map((row) => ({ audience: { userId: row.userId }, payload: { notificationId: row.id } })), options.now);
  return members.length;
}

/** Adds a notification to one user's feed (the partner's owner, told of a reservation), in the caller's transaction. */
export async function notifyUser(db: Queryable, userId: string, notification: NewNotification, now: Date): Promise<void> {
  const [added] = await db.insert(notifications).values({
    userId,
    kind: notification.kind,
    params: notification.params,
    title: notification.title,
    body: notification.body ?? '',
    link: notification.link ?? null,
    createdAt: now,
  }).returning({ id: notifications.id });
  await publish(db, { topic: 'partner.notification', audience: { userId }, payload: { notificationId: added?.id ?? null }, now });
}

/** The partner's notification preferences as saved, the defaults filling what is missing (all of them when unreadable). */
export function notificationPreferencesOf(partner: { notificationPreferences: unknown }): TNotificationPreferences {
  const parsed = ZNotificationPreferences.safeParse({ ...DEFAULT_PARTNER_NOTIFICATION_PREFERENCES, ...(partner.notificationPreferences as object) });
  return parsed.success ? parsed.data : DEFAULT_PARTNER_NOTIFICATION_PREFERENCES;
}

/** docs/product/partners.md §7, settings tab (owner only): which e-mails the partner's members get, shared by them all. */
export async function saveNotificationPreferences(db: Queryable, partnerId: string, preferences: TNotificationPreferences, now: Date): Promise<void> {
  // Issue 32: turning the toggle on does not lift a « STOP » from the partner's numbers: only the number's
  // holder does (a « START » reply, or the code texted to it); smsToPartner skips a stopped number.
  await db.update(partners).set({ notificationPreferences: preferences, updatedAt: now }).where(eq(partners.id, partnerId));
}

/** Issue 25: a « STOP » reply from this number turns the SMS toggle off for a partner it belongs to. */
export async function turnOffPartnerSms(db: Queryable, phone: string, now: Date): Promise<void> {
  await db
    .update(partners)
    .set({ notificationPreferences: sql`${partners.notificationPreferences} || '{"sms": false}'::jsonb`, updatedAt: now })
    .where(sql`${partners.phone} = ${phone} or ${partners.ownerUserId} in (select ${users.id} from ${users} where ${users.phone} = ${phone})`);
}

export function toNotificationDto(row: typeof notifications.$inferSelect): TPartnerNotification {
  return {
    id: row.id,
    kind: row.kind,
    params: (row.params as TNotificationParams | null) ?? null,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function latestNotifications(db: Queryable, userId: string, limit: number) {
  const [rows, [unread]] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { notifications: rows.map(toNotificationDto), unread: Number(unread?.n ?? 0) };
}

export async function markNotificationsRead(db: Queryable, userId: string, ids: string[] | undefined, now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']) : undefined,
      ),
    );
}
