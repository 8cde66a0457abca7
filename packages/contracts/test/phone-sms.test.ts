import { describe, expect, it } from 'vitest';
import { ZPhone } from '../src/auth.ts';
import { canTakeSms, formatPhone, toE164 } from '../src/plain/phone.ts';
import { SMS_LIMITS, smsSegments } from '../src/plain/sms.ts';

describe('phone numbers (issue 25)', () => {
  it('reads Algerian mobiles written the national way as +213', () => {
    expect(toE164('0555 12 34 56')).toBe('+213555123456');
    expect(toE164('06.61.23.45.67')).toBe('+213661234567');
    expect(toE164('07-70-12-34-56')).toBe('+213770123456');
    expect(toE164('+213 (0) 555 12 34 56')).toBe('+213555123456');
    expect(toE164('00213555123456')).toBe('+213555123456');
  });

  it('accepts international numbers and a landline, refuses what is not a number', () => {
    expect(toE164('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(toE164('+1 415 555 2671')).toBe('+14155552671');
    expect(toE164('021 23 45 67')).toBe('+21321234567');
    for (const bad of ['', '12', '0555', '05551234567890', 'abc 0555 12 34 56', '+999 123 456 789', '+33 6 12']) expect(toE164(bad), bad).toBeNull();
  });

  it('takes texts on mobiles only in Algeria', () => {
    expect(canTakeSms('+213555123456')).toBe(true);
    expect(canTakeSms('+21321234567')).toBe(false);
    expect(canTakeSms('+33612345678')).toBe(true);
    expect(formatPhone('+213555123456')).toBe('+213 555 12 34 56');
  });

  it('ZPhone stores E.164 and answers the spec’s French words for a wrong number', () => {
    expect(ZPhone.parse(' 0555123456 ')).toBe('+213555123456');
    const bad = ZPhone.safeParse('05 55');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain('INVALID_PHONE');
  });
});

describe('SMS segments (issue 25)', () => {
  it('counts GSM-7 in 160, then 153 per part', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', segments: 1, length: 160 });
    expect(smsSegments('a'.repeat(161)).segments).toBe(2);
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
    // French accents of the GSM alphabet stay GSM-7; € takes two septets.
    expect(smsSegments('Votre bon Farha est arrivé à Alger').encoding).toBe('GSM-7');
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', segments: 1, length: 160 });
    expect(smsSegments('€'.repeat(81)).segments).toBe(2);
  });

  it('counts Arabic (UCS-2) in 70, then 67 per part', () => {
    expect(smsSegments('ب'.repeat(SMS_LIMITS['UCS-2'].single))).toEqual({ encoding: 'UCS-2', segments: 1, length: 70 });
    expect(smsSegments('ب'.repeat(71)).segments).toBe(2);
    expect(smsSegments('ب'.repeat(134)).segments).toBe(2);
    expect(smsSegments('ب'.repeat(135)).segments).toBe(3);
    // One character outside GSM-7 (ê, a curly apostrophe) makes the whole text UCS-2.
    expect(smsSegments(`${'a'.repeat(69)}ê`)).toEqual({ encoding: 'UCS-2', segments: 1, length: 70 });
    expect(smsSegments(`l’${'a'.repeat(70)}`).segments).toBe(2);
  });
});
