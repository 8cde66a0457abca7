import { describe, expect, it } from 'vitest';
import { ZReportPeriodQuery } from '@farha/contracts/finance-reports';
import { daysOf, percentOf, reportPeriod } from '../../src/modules/analytics/index.ts';

// Issue 35: a finance report's period is Algiers days, both included (docs/product/promotions.md §14, gift-cards.md §10).
describe('reportPeriod', () => {
  it('defaults to the last 30 days to today in Algiers: at 23:30 UTC it is already tomorrow there', () => {
    const p = reportPeriod(new Date('2026-11-29T23:30:00Z'), {});
    expect(p).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
    expect(p.start.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(daysOf(p)).toHaveLength(30);
  });

  it('fills the missing end 30 days from the one given, and keeps a given period as is', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    expect(reportPeriod(now, { from: '2026-02-01' })).toMatchObject({ from: '2026-02-01', to: '2026-03-02' });
    expect(reportPeriod(now, { to: '2026-03-01' })).toMatchObject({ from: '2026-01-31', to: '2026-03-01' });
    const one = reportPeriod(now, { from: '2026-11-29', to: '2026-11-29' });
    expect(daysOf(one)).toEqual(['2026-11-29']);
    expect(one.end.getTime() - one.start.getTime()).toBe(86_400_000);
  });

  it('refuses a period backwards, longer than 365 days, or a day that does not exist', () => {
    expect(ZReportPeriodQuery.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(true);
    expect(ZReportPeriodQuery.safeParse({ from: '2026-01-01', to: '2027-01-01' }).success).toBe(false);
    expect(ZReportPeriodQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    expect(ZReportPeriodQuery.safeParse({ from: '2026-02-29' }).success).toBe(false);
  });

  it('says a share in % to one decimal, and nothing without a whole', () => {
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(0, 0)).toBeNull();
  });
});
