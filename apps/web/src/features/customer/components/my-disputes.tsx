import { formatDate, formatDzd } from '@farha/contracts/money';
import {
  DISPUTE_ACTION_LABELS,
  DISPUTE_RESOLUTION_LABELS,
  DISPUTE_STATUS_LABELS,
  type DISPUTE_RESOLUTIONS,
  type DISPUTE_STATUSES,
} from '@farha/contracts/support';
import { Scale } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { cn } from '@/lib/cn';
import { fullDisputeTitle } from '@/lib/dispute-title';
import { useMyDisputes } from '../api/disputes';
import { formatRecentDateTime } from '@/lib/dates';

type Status = (typeof DISPUTE_STATUSES)[number];
type Resolution = (typeof DISPUTE_RESOLUTIONS)[number];

/** This list's words (as dispute-dialog.tsx, the French labels are the contracts'). */
const TEXTS = {
  fr: {
    title: 'Mes litiges',
    description: 'Le suivi de vos litiges, étape par étape.',
    amount: 'Montant en jeu',
    expires: "Valable jusqu'au",
    timeline: 'Historique',
    decision: 'Décision',
    status: DISPUTE_STATUS_LABELS as Record<Status, string>,
    resolution: DISPUTE_RESOLUTION_LABELS as Record<Resolution, string>,
    action: DISPUTE_ACTION_LABELS,
  },
  ar: {
    title: 'نزاعاتي',
    description: 'متابعة نزاعاتكم خطوة بخطوة.',
    amount: 'المبلغ المعني',
    expires: 'صالحة حتى',
    timeline: 'السجل',
    decision: 'القرار',
    status: { open: 'مفتوح', investigating: 'قيد الدراسة', partner_response: 'رد الشريك', resolved: 'محلول', closed: 'مغلق' } as Record<Status, string>,
    resolution: { refund: 'استرداد', voucher_extension: 'تمديد القسيمة', rejected: 'مرفوض' } as Record<Resolution, string>,
    action: { opened: 'فتح النزاع', assigned: 'تكفل به الدعم', partner_response: 'رد الشريك', note: 'ملاحظة الدعم', resolved: 'تمت التسوية' } as Record<string, string>,
  },
};

const STATUS_CLASSES: Record<Status, string> = {
  open: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  investigating: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  partner_response: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
  resolved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  closed: 'bg-muted text-muted-foreground',
};

/** The customer's own disputes and each one's timeline (issue 14); nothing when they have none. */
export function MyDisputes() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'ar' ? 'ar' : 'fr';
  const x = TEXTS[locale];
  const { data } = useMyDisputes();
  if (!data || data.disputes.length === 0) return null;
  const dateTime = (value: string) => formatRecentDateTime(value, locale);
  return (
    <section aria-labelledby="my-disputes-heading" className="space-y-3" data-testid="my-disputes">
      <div>
        <h2 id="my-disputes-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Scale aria-hidden className="size-5 text-primary" />
          {x.title}
        </h2>
        <p className="text-sm text-muted-foreground">{x.description}</p>
      </div>
      <ul className="grid gap-3 lg:grid-cols-2">
        {data.disputes.map((d) => (
          <li key={d.id} className="space-y-3 rounded-xl border border-border bg-card p-4 shadow-sm" data-testid="my-dispute">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold" data-testid="my-dispute-title">{fullDisputeTitle(d, locale)}</p>
                {d.voucher && (
                  <p className="text-sm text-muted-foreground">
                    <bdi dir="ltr" className="font-mono">{d.voucher.code}</bdi> ·{' '}
                    <span data-testid="my-dispute-expiry">{x.expires} {formatDate(d.voucher.expiresAt, locale)}</span>
                  </p>
                )}
              </div>
              <span className={cn('inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_CLASSES[d.status])} data-testid="my-dispute-status">
                {x.status[d.status]}
              </span>
            </div>
            <p className="text-sm">{d.description}</p>
            {d.amount > 0 && <p className="text-sm text-muted-foreground">{x.amount} : {formatDzd(d.amount, locale)}</p>}
            {d.resolution && (
              <p className="rounded-lg bg-primary-soft px-3 py-2 text-sm text-primary-strong" data-testid="my-dispute-resolution">
                {x.decision} : {x.resolution[d.resolution.type]} — {d.resolution.notes}
              </p>
            )}
            <div>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{x.timeline}</h3>
              <ol className="mt-2 space-y-2 border-s-2 border-border ps-3">
                {d.timeline.map((e) => (
                  <li key={e.id} className="text-sm">
                    <p className="font-medium">{x.action[e.action] ?? e.action}</p>
                    <p className="text-xs text-muted-foreground">{e.actor} · {dateTime(e.createdAt)}</p>
                    {e.notes && e.action !== 'resolved' && <p className="text-muted-foreground">{e.notes}</p>}
                  </li>
                ))}
              </ol>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
