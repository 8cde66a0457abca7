import { formatDzd } from '@farha/contracts/money';
import { PARTNER_NOTIFICATION_KINDS, type TPartnerNotification, type TPartnerNotificationKind } from '@farha/contracts/partner';
import type { PartnerKey, PartnerLocale } from '../i18n';
import { formatDay } from '@/lib/dates';
import { formatPercent } from './format';

type T = (key: PartnerKey, options?: Record<string, unknown>) => string;
type Notification = Pick<TPartnerNotification, 'kind' | 'params' | 'title' | 'body'>;

const isKind = (kind: string): kind is TPartnerNotificationKind => (PARTNER_NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** A left-to-right value (reference, code) kept in its place inside an Arabic sentence. */
const ltr = (value: string, locale: PartnerLocale) => (locale === 'ar' ? `\u2068${value}\u2069` : value);

/**
 * The bell's title and text in the reader's language, from the notification's kind and parameters (issue 15).
 * Rows written before parameters existed, and kinds this web app does not know, show what the server stored.
 */
export function notificationText(item: Notification, t: T, locale: PartnerLocale): { title: string; body: string } {
  const p = item.params;
  if (!p || !isKind(item.kind)) return { title: item.title, body: item.body };
  const str = (key: string) => (typeof p[key] === 'string' ? (p[key] as string) : null);
  const num = (key: string) => (typeof p[key] === 'number' ? (p[key] as number) : 0);
  const kind = item.kind;
  const title = t(kind === 'payout_requested' && p.automatic === true ? 'notifications.kinds.payout_requested_automatic' : `notifications.kinds.${kind}`);
  const join = (parts: (string | null)[]) => parts.filter((part): part is string => !!part).join(' — ');

  switch (kind) {
    case 'payout_requested':
      return { title, body: join([formatDzd(num('amount'), locale), t('messages.PAYOUT_DELAY')]) };
    case 'payout_processing':
    case 'payout_paid':
    case 'payout_failed': {
      const reference = str('reference');
      return {
        title,
        body: join([formatDzd(num('amount'), locale), reference && t('notifications.body.reference', { reference: ltr(reference, locale) }), str('reason')]),
      };
    }
    case 'reservation_requested':
    case 'reservation_cancelled':
    case 'reservation_date_accepted': {
      const time = str('time');
      const values = {
        customer: str('customer') ?? '',
        offer: (locale === 'ar' && str('offerAr')) || str('offer') || '',
        date: str('date') ? formatDay(str('date')!, locale) : '',
        time: time ?? '',
      };
      const when = t(time ? 'notifications.body.reservationAt' : 'notifications.body.reservation', values);
      const guests = kind === 'reservation_requested' && num('guests') > 0 ? t('notifications.body.guests', { count: num('guests') }) : null;
      return { title, body: guests ? `${when} (${guests})` : when };
    }
    case 'kyc_rejected':
      return { title, body: str('reason') ? t('notifications.body.reason', { reason: str('reason') }) : '' };
    case 'terms_changed': {
      const cycle = str('settlementCycle');
      return {
        title,
        body: t('notifications.body.terms', {
          commission: formatPercent(num('commissionBp') / 100, locale, num('commissionBp') % 100 === 0 ? 0 : 2),
          cycle: cycle === 'monthly' ? t('notifications.body.monthly') : ltr(cycle ?? '', locale),
        }),
      };
    }
    default:
      return { title, body: '' };
  }
}
