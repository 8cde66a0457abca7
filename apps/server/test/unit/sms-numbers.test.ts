import { describe, expect, it } from 'vitest';
import { isTextableMobile, mobileCountryOf } from '@farha/contracts/mobile-numbers';
import { canTakeSms } from '@farha/contracts/plain/phone';

// Issue 32: premium, satellite, international and shared-cost ranges and landlines are no mobiles.
const NOT_MOBILES = ['+979123456789', '+881612345678', '+870773111632', '+88216123456', '+883510012345', '+449090123456', '+448712345678', '+19005551234', '+37190123456', '+37181234567', '+442079460018', '+21321123456'];
const EVERYWHERE = ['DZ', 'GB', 'US', 'LV', 'FR'];

describe('which numbers take texts (issue 32)', () => {
  it('the server refuses every number that is no mobile, whatever the countries listed', () => {
    expect(NOT_MOBILES.filter((n) => isTextableMobile(n, EVERYWHERE))).toEqual([]);
    expect(NOT_MOBILES.map(mobileCountryOf)).toEqual(NOT_MOBILES.map(() => null));
  });

  it('takes mobiles of the countries listed only (Algeria by default), and the US’s « fixed line or mobile »', () => {
    expect(['+213550123456', '+213661234567', '+213770123456'].every((n) => isTextableMobile(n))).toBe(true);
    expect(isTextableMobile('+33612345678')).toBe(false);
    expect(isTextableMobile('+33612345678', ['DZ', 'FR'])).toBe(true);
    expect(isTextableMobile('+447400123456', ['GB'])).toBe(true);
    expect(isTextableMobile('+12025550123', ['US'])).toBe(true);
    expect(mobileCountryOf('+33612345678')).toBe('FR');
  });

  it('the forms’ lighter check already turns away the satellite, international and named premium ranges', () => {
    const stillLet = NOT_MOBILES.filter(canTakeSms);
    // `min` metadata does not know Latvia's ranges: the server refuses those two.
    expect(stillLet).toEqual(['+37190123456', '+37181234567']);
    expect(canTakeSms('+33612345678')).toBe(true);
    expect(canTakeSms('+213550123456')).toBe(true);
  });
});
