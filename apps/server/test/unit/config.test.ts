import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

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
});
