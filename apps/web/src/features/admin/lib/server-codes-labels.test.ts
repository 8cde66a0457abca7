import { describe, expect, it } from 'vitest';
import analyticsAr from '../analytics/locales/ar.json';
import analyticsFr from '../analytics/locales/fr.json';
import adminAr from '../locales/ar.json';
import adminFr from '../locales/fr.json';
import { literals, serverSources } from '../../../testing/server-sources.ts';

/*
 * Every code the server can put on a staff screen has words in French and in Arabic (issue 34: raw
 * `system.jobNames.sms-outbox`, `company.transfer`). The codes are read from the
 * server's sources, so that a job or an audit action added there fails here until named.
 */
const files = serverSources();

function jobNames(): string[] {
  const names = new Set<string>();
  for (const { text } of files) {
    for (const m of text.matchAll(/\bname:\s*'([a-z0-9-]+)',\s*everyMs\b/g)) names.add(m[1]!);
    for (const m of text.matchAll(/\bname:\s*'([a-z0-9-]+)',\s*\n\s*everyMs\b/g)) names.add(m[1]!);
  }
  return [...names].sort();
}

function auditActions(): string[] {
  const actions = new Set<string>();
  for (const { text } of files.filter((f) => /recordAudit|from '\.\.\/audit/.test(f.text))) {
    for (const line of text.split('\n')) {
      if (!/action|audit\(|financeStep\(|writeAll\(/.test(line)) continue;
      // A realtime event's topic (`topic: 'site.status'`) is no audit action, even on a line that names one.
      if (/\btopic:/.test(line)) continue;
      for (const value of literals(line)) if (/^[a-z_]+\.[a-z0-9_]+$/.test(value)) actions.add(value);
    }
  }
  return [...actions].sort();
}

const has = (bundle: Record<string, unknown>, key: string) => typeof bundle[key] === 'string' && (bundle[key] as string).trim() !== '';

describe('codes from the server have words in both languages', () => {
  it('finds the codes in the server sources', () => {
    expect(jobNames()).toEqual(expect.arrayContaining(['outbox', 'sms-outbox', 'reservation-sms-reminders', 'backup']));
    expect(auditActions()).toEqual(expect.arrayContaining(['company.transfer', 'exchange_rate.set', 'user.2fa_enable', 'payout.paid', 'settings.import']));
  });

  it('names every background job on the system page', () => {
    for (const [lang, bundle] of [['fr', analyticsFr], ['ar', analyticsAr]] as const) {
      const missing = jobNames().filter((job) => !has(bundle.system.jobNames, job));
      expect(missing, `system.jobNames in ${lang}`).toEqual([]);
    }
  });

  it('names every audit action in the log', () => {
    for (const [lang, bundle] of [['fr', adminFr], ['ar', adminAr]] as const) {
      const missing = auditActions().filter((action) => !has(bundle.audit.actions, action.replace('.', '__')));
      expect(missing, `audit.actions in ${lang}`).toEqual([]);
    }
  });

});
