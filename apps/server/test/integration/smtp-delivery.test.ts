import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { eq } from 'drizzle-orm';
import { boxes, vouchers } from '../../src/db/schema/index.ts';
import { createMailer, processOutbox } from '../../src/modules/notifications/index.ts';
import { voucherMailHooks } from '../../src/modules/vouchers/index.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { buildTestApp, freePort, type TestApp } from '../helpers.ts';

let smtp: SMTPServer;
let smtpPort: number;
const received: ParsedMail[] = [];
let t: TestApp;

beforeAll(async () => {
  smtpPort = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  t = await buildTestApp({ listen: true, env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('voucher e-mail over real SMTP', () => {
  it('delivers the code, an inline QR that opens the voucher page, and the PDF', async () => {
    const cookie = await t.login('client@demo.farha.dz');
    const [box] = await t.database.db.select().from(boxes).where(eq(boxes.active, true)).limit(1);
    const created = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload: {
        boxId: box!.id,
        recipientName: 'Lina Saadi',
        recipientEmail: 'lina.saadi@example.dz',
        senderName: 'Karim',
        personalMessage: 'Pour toi, avec toute mon affection',
        paymentMethod: 'edahabia',
        termsAccepted: true,
      },
    });
    const { orderId, checkoutUrl } = created.json();
    await fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.config.publicUrl },
      body: 'action=pay',
      redirect: 'manual',
    });

    const mailer = createMailer(t.config);
    await processOutbox({ db: t.database.db, mailer, clock: systemClock, publicUrl: t.config.publicUrl, log: t.app.log, hooks: voucherMailHooks });
    mailer.close();

    const gift = received.find((m) => m.to && JSON.stringify(m.to).includes('lina.saadi@example.dz'))!;
    expect(gift).toBeDefined();
    const [voucher] = await t.database.db.select().from(vouchers).where(eq(vouchers.orderId, orderId));
    expect(gift.subject).toContain(box!.name);
    expect(gift.text).toContain(voucher!.code);
    expect(gift.html).toContain('Pour toi, avec toute mon affection');

    const qr = gift.attachments.find((a) => a.contentType === 'image/png')!;
    expect(qr.cid).toBe('qr@farha');
    // mailparser inlines cid: images as data URIs: the HTML shows the QR in place.
    expect(gift.html).toMatch(/cid:qr@farha|data:image\/png;base64/);
    const png = PNG.sync.read(qr.content);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`${t.config.publicUrl}/v/${voucher!.code}`);

    const pdf = gift.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(pdf.filename).toBe(`farha-${voucher!.code}.pdf`);
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');

    expect(received.some((m) => m.subject?.startsWith('Votre reçu Farha'))).toBe(true);
    const [after] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher!.id));
    expect(after!.status).toBe('DELIVERED');
  });
});
