import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { boxes, boxOffers, offers } from '../../src/db/schema/index.ts';
import { processOutbox } from '../../src/modules/notifications/index.ts';
import { voucherMailHooks } from '../../src/modules/vouchers/index.ts';
import { buildTestApp, memoryMailer, payOnSandbox, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';

/** Issue 15: every e-mail in its reader's language, the voucher PDF in Arabic with the shipped font. */
const clock = testClock();
const mailer = memoryMailer();
let t: TestApp;
let arabicBuyer: string;
let box: typeof boxes.$inferSelect;

beforeAll(async () => {
  t = await buildTestApp({ clock, listen: true, mailer });
  const reg = await t.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: 'yasmine.ar@example.dz', password: 'secret123', firstName: 'Yasmine', lastName: 'Haddad', locale: 'ar' },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  arabicBuyer = String(reg.headers['set-cookie']).split(';')[0]!;
  const [active] = await t.database.db.select().from(boxes).where(eq(boxes.active, true)).limit(1);
  box = active!;
  await t.database.db.update(boxes).set({ nameAr: 'علبة الفرح' }).where(eq(boxes.id, box.id));
  const [first] = await t.database.db
    .select({ id: offers.id })
    .from(boxOffers)
    .innerJoin(offers, eq(offers.id, boxOffers.offerId))
    .where(eq(boxOffers.boxId, box.id))
    .limit(1);
  await t.database.db.update(offers).set({ titleAr: 'تجربة مترجمة' }).where(eq(offers.id, first!.id));
});
afterAll(async () => {
  await t.close();
});

const drainOutbox = () => processOutbox({ db: t.database.db, mailer, clock, publicUrl: t.config.publicUrl, log: t.app.log, hooks: voucherMailHooks });

async function buyGift(cookie: string, recipient: { email: string; locale: 'fr' | 'ar' }) {
  const res = await t.request({
    method: 'POST',
    url: '/api/orders',
    cookie,
    payload: {
      boxId: box.id,
      recipientName: 'Leila',
      recipientEmail: recipient.email,
      recipientLocale: recipient.locale,
      senderName: 'Yasmine',
      personalMessage: 'عيد ميلاد سعيد',
      paymentMethod: 'cib',
      termsAccepted: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { checkoutUrl } = res.json() as { checkoutUrl: string };
  const paid = await payOnSandbox(t.config.publicUrl, checkoutUrl);
  expect(paid.status).toBe(303);
  mailer.sent.length = 0;
  await drainOutbox();
}

describe('e-mails in the reader’s language', () => {
  it('sends a gift chosen in Arabic to a recipient without account in Arabic, with the Arabic names and an Arabic PDF', async () => {
    await buyGift(arabicBuyer, { email: 'leila.sans.compte@example.dz', locale: 'ar' });
    const gift = mailer.sent.find((m) => m.to === 'leila.sans.compte@example.dz')!;
    expect(gift.subject).toBe('Yasmine يهديك «علبة الفرح» 🎁');
    expect(gift.html).toContain('<html lang="ar" dir="rtl">');
    expect(gift.html).toContain('تجربة مترجمة');
    const pdf = gift.attachments!.find((a) => a.contentType === 'application/pdf')!.content.toString('latin1');
    // The Arabic PDF embeds the shipped Cairo font (a French one uses only PDF's standard fonts).
    expect(pdf).toMatch(/\/FontName \/[A-Z]{6}\+Cairo/);
    expect(pdf).toContain('/Lang (ar)');

    // The purchaser's account reads Arabic: so does the receipt.
    const receipt = mailer.sent.find((m) => m.to === 'yasmine.ar@example.dz')!;
    expect(receipt.subject).toBe('إيصالكم من فرحة — علبة الفرح');
    expect(receipt.html).toContain('dir="rtl"');
    expect(receipt.text).toMatch(/\d دج/);
  });

  it("writes to a recipient with an account in the account's language, whatever the purchaser chose", async () => {
    await buyGift(arabicBuyer, { email: 'client@demo.farha.dz', locale: 'ar' });
    const gift = mailer.sent.find((m) => m.to === 'client@demo.farha.dz')!;
    expect(gift.subject).toBe(`Yasmine vous offre « ${box.name} » 🎁`);
    expect(gift.html).toContain('<html lang="fr" dir="ltr">');
    const pdf = gift.attachments!.find((a) => a.contentType === 'application/pdf')!.content.toString('latin1');
    expect(pdf).toContain('/Lang (fr)');
  });

  it('sends the password reset in the account’s language', async () => {
    mailer.sent.length = 0;
    for (const email of ['yasmine.ar@example.dz', 'client@demo.farha.dz']) {
      expect((await t.request({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } })).statusCode).toBeLessThan(300);
    }
    await drainOutbox();
    const ar = mailer.sent.find((m) => m.to === 'yasmine.ar@example.dz')!;
    const fr = mailer.sent.find((m) => m.to === 'client@demo.farha.dz')!;
    expect(ar.subject).toBe('إعادة تعيين كلمة مرور حسابكم في فرحة');
    expect(ar.html).toContain('dir="rtl"');
    expect(fr.subject).toBe('Réinitialisation de votre mot de passe Farha');
  });

  it('shows the Arabic e-mails in the demo mailbox, right to left', async () => {
    const admin = await t.login('admin@demo.farha.dz');
    const list = await t.request({ method: 'GET', url: '/api/demo/mailbox?to=leila.sans.compte', cookie: admin });
    const [message] = list.json().messages as { id: string; subject: string }[];
    expect(message!.subject).toContain('علبة الفرح');
    const detail = await t.request({ method: 'GET', url: `/api/demo/mailbox/${message!.id}`, cookie: admin });
    expect(detail.json().html).toContain('<html lang="ar" dir="rtl">');
  });
});
