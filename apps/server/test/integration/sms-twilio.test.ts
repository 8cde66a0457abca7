import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { smsOptOuts, smsOutbox, users } from '../../src/db/schema/index.ts';
import { createSmsProvider, enqueueSms, processSmsOutbox } from '../../src/modules/notifications/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'stand-in-auth-token-0123456789';

/** A local stand-in of Twilio's Messages API: records each request, answers like Twilio (or fails on demand). */
type Received = { path: string; auth: string | undefined; form: Record<string, string> };
const received: Received[] = [];
let failNext = 0;
const standIn = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push({ path: req.url ?? '', auth: req.headers.authorization, form: Object.fromEntries(new URLSearchParams(body)) });
    if (failNext > 0) {
      failNext--;
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 20500, message: 'Internal Server Error', status: 500 }));
      return;
    }
    const sid = `SM${String(received.length).padStart(32, '0')}`;
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid, status: 'queued', to: 'x', body: 'x', account_sid: SID }));
  });
});

const clock = testClock();
let t: TestApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  t = await buildTestApp({
    clock,
    env: { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: 'Farha', TWILIO_API_URL: `http://127.0.0.1:${port}` },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => standIn.close(resolve));
});

const drain = () => processSmsOutbox({ db: t.database.db, sms: createSmsProvider(t.config), clock, log: t.app.log });
const queue = (to: string, body = 'Farha : votre réservation est confirmée.') => enqueueSms(t.database.db, { to, body, kind: 'reservation-confirmed', locale: 'fr', now: clock.now() });
const row = async (id: string) => (await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]!;

/** Posts a form to one of our Twilio callbacks, signed as Twilio signs (or not). */
function callback(path: string, form: Record<string, string>, signature = twilio.getExpectedTwilioSignature(TOKEN, `${t.config.publicUrl}${path}`, form)) {
  return t.request({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: new URLSearchParams(form).toString(),
  });
}

describe('Twilio (SMS_PROVIDER=twilio, against a local stand-in)', () => {
  it('sends through the official SDK: account, auth, sender, number and text', async () => {
    const id = (await queue('+213661234567'))!;
    expect(await drain()).toBe(1);
    const last = received.at(-1)!;
    expect(last.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(last.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(last.form).toMatchObject({ To: '+213661234567', From: 'Farha', Body: 'Farha : votre réservation est confirmée.' });
    expect(await row(id)).toMatchObject({ status: 'sent', providerId: `SM${String(received.length).padStart(32, '0')}` });
  });

  it('retries a refused message later, then gives up', async () => {
    failNext = 10;
    const id = (await queue('+213661234568'))!;
    await drain();
    let r = await row(id);
    expect(r).toMatchObject({ status: 'queued', attempts: 1 });
    expect(r.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());
    for (let i = 0; i < 5 && r.status !== 'failed'; i++) {
      clock.set(new Date(r.nextAttemptAt.getTime() + 1000));
      await drain();
      r = await row(id);
    }
    expect(r.status).toBe('failed');
    expect(r.attempts).toBe(4);
    failNext = 0;
  });

  it('marks a text delivered or failed from signed status callbacks, and refuses an unsigned one', async () => {
    const id = (await queue('+213661234569'))!;
    await drain();
    const sid = (await row(id)).providerId!;
    const forged = await callback('/api/sms/twilio/status', { MessageSid: sid, MessageStatus: 'failed' }, 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.message).toBe('Signature invalide');
    expect((await row(id)).status).toBe('sent');
    expect((await callback('/api/sms/twilio/status', { MessageSid: sid, MessageStatus: 'delivered' })).statusCode).toBe(204);
    expect(await row(id)).toMatchObject({ status: 'delivered' });

    const other = (await queue('+213661234570'))!;
    await drain();
    await callback('/api/sms/twilio/status', { MessageSid: (await row(other)).providerId!, MessageStatus: 'undelivered', ErrorCode: '30003' });
    expect(await row(other)).toMatchObject({ status: 'failed', lastError: 'undelivered (30003)' });
  });

  it('turns texts off when a number answers STOP, on the account that has it too', async () => {
    const phone = '+213555000777';
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'client@demo.farha.dz'));
    await t.database.db.update(users).set({ phone, preferences: { ...(user!.preferences as object), smsNotifications: true } }).where(eq(users.id, user!.id));
    const pending = (await queue(phone))!;
    const res = await callback('/api/sms/twilio/inbound', { From: phone, Body: 'Stop', MessageSid: 'SMinbound' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toHaveLength(1);
    expect((await row(pending)).status).toBe('failed');
    expect(await queue(phone)).toBeNull();
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user!.id));
    expect((after!.preferences as { smsNotifications: boolean }).smsNotifications).toBe(false);

    // Issue 32: saving the number with texts on does not undo the STOP (anyone could save it) and says so…
    const cookie = await t.login('client@demo.farha.dz');
    const profile = (await t.request({ method: 'GET', url: '/api/client/profile', cookie })).json().profile;
    const saved = await t.request({
      method: 'PATCH',
      url: '/api/client/profile',
      cookie,
      payload: { firstName: profile.firstName, lastName: profile.lastName, email: profile.email, phone: '0555 00 07 77', preferences: { ...profile.preferences, smsNotifications: true } },
    });
    expect(saved.statusCode, saved.body).toBe(409);
    expect(saved.json().error).toMatchObject({ code: 'SMS_NUMBER_STOPPED', field: 'phone' });
    expect(await queue(phone)).toBeNull();
    // …the holder's own « START » does.
    expect((await callback('/api/sms/twilio/inbound', { From: phone, Body: 'start', MessageSid: 'SMinbound2' })).statusCode).toBe(200);
    expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toHaveLength(0);
    expect(await queue(phone)).not.toBeNull();
  });

  it('ignores a replayed status callback and says 200 (issue 32): the delivery keeps its time, a delivered text is not turned failed', async () => {
    const id = (await queue('+213661234571'))!;
    await drain();
    const sid = (await row(id)).providerId!;
    const warn = vi.spyOn(t.app.log, 'warn');
    expect((await callback('/api/sms/twilio/status', { MessageSid: sid, MessageStatus: 'delivered' })).statusCode).toBe(204);
    const deliveredAt = (await row(id)).deliveredAt;
    expect(deliveredAt).not.toBeNull();
    let replays = 0;
    for (let i = 0; i < 5; i++) {
      clock.advance(60_000);
      for (const status of ['delivered', 'sent', 'undelivered']) {
        const res = await callback('/api/sms/twilio/status', { MessageSid: sid, MessageStatus: status, ErrorCode: '30003' });
        expect(res.statusCode).toBe(200);
        replays++;
      }
    }
    expect(await row(id)).toMatchObject({ status: 'delivered', deliveredAt, lastError: null });
    expect(warn.mock.calls.filter(([fields]) => (fields as { smsReplay?: boolean }).smsReplay === true)).toHaveLength(replays);
    warn.mockRestore();

    // A failure told twice is written once.
    const other = (await queue('+213661234572'))!;
    await drain();
    const otherSid = (await row(other)).providerId!;
    expect((await callback('/api/sms/twilio/status', { MessageSid: otherSid, MessageStatus: 'failed', ErrorCode: '30005' })).statusCode).toBe(204);
    expect((await callback('/api/sms/twilio/status', { MessageSid: otherSid, MessageStatus: 'failed', ErrorCode: '30005' })).statusCode).toBe(200);
    expect(await row(other)).toMatchObject({ status: 'failed', lastError: 'failed (30005)' });
    console.info(`[issue 32] Twilio status callbacks replayed: ${replays} answered 200, 0 of ${replays} changed a text`);
  });
});
