import { describe, expect, it } from 'vitest';
import { loadConfig, offersSms, takesTestPayments } from '../../src/config.ts';

describe('configuration', () => {
  it('trusts no proxy by default; TRUST_PROXY takes true, a hop count or addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('limits registrations to 10 an hour per address unless told otherwise', () => {
    expect(loadConfig({}).registrationLimitPerHour).toBe(10);
    expect(loadConfig({ REGISTRATION_LIMIT_PER_HOUR: '50' }).registrationLimitPerHour).toBe(50);
    expect(() => loadConfig({ REGISTRATION_LIMIT_PER_HOUR: '0' })).toThrow(/REGISTRATION_LIMIT_PER_HOUR/);
  });

  it('Stripe: off without keys; both keys together; STRIPE_API_URL split into host, port and protocol for the SDK', () => {
    expect(loadConfig({}).stripe).toBeNull();
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_def456' };
    expect(loadConfig(keys).stripe).toEqual({ secretKey: 'sk_test_abc123', webhookSecret: 'whsec_def456', host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(loadConfig({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe).toMatchObject({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_def456' })).toThrow(/STRIPE_SECRET_KEY: required/);
    expect(() => loadConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...keys, STRIPE_API_URL: 'ftp://stripe.local' })).toThrow(/STRIPE_API_URL/);
  });

  it('writes texts to files by default; SMS_PROVIDER=twilio needs its account, token and a sender', () => {
    expect(loadConfig({})).toMatchObject({ smsProvider: 'file', twilio: undefined });
    const sid = `AC${'a'.repeat(32)}`;
    const token = 'x'.repeat(32);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID: required[\s\S]*TWILIO_AUTH_TOKEN: required[\s\S]*TWILIO_FROM: required/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'SK123', TWILIO_AUTH_TOKEN: token, TWILIO_FROM: 'Farha' })).toThrow(/TWILIO_ACCOUNT_SID must be AC/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: 'Farha Cadeaux!' })).toThrow(/TWILIO_FROM/);
    expect(() => loadConfig({ SMS_PROVIDER: 'sms-ru' })).toThrow(/SMS_PROVIDER/);
    expect(loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_MESSAGING_SERVICE_SID: `MG${'b'.repeat(32)}` }).twilio).toMatchObject({
      accountSid: sid,
      from: undefined,
      messagingServiceSid: `MG${'b'.repeat(32)}`,
    });
  });

  // ADR 017: outside demo mode nothing pretends to take money or to reach a phone.
  describe('outside demo mode', () => {
    const pg = { DATABASE_URL: 'postgres://farha@127.0.0.1:5432/farha' };
    const twilio = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'x'.repeat(32), TWILIO_FROM: 'Farha' };

    it('refuses to start with the sandbox unless it is chosen, and says what to set', () => {
      for (const env of [pg, { ...pg, PAYMENT_PROVIDER: 'sandbox' }, { DEMO_MODE: 'false' }, { ...pg, ALLOW_SANDBOX_PAYMENTS: 'false' }]) {
        expect(() => loadConfig(env)).toThrow(/PAYMENT_PROVIDER: the sandbox takes no real payment[\s\S]*PAYMENT_PROVIDER=chargily with PAYMENT_SECRET_KEY[\s\S]*ALLOW_SANDBOX_PAYMENTS=true/);
      }
      expect(() => loadConfig({ ...pg, ALLOW_SANDBOX_PAYMENTS: 'maybe' })).toThrow(/ALLOW_SANDBOX_PAYMENTS/);
    });

    it('starts with a real gateway, with the sandbox chosen (and says so), and in demo mode', () => {
      const chargily = loadConfig({ ...pg, PAYMENT_PROVIDER: 'chargily', PAYMENT_SECRET_KEY: 'test_sk_abc' });
      expect(takesTestPayments(chargily)).toBe(false);
      const chosen = loadConfig({ ...pg, ALLOW_SANDBOX_PAYMENTS: 'true' });
      expect(chosen).toMatchObject({ demoMode: false, paymentProvider: 'sandbox', allowSandboxPayments: true });
      expect(takesTestPayments(chosen)).toBe(true);
      // The demo is one already: it runs the sandbox without the banner.
      expect(takesTestPayments(loadConfig({}))).toBe(false);
      expect(takesTestPayments(loadConfig({ ...pg, DEMO_MODE: 'true' }))).toBe(false);
    });

    it('offers texts only through a real provider; in demo mode the mailbox shows the written ones', () => {
      expect(offersSms(loadConfig({ ...pg, ALLOW_SANDBOX_PAYMENTS: 'true' }))).toBe(false);
      expect(offersSms(loadConfig({ ...pg, ALLOW_SANDBOX_PAYMENTS: 'true', SMS_PROVIDER: 'file' }))).toBe(false);
      expect(offersSms(loadConfig({ ...pg, ALLOW_SANDBOX_PAYMENTS: 'true', ...twilio }))).toBe(true);
      expect(offersSms(loadConfig({}))).toBe(true);
    });
  });
});
