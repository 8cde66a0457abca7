import { PAYOUT_STATUSES } from '@farha/contracts/partner';
import { describe, expect, it } from 'vitest';
import ar from './locales/ar.json';
import fr from './locales/fr.json';
import { literals, serverSources } from '../../testing/server-sources.ts';

/*
 * Every e-mail template the server can send has a label in the demo mailbox, in French and in Arabic (issue 34:
 * `support-reply` shown raw). The templates are read from the server's sources, so that one added there fails here until named.
 */
const files = serverSources();
const read = (file: string) => files.find((f) => f.file === file)?.text ?? '';

// The parts of the templates the server builds from a kind (`reminder-${reminder.kind}` …).
const kindsOf = {
  'reminder-': () => [...read('modules/vouchers/jobs.ts').matchAll(/kind: '(expiry_[a-z0-9]+)'/g)].map((m) => m[1]!),
  payout_: () => [...PAYOUT_STATUSES],
  partner_: () => [...read('modules/partners/kyc-emails.ts').matchAll(/kind: '([a-z_]+)'/g)].map((m) => m[1]!),
} as Record<string, () => string[]>;

function mailTemplates(): string[] {
  const templates = new Set<string>();
  for (const { file, text } of files.filter((f) => f.file.startsWith('modules/'))) {
    for (const m of text.matchAll(/\btemplate:\s*([^,\n}]+)/g)) {
      const expression = m[1]!.trim();
      const dynamic = /^`([a-z_-]+)\$\{/.exec(expression);
      if (dynamic) {
        const build = kindsOf[dynamic[1]!];
        if (!build) throw new Error(`${file}: a template built as ${expression}: list its kinds in this test`);
        for (const kind of build()) templates.add(`${dynamic[1]}${kind}`);
      } else for (const value of literals(expression)) templates.add(value);
    }
    // The reservation mails name their template as an argument (mailPartner(tx, now, row, 'reservation-…', …)).
    for (const m of text.matchAll(/await mail(?:Partner|Customer)\(\s*[^']*?'([a-z-]+)'/g)) templates.add(m[1]!);
  }
  return [...templates].sort();
}

const has = (bundle: Record<string, unknown>, key: string) => typeof bundle[key] === 'string' && (bundle[key] as string).trim() !== '';

describe('the demo mailbox names every template the server sends', () => {
  it('finds the templates in the server sources', () => {
    expect(mailTemplates()).toEqual(expect.arrayContaining(['support-reply', 'voucher', 'reservation-proposed', 'payout_paid', 'reminder-expiry_7d', 'partner_kyc_rejected', 'refund-paid']));
  });

  it('has a French and an Arabic label for each', () => {
    for (const [lang, bundle] of [['fr', fr], ['ar', ar]] as const) {
      const missing = mailTemplates().filter((template) => !has(bundle.templates, template));
      expect(missing, `templates in ${lang}`).toEqual([]);
    }
  });
});
