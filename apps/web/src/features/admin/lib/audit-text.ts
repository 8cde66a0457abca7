import type { TAuditEntry } from '@farha/contracts/admin';
import { formatDate, formatDzd } from '@farha/contracts/money';
import type { AdminKey, AdminLocale } from '../i18n';
import { SETTING_DISPLAY_SCALE } from './setting-units';

type T = (key: AdminKey, options?: Record<string, unknown>) => string;

/** The label of a key, or null when the bundle has none (`t` answers the key itself). */
function known(t: T, key: string, options?: Record<string, unknown>): string | null {
  const text = t(key as AdminKey, options);
  return text === key ? null : text;
}

/** A left-to-right value (e-mail, reference, code) kept in its place inside an Arabic sentence. */
const ltr = (value: string, locale: AdminLocale) => (locale === 'ar' ? `\u2068${value}\u2069` : value);

/** The words of an action code (`payout.paid` → "Règlement payé"); the code itself for one not named yet. */
export function auditActionLabel(action: string, t: T): string {
  return known(t, `audit.actions.${action.replace('.', '__')}`) ?? action;
}

/** A field of a before/after snapshot (`commissionBp` → "Commission"); settings keys by their settings label. */
export function auditFieldLabel(field: string, t: T): string {
  return known(t, `audit.fields.${field}`) ?? known(t, `settings.fields.${field}`) ?? known(t, `settings.tabs.${field}`) ?? field;
}

/** A snapshot value for people: yes/no, amounts in dinars, commission in %, lists joined. */
export function auditValue(field: string, value: unknown, t: T, locale: AdminLocale): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'audit.values.yes' : 'audit.values.no');
  if (typeof value === 'number' && (field === 'price' || field === 'netAmount' || field.endsWith('_amount') || field === 'extension_price' || field === 'gift_card_goodwill_max')) {
    return formatDzd(value, locale);
  }
  if (typeof value === 'string') {
    const word =
      field === 'kycStatus'
        ? known(t, `partners.kyc.${value}`)
        : field === 'settlementCycle'
          ? known(t, `partners.cycles.${value}`)
          : field === 'status'
            ? (known(t, `users.status.${value}`) ?? known(t, `payouts.tabs.${value}`))
            : null;
    if (word) return word;
  }
  if (typeof value === 'number' && field === 'session_timeout') return (value / SETTING_DISPLAY_SCALE.session_timeout!).toLocaleString(locale === 'ar' ? 'ar-DZ-u-nu-latn' : 'fr-FR');
  if (typeof value === 'number' && (field === 'commissionBp' || field === 'commission_rate_bp')) return `${(value / 100).toLocaleString(locale === 'ar' ? 'ar-DZ-u-nu-latn' : 'fr-FR')}\u202f%`;
  if (field === 'role' && typeof value === 'string') return known(t, `users.roles.${value}`) ?? value;
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const listSeparator = (locale: AdminLocale) => (locale === 'ar' ? '، ' : ', ');

/**
 * What an entry was about, in the reader's language, from its action code and parameters (issue 15). Older
 * entries (no parameters) and actions this web app does not know show the French summary the server stored.
 */
export function auditSummary(entry: Pick<TAuditEntry, 'action' | 'summary' | 'params'>, t: T, locale: AdminLocale): string {
  const p = entry.params;
  if (!p) return legacySummary(entry, t, locale);
  const str = (key: string) => (typeof p[key] === 'string' ? (p[key] as string) : null);
  const num = (key: string) => (typeof p[key] === 'number' ? (p[key] as number) : 0);
  const join = (parts: (string | null)[]) => parts.filter((part): part is string => !!part).join(' — ');
  const fields = (key: string) =>
    (Array.isArray(p[key]) ? (p[key] as unknown[]) : []).map((field) => auditFieldLabel(String(field), t)).join(listSeparator(locale));
  const email = str('email') ? ltr(str('email')!, locale) : null;
  const boxName = (locale === 'ar' && str('nameAr')) || str('name') || '';
  const reference = str('reference') ? t('audit.summaries.reference', { reference: ltr(str('reference')!, locale) }) : null;
  const reason = str('reason') ? t('audit.summaries.reason', { reason: str('reason') }) : null;

  switch (entry.action) {
    case 'box.create':
    case 'box.update':
    case 'box.delete':
      return boxName;
    case 'box.deactivate':
      return p.sold ? t('audit.summaries.boxSoldKept', { name: boxName }) : boxName;
    case 'landing.reset':
      return t('audit.summaries.landingReset');
    case 'landing.draft':
      return t('audit.summaries.landingDraft');
    case 'landing.publish':
      return t('audit.summaries.landingPublish');
    case 'landing.rollback':
      return str('publishedAt') ? t('audit.summaries.landingRollback', { date: formatDate(str('publishedAt')!, locale) }) : t('audit.summaries.landingPublish');
    case 'settings.update':
      return fields('fields');
    case 'settings.import':
      return t('audit.summaries.settingsImport');
    case 'settings.reset':
      return t('audit.summaries.settingsReset');
    case 'user.create':
      return `${email ?? ''} (${known(t, `users.roles.${str('role')}`) ?? str('role') ?? ''})`;
    case 'user.update':
      return `${email ?? ''}${locale === 'ar' ? ': ' : ' : '}${fields('fields')}`;
    case 'user.suspend':
      return join([email, t('audit.summaries.sessions', { count: num('sessions') })]);
    case 'user.reactivate':
    case 'user.invitation':
    case 'user.password_reset':
    case 'user.2fa_enable':
    case 'user.2fa_disable':
      return email ?? '';
    case 'partner.kyc_verified':
    case 'partner.kyc_rejected':
    case 'partner.terms':
    case 'partner.deactivate':
    case 'partner.reactivate':
      return join([str('partner'), reason]);
    case 'payout.approve':
    case 'payout.paid':
    case 'payout.failed':
      return join([str('partner'), formatDzd(num('amount'), locale), reference]);
    case 'refund.paid':
    case 'refund.failed':
      return join([str('customer') && ltr(str('customer')!, locale), formatDzd(num('amount'), locale), reference, reason]);
    case 'refund.gateway_refused':
      return join([str('provider'), formatDzd(num('amount'), locale)]);
    case 'exchange_rate.set':
      return ltr(`1 ${str('currency') ?? ''} = ${str('rate') ?? ''} DA → ${str('staleAfter') ?? ''}`, locale);
    case 'support.voucher_resend':
    case 'support.password_reset':
    case 'support.login_unlock':
      return ltr(str('subject') ?? '', locale);
    case 'support.gift_card_goodwill':
      return join([ltr(str('code') ?? '', locale), formatDzd(num('amount'), locale), str('customer') && ltr(str('customer')!, locale), reason]);
    case 'support.voucher_extend':
      return join([ltr(str('code') ?? '', locale), t('audit.summaries.extendDays', { count: num('days') }), str('reason')]);
    default:
      return entry.summary;
  }
}

/** Entries written before parameters existed: a settings change names its fields (`min_amount, max_amount`). */
function legacySummary(entry: Pick<TAuditEntry, 'action' | 'summary'>, t: T, locale: AdminLocale): string {
  if (entry.action !== 'settings.update') return entry.summary;
  return entry.summary
    .split(', ')
    .map((field) => auditFieldLabel(field, t))
    .join(listSeparator(locale));
}
