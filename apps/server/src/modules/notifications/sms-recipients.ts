import { eq, sql } from 'drizzle-orm';
import { isTextableMobile, mobileCountryOf } from '@farha/contracts/mobile-numbers';
import type { Queryable } from '../../db/client.ts';
import { partners, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { cachedSettings } from '../settings/index.ts';
import { asLocale, type Locale } from './html.ts';
import { enqueueSms, type SmsKind } from './sms-outbox.ts';

/**
 * Issue 32: why a text cannot go to this E.164 number, or null when it can: a mobile (libphonenumber's
 * full metadata) of a country of the setting `notifications.sms_countries`. The one rule of every place
 * that takes a number for texts: the checkout, the profile, the partners' notices, the companies' rows.
 */
export async function smsNumberProblem(
  db: Queryable,
  e164: string,
): Promise<{ code: 'SMS_NOT_MOBILE' } | { code: 'SMS_COUNTRY_NOT_SERVED'; params: { countries: string } } | null> {
  const { sms_countries: countries } = await cachedSettings(db, 'notifications');
  if (isTextableMobile(e164, countries)) return null;
  // A mobile elsewhere: say where texts go; anything else is not a mobile.
  return mobileCountryOf(e164) ? { code: 'SMS_COUNTRY_NOT_SERVED', params: { countries: countries.join(', ') } } : { code: 'SMS_NOT_MOBILE' };
}

/** Throws the catalogue's 400 naming `field` when no text can go to the number. */
export async function assertTextable(db: Queryable, e164: string, field: string): Promise<void> {
  const problem = await smsNumberProblem(db, e164);
  if (problem) throw new AppError(problem.code, { field, ...('params' in problem ? { params: problem.params } : {}) });
}

/** Whether a text can go to the number (see smsNumberProblem). */
export async function isTextable(db: Queryable, e164: string): Promise<boolean> {
  return (await smsNumberProblem(db, e164)) === null;
}

/**
 * Who gets a notice by SMS (issue 25): a person only when their own preference allows it — a customer's
 * "SMS notifications", a partner's SMS toggle — and only on a number that takes texts.
 */
type Notice = { kind: SmsKind; now: Date; render: (locale: Locale) => string; voucherId?: string | null; dedupeKey?: string };

type Account = { id: string; phone: string | null; locale: string; preferences: unknown };

async function wantsSms(db: Queryable, account: Account): Promise<boolean> {
  const prefs = (account.preferences ?? {}) as { smsNotifications?: unknown };
  return prefs.smsNotifications === true && !!account.phone && (await isTextable(db, account.phone));
}

async function toAccount(db: Queryable, account: Account | undefined, notice: Notice, phone?: string | null): Promise<boolean> {
  if (!account?.phone || !(await wantsSms(db, account))) return false;
  // The number given for this matter (a reservation's) when it takes texts, else the account's.
  const to = phone && (await isTextable(db, phone)) ? phone : account.phone;
  const locale = asLocale(account.locale);
  const id = await enqueueSms(db, { to, body: notice.render(locale), kind: notice.kind, locale, now: notice.now, userId: account.id, voucherId: notice.voucherId, dedupeKey: notice.dedupeKey });
  return id !== null;
}

const accountColumns = { id: users.id, phone: users.phone, locale: users.locale, preferences: users.preferences };

/** A notice to an account by its id, if its owner turned SMS notifications on. Returns whether one was queued. */
export async function smsToUser(db: Queryable, userId: string, notice: Notice): Promise<boolean> {
  const [account] = await db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
  return toAccount(db, account, notice);
}

/**
 * A notice to the account behind an e-mail address (a reservation's holder), if it turned SMS on; to
 * `phone` (the number the holder gave for this matter) when that one takes texts.
 */
export async function smsToAccountOf(db: Queryable, email: string, notice: Notice & { phone?: string | null }): Promise<boolean> {
  const [account] = await db.select(accountColumns).from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`).limit(1);
  return toAccount(db, account, notice, notice.phone ?? null);
}

/**
 * A notice to a partner whose SMS toggle is on: to the business's number when it is a mobile, otherwise
 * to its owner's.
 */
export async function smsToPartner(db: Queryable, partnerId: string, notice: Notice): Promise<boolean> {
  const [row] = await db
    .select({ phone: partners.phone, prefs: partners.notificationPreferences, owner: accountColumns })
    .from(partners)
    .leftJoin(users, eq(users.id, partners.ownerUserId))
    .where(eq(partners.id, partnerId))
    .limit(1);
  if (!row || (row.prefs as { sms?: unknown } | null)?.sms !== true) return false;
  let to: string | undefined;
  for (const phone of [row.phone, row.owner?.phone]) if (!to && phone && (await isTextable(db, phone))) to = phone;
  if (!to) return false;
  const locale = asLocale(row.owner?.locale);
  const id = await enqueueSms(db, { to, body: notice.render(locale), kind: notice.kind, locale, now: notice.now, userId: row.owner?.id ?? null, voucherId: notice.voucherId, dedupeKey: notice.dedupeKey });
  return id !== null;
}
