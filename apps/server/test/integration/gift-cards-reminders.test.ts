import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatDzd } from '@farha/contracts/money';
import { giftCards } from '../../src/db/schema/index.ts';
import { generateGiftCardCode, remindGiftCards } from '../../src/modules/giftcards/index.ts';
import { updateSettings } from '../../src/modules/settings/index.ts';
import { DAY_MS } from '../../src/lib/clock.ts';
import { sharedTestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { mailsTo } from '../customer-fixtures.ts';

// docs/product/gift-cards.md §7: the recipient of a card with a balance is reminded once, in their language,
// `payments.gift_card_reminder_days` (30 by default) before its expiry, by the injected clock.
const clock = testClock();
const t = sharedTestApp({ clock });
const db = () => t.database.db;
const run = () => remindGiftCards(db(), { now: clock.now(), publicUrl: 'https://farha.test' });
let n = 0;

async function aCard(input: { expiresInDays: number; balance?: number; status?: 'active' | 'expired' | 'cancelled'; locale?: 'fr' | 'ar' }) {
  const now = clock.now();
  const email = `rappel-${++n}-${now.getTime()}@example.dz`;
  const [card] = await db()
    .insert(giftCards)
    .values({
      code: generateGiftCardCode(),
      initialAmount: 10_000,
      balance: input.balance ?? 6_500,
      status: input.status ?? 'active',
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      recipientName: 'Samia',
      recipientEmail: email,
      recipientLocale: input.locale ?? 'fr',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return card!;
}

describe('the reminder before a gift card expires', () => {
  it('e-mails the recipient once, 30 days ahead, with the balance and the last valid day; never the others', async () => {
    const due = await aCard({ expiresInDays: 20 });
    const dueAr = await aCard({ expiresInDays: 29, locale: 'ar' });
    const later = await aCard({ expiresInDays: 45 });
    const empty = await aCard({ expiresInDays: 10, balance: 0 });
    const cancelled = await aCard({ expiresInDays: 10, status: 'cancelled' });
    const past = await aCard({ expiresInDays: -1 });

    await run();
    const [fr] = await mailsTo(db(), due.recipientEmail, 'gift-card-reminder');
    expect(fr!.subject).toContain(`il vous reste ${formatDzd(6_500)}`);
    expect(fr!.text).toContain(due.code);
    const [ar] = await mailsTo(db(), dueAr.recipientEmail, 'gift-card-reminder');
    expect(ar!.locale).toBe('ar');
    expect(ar!.subject).toContain('بطاقة هدية فرحة: يتبقى لك');
    for (const card of [later, empty, cancelled, past]) expect(await mailsTo(db(), card.recipientEmail, 'gift-card-reminder')).toHaveLength(0);
    const [row] = await db().select().from(giftCards).where(eq(giftCards.id, due.id));
    expect(row!.remindedAt?.toISOString()).toBe(clock.now().toISOString());

    // Once: the next runs, even two at once, send nothing more to those already reminded.
    await Promise.all([run(), run()]);
    expect(await mailsTo(db(), due.recipientEmail, 'gift-card-reminder')).toHaveLength(1);
    expect(await mailsTo(db(), dueAr.recipientEmail, 'gift-card-reminder')).toHaveLength(1);

    // Sixteen days on, the later card comes within 30 days: its turn, once.
    clock.advance(16 * DAY_MS);
    await Promise.all([run(), run()]);
    expect(await mailsTo(db(), later.recipientEmail, 'gift-card-reminder')).toHaveLength(1);
    expect(await mailsTo(db(), due.recipientEmail, 'gift-card-reminder')).toHaveLength(1);
  });

  it('follows the setting: reminded 7 days ahead when the superadmin says so', async () => {
    const [admin] = await db().query.users.findMany({ where: (u, { eq }) => eq(u.role, 'superadmin'), limit: 1 });
    await updateSettings(db(), { payments: { gift_card_reminder_days: 7 } }, { actor: { userId: admin!.id, email: admin!.email, role: 'superadmin' }, now: clock.now() });
    const soon = await aCard({ expiresInDays: 6 });
    const notYet = await aCard({ expiresInDays: 8 });
    await run();
    expect(await mailsTo(db(), soon.recipientEmail, 'gift-card-reminder')).toHaveLength(1);
    expect(await mailsTo(db(), notYet.recipientEmail, 'gift-card-reminder')).toHaveLength(0);
    clock.advance(2 * DAY_MS);
    await run();
    expect(await mailsTo(db(), notYet.recipientEmail, 'gift-card-reminder')).toHaveLength(1);
  });

  // PGlite runs one transaction at a time: only PostgreSQL (scripts/test-postgres.mjs) can hold a card meanwhile.
  it.skipIf(!process.env.TEST_DATABASE_URL)('skips a card another transaction holds, without waiting, and takes it at the next run (SKIP LOCKED)', async () => {
    const card = await aCard({ expiresInDays: 3 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db().transaction(async (tx) => {
      await tx.select().from(giftCards).where(eq(giftCards.id, card.id)).for('update');
      locked();
      await held;
    });
    await isLocked;
    await run();
    expect(await mailsTo(db(), card.recipientEmail, 'gift-card-reminder')).toHaveLength(0);
    release();
    await holder;
    await run();
    expect(await mailsTo(db(), card.recipientEmail, 'gift-card-reminder')).toHaveLength(1);
  });
});
