import { DEFAULT_PARTNER_NOTIFICATION_PREFERENCES, type TPayout } from '@farha/contracts/partner';
import type { Queryable } from '../../db/client.ts';
import { getAvailability, listExceptions, listPartnerOffers, type PartnerCaller, partnerProfile } from '../../modules/partners/index.ts';
import { formatDate } from '@farha/contracts/money';
import { toCsv } from '../../lib/csv.ts';
import { allTransactions, partnerPayouts } from '../../modules/ledger/index.ts';
import { algiersDateTime } from '../../lib/algiers-time.ts';

/** Settings tab "exporter mes données": everything the portal holds about the partner, as JSON. */
export async function partnerDataExport(db: Queryable, caller: PartnerCaller, now: Date) {
  const [profile, offers, transactions, payouts, availability, exceptions] = await Promise.all([
    partnerProfile(db, caller, now),
    listPartnerOffers(db, caller.partner.id, { sort: 'newest' }, now),
    allTransactions(db, caller.partner.id, {}, now),
    partnerPayouts(db, caller.partner.id),
    getAvailability(db, caller.partner.id),
    listExceptions(db, caller.partner.id, now),
  ]);
  return {
    exportedAt: now.toISOString(),
    partner: profile.business,
    owner: profile.ownerInfo,
    team: profile.teamMembers,
    notificationPreferences: { ...DEFAULT_PARTNER_NOTIFICATION_PREFERENCES, ...(caller.partner.notificationPreferences as object) },
    offers: offers.offers,
    availability: { ...availability, exceptions },
    transactions,
    payouts,
  };
}

export const PAYMENTS_CSV_HEADER = [
  'Référence',
  'Période',
  'Statut',
  'Montant brut (DZD)',
  'Commission (DZD)',
  'Frais (DZD)',
  'Net (DZD)',
  'Transactions',
  'Moyen',
  'Demandé le',
  'Traité le',
  'Payé le',
  "Motif d'échec",
] as const;

/** The days a payout covers, in the export's French (`3 nov. 2026 – 9 nov. 2026`). */
function periodLabel({ from, to }: TPayout['period']): string {
  if (!from || !to) return '';
  const day = (d: string) => formatDate(`${d}T12:00:00Z`);
  return from === to ? day(from) : `${day(from)} – ${day(to)}`;
}

export function paymentsCsv(rows: TPayout[]): string {
  const when = (v: string | null) => (v ? algiersDateTime(new Date(v)) : '');
  return toCsv(
    PAYMENTS_CSV_HEADER,
    rows.map((p) => [
      p.reference ?? p.id,
      periodLabel(p.period),
      p.statusLabel,
      p.grossAmount,
      p.commissionAmount,
      p.feesAmount,
      p.netAmount,
      p.transactionCount,
      p.paymentMethod === 'bank_transfer' ? 'Virement bancaire' : p.paymentMethod,
      when(p.requestedAt),
      when(p.processedAt),
      when(p.paidAt),
      p.failureReason ?? '',
    ]),
  );
}
