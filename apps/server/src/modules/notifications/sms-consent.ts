import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { partners, smsConsentCodes, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { asLocale } from './html.ts';
import { enqueueSms, isSmsOptedOut, lockSmsNumber, optInToSms } from './sms-outbox.ts';
import { smsConsentCodeSms } from './sms-texts.ts';
import { wakeOutbox } from './outbox.ts';

/**
 * Issue 32: a « STOP » is lifted only by the number's holder. Besides a « START » reply (the inbound
 * webhook), a signed-in person may have a code texted to their own number (their profile's, or that of a
 * business they own) and type it back: only whoever holds the phone can read it. ADR 013.
 */
const CODE_TTL_MS = 10 * 60_000;
const MAX_TRIES = 5;
/** Codes a number may be sent, and a person may ask for, per day: each is a text to a number that said STOP. */
const CODES_PER_NUMBER_PER_DAY = 3;
const CODES_PER_USER_PER_DAY = 5;
const DAY_MS = 86_400_000;

const hashOf = (phone: string, code: string) => createHash('sha256').update(`${phone}|${code}`).digest('hex');

/** The number is the person's: their account's, or a business's they own. */
async function assertOwnNumber(db: Queryable, userId: string, phone: string): Promise<void> {
  const [own] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.phone, phone))).limit(1);
  if (own) return;
  const [business] = await db.select({ id: partners.id }).from(partners).where(and(eq(partners.ownerUserId, userId), eq(partners.phone, phone))).limit(1);
  if (!business) throw new AppError('SMS_CONSENT_NOT_YOURS', { field: 'phone' });
}

/** Texts a code to a stopped number of the caller's (at most 3 a day to one number, 5 a day per person). */
export async function sendSmsConsentCode(db: Queryable, input: { userId: string; phone: string; now: Date }): Promise<void> {
  await assertOwnNumber(db, input.userId, input.phone);
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, input.userId)).limit(1);
  const locale = asLocale(user?.locale);
  await lockSmsNumber(db, input.phone);
  if (!(await isSmsOptedOut(db, input.phone))) throw new AppError('SMS_CONSENT_NOT_STOPPED', { field: 'phone' });
  const since = new Date(input.now.getTime() - DAY_MS);
  const [toNumber] = await db.select({ n: count() }).from(smsConsentCodes).where(and(eq(smsConsentCodes.phone, input.phone), gt(smsConsentCodes.createdAt, since)));
  const [byUser] = await db.select({ n: count() }).from(smsConsentCodes).where(and(eq(smsConsentCodes.userId, input.userId), gt(smsConsentCodes.createdAt, since)));
  if (toNumber!.n >= CODES_PER_NUMBER_PER_DAY || byUser!.n >= CODES_PER_USER_PER_DAY) throw new AppError('SMS_CONSENT_TOO_MANY', { field: 'phone' });
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(smsConsentCodes).values({
    phone: input.phone,
    userId: input.userId,
    codeHash: hashOf(input.phone, code),
    expiresAt: new Date(input.now.getTime() + CODE_TTL_MS),
    createdAt: input.now,
  });
  await enqueueSms(db, {
    to: input.phone,
    body: smsConsentCodeSms({ locale, code }),
    kind: 'sms-consent-code',
    locale,
    now: input.now,
    userId: input.userId,
    evenIfOptedOut: true,
  });
  wakeOutbox();
}

/** The code typed back: the number takes texts again. Five wrong tries spend a code. */
export async function confirmSmsConsent(db: Queryable, input: { userId: string; phone: string; code: string; now: Date }): Promise<void> {
  const [row] = await db
    .select()
    .from(smsConsentCodes)
    .where(and(eq(smsConsentCodes.phone, input.phone), eq(smsConsentCodes.userId, input.userId), isNull(smsConsentCodes.usedAt), gt(smsConsentCodes.expiresAt, input.now)))
    .orderBy(desc(smsConsentCodes.createdAt), desc(smsConsentCodes.id))
    .limit(1);
  if (!row || row.attempts >= MAX_TRIES) throw new AppError('SMS_CONSENT_CODE_INVALID', { field: 'code' });
  const given = Buffer.from(hashOf(input.phone, input.code));
  if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
    await db.update(smsConsentCodes).set({ attempts: row.attempts + 1 }).where(eq(smsConsentCodes.id, row.id));
    throw new AppError('SMS_CONSENT_CODE_INVALID', { field: 'code' });
  }
  await db.update(smsConsentCodes).set({ usedAt: input.now }).where(eq(smsConsentCodes.id, row.id));
  await optInToSms(db, input.phone);
}
