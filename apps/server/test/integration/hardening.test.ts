import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock.ts';
import { MAX_ACCOUNT_FAILURES, MAX_ADDRESS_FAILURES } from '../../src/modules/auth/login-throttle.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

/** Issue 11, "Hardening and operations": each hole with the test that failed before its fix. */
const clock = fixedClock(new Date('2026-11-22T10:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers });

describe('client addresses and login throttling', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says so: a client cannot reset its per-address limits', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await login('finance@demo.farha.dz', 'wrong-password', '10.1.1.1', { 'x-forwarded-for': `203.0.113.${i + 1}` });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('limits failed logins per account, whatever address they come from', async () => {
    const email = 'support@demo.farha.dz';
    for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++) {
      expect((await login(email, 'wrong-password', `10.2.${Math.floor(i / 200)}.${(i % 200) + 1}`)).statusCode).toBe(401);
    }
    // Even the right password from a fresh address waits for the window to pass.
    const locked = await login(email, 'demo1234', '10.3.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    clock.advance(16 * 60_000);
    expect((await login(email, 'demo1234', '10.3.0.1')).statusCode).toBe(200);
  });

  it('limits failed logins per address, whatever account they try', async () => {
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) {
      expect((await login(`nobody-${i}@example.dz`, 'wrong-password', '10.4.0.1')).statusCode).toBe(401);
    }
    expect((await login('someone-else@example.dz', 'wrong-password', '10.4.0.1')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login('someone-else@example.dz', 'wrong-password', '10.4.0.2')).statusCode).toBe(401);
  });
});

describe('registration', () => {
  it('is limited per address with a clear French error (429), X-Forwarded-For notwithstanding', async () => {
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 12; i++) {
      last = await t.request({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.5.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { email: `bulk-${i}@example.dz`, password: 'secret123', firstName: 'Bot', lastName: 'Bulk' },
      });
      codes.push(last.statusCode);
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(t.config.registrationLimitPerHour);
    expect(codes.at(-1)).toBe(429);
    expect(last!.json().error).toEqual({
      code: 'REGISTRATION_LIMITED',
      message: 'Trop de comptes créés depuis cette adresse. Veuillez réessayer dans une heure.',
    });
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.5.0.2',
      payload: { email: 'legit@example.dz', password: 'secret123', firstName: 'Lina', lastName: 'Ait' },
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});
