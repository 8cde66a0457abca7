import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDay, formatPeriodEnd, formatPeriodStart, formatRecentDateTime, formatShortDateTime, formatTime } from './dates';

describe('dates and times, said once for the whole web app', () => {
  it('says an instant in Algiers time (UTC+1), whatever the machine’s zone', () => {
    // 23:30 UTC on 31 December is already the first of January in Algiers.
    expect(formatShortDateTime('2026-12-31T23:30:00Z', 'fr')).toBe('1 janv. 2027, 00:30');
    expect(formatRecentDateTime('2026-12-31T23:30:00Z', 'fr')).toBe('1 janv., 00:30');
    expect(formatTime('2026-12-31T23:30:00Z', 'fr')).toBe('00:30');
  });

  it('says a calendar day without shifting it, with or without weekday and year', () => {
    expect(formatDay('2026-11-28', 'fr')).toBe('28 novembre 2026');
    expect(formatDay('2026-11-28', 'fr', { weekday: true })).toBe('samedi 28 novembre 2026');
    expect(formatDay('2026-11-28', 'fr', { month: 'short', year: false })).toBe('28 nov.');
    expect(formatDay('2026-11-28', 'ar')).toContain('2026');
    expect(formatDay('pas-un-jour', 'fr')).toBe('pas-un-jour');
  });

  it('is the only place of the web app that formats dates with a time zone', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts') && file !== path.join(root, 'lib', 'dates.ts')) {
          if (/timeZone\s*:|Africa\/Algiers/.test(readFileSync(file, 'utf8'))) offenders.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

describe("a period's bounds, as its reader counts them", () => {
  it('says an end at midnight in Algiers as the last day it includes, and any other end as its moment', () => {
    // 1 February 2027 00:00 in Algiers (UTC+1) is the first instant refused: the period runs through 31 January.
    expect(formatPeriodEnd('2027-01-31T23:00:00.000Z', 'fr')).toEqual({ text: '31 janv. 2027', inclusive: true });
    expect(formatPeriodEnd('2027-01-31T23:00:00.000Z', 'ar').inclusive).toBe(true);
    expect(formatPeriodEnd('2027-02-01T13:00:00.000Z', 'fr')).toEqual({ text: '1 févr. 2027, 14:00', inclusive: false });
  });

  it('says a start at midnight in Algiers as its day alone', () => {
    expect(formatPeriodStart('2026-11-28T23:00:00.000Z', 'fr')).toBe('29 nov. 2026');
    expect(formatPeriodStart('2026-11-29T08:30:00.000Z', 'fr')).toBe('29 nov. 2026, 09:30');
  });
});
