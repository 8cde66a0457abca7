import { ROLES } from '@farha/contracts/plain/roles';
import { formatDate, formatDzd } from '@farha/contracts/money';
import type { TUserDiagnostics } from '@farha/contracts/support';
import { Activity, AlertTriangle, CalendarPlus, KeyRound, LockOpen, Mail, MessageSquareText, Monitor } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { disputeTitle } from '@/lib/dispute-title';
import { localized } from '@/lib/localized';
import { type UserAction, useSupportUsers, useUserAction, useUserDiagnostics } from '../api/portal';
import { DisputeStatusBadge, TicketStatusBadge } from '../components/badges';
import { NativeSelect } from '../components/controls';
import { formatRecentDateTime as formatDateTime } from '@/lib/dates';
import { Block, PortalList, SearchBox, useUrlFilters } from '../components/portal-ui';
import { useDeskTranslation } from '../i18n';
import { portalMessage, usePortalTranslation } from '../i18n-portal';

const BAND_CLASSES = {
  excellent: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  good: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  attention: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  critical: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
} as const;

/** Issue 14 user diagnostics: server-side search, then one account's real data and health score. */
export function SupportUsersPage() {
  const { t, locale } = usePortalTranslation();
  useDocumentTitle(t('users.title'));
  const { params, set, page } = useUrlFilters();
  const filters = { q: params.get('q') ?? '', role: params.get('role') ?? '', page };
  const query = useSupportUsers(filters);
  return (
    <div className="space-y-6">
      <PageHeader title={t('users.title')} description={t('users.description')} />
      <SearchBox value={filters.q} label={t('users.search')} onSearch={(q) => set({ q })}>
        <NativeSelect aria-label={t('users.allRoles')} value={filters.role} onChange={(e) => set({ role: e.target.value })} className="md:w-56">
          <option value="">{t('users.allRoles')}</option>
          {ROLES.map((r) => <option key={r} value={r}>{t(`role.${r}`)}</option>)}
        </NativeSelect>
      </SearchBox>
      <PortalList
        query={query}
        items={(list) => list.users}
        empty={t('users.empty')}
        page={page}
        onPage={(p) => set({ page: String(p) })}
        onOpen={(u) => set({ id: u.id })}
        rowTestId="user-row"
      >
        {(u) => (
          <>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{u.name}</span>
                <span className="rounded-full bg-muted px-2 py-0.5 text-xs">{t(`role.${u.role}`)}</span>
                {u.status === 'suspended' && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-900">{t('users.suspended')}</span>}
              </p>
              <p className="truncate text-sm text-muted-foreground"><bdi dir="ltr">{u.email}</bdi>{u.phone && <> · <bdi dir="ltr">{u.phone}</bdi></>}</p>
            </div>
            <p className="text-sm text-muted-foreground">{u.lastLoginAt ? t('users.lastLogin', { date: formatDateTime(u.lastLoginAt, locale) }) : t('users.never')}</p>
          </>
        )}
      </PortalList>
      <UserDialog id={params.get('id')} onClose={() => set({ id: '' })} />
    </div>
  );
}

function UserDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = usePortalTranslation();
  const { data, isLoading } = useUserDiagnostics(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-5xl">
        {isLoading || !data ? (
          <>
            <DialogTitle className="sr-only">{t('users.title')}</DialogTitle>
            <Spinner />
          </>
        ) : (
          <Diagnostics d={data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

type Voucher = TUserDiagnostics['vouchers'][number];
type Pending = { kind: 'resend' | 'extend'; voucher: Voucher } | { kind: 'reset' | 'unlock' } | null;

/** The activity's status, worded by its kind (orders, reservations, tickets, disputes). */
function useActivityStatus() {
  const { label } = usePortalTranslation();
  const desk = useDeskTranslation();
  return (kind: string, status: string) => {
    if (kind === 'order') return label('status.order', status);
    if (kind === 'reservation') return label('status.reservation', status);
    if (kind === 'ticket') return desk.t(`ticketStatus.${status}`, { defaultValue: status });
    if (kind === 'dispute') return desk.t(`disputeStatus.${status}`, { defaultValue: status });
    return status;
  };
}

function Diagnostics({ d }: { d: TUserDiagnostics }) {
  const { t, locale, label } = usePortalTranslation();
  const activityStatus = useActivityStatus();
  const [pending, setPending] = useState<Pending>(null);
  const m = d.metrics;
  // An order's box and a dispute's title in the reader's language (the French stored label otherwise).
  const activityLabel = (a: TUserDiagnostics['recentActivity'][number]) => {
    const dispute = a.disputeId ? d.disputes.find((x) => x.id === a.disputeId) : undefined;
    return dispute ? disputeTitle(dispute, locale) : localized(a.label, a.labelAr, locale);
  };
  const lockable = m.loginLocked || m.failedLogins > 0;
  const figures: [string, number][] = [
    [t('users.orders'), m.orders],
    [t('users.vouchers'), m.vouchers],
    [t('users.failedPayments'), m.failedPayments],
    [t('users.failedEmails'), m.failedEmails],
    [t('users.openTickets'), m.openTickets],
    [t('users.openDisputes'), m.openDisputes],
    [t('users.activeSessions'), m.activeSessions],
    [t('users.failedLogins'), m.failedLogins],
  ];
  return (
    <>
      <DialogHeader>
        <DialogTitle className="pe-8 text-start">{d.user.name}</DialogTitle>
        <DialogDescription className="text-start">
          <bdi dir="ltr">{d.user.email}</bdi> · {t(`role.${d.user.role}`)} · {t('users.joined', { date: formatDate(d.user.createdAt, locale) })}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
        <div className={cn('flex flex-col items-center justify-center gap-1 rounded-xl p-4', BAND_CLASSES[d.band])} data-testid="health-score">
          <p className="text-sm font-medium">{t('users.health')}</p>
          <p className="text-4xl font-bold tabular-nums">{d.healthScore}</p>
          <p className="font-semibold">{t(`band.${d.band}`)}</p>
          {m.loginLocked && <p className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="login-locked">{t('users.loginLocked')}</p>}
        </div>
        <div className="space-y-3">
          <section className="space-y-1">
            <h3 className="flex items-center gap-2 text-sm font-semibold"><AlertTriangle aria-hidden className="size-4" />{t('users.issues')}</h3>
            {d.issues.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('users.noIssue')}</p>
            ) : (
              <ul className="flex flex-wrap gap-2" data-testid="health-issues">
                {d.issues.map((i) => (
                  <li key={i.code} className="rounded-lg border border-border px-2.5 py-1 text-sm">
                    {t(`issue.${i.code}`, { count: i.count })} <span className="text-muted-foreground">({t(`severity.${i.severity}`)}, −{i.penalty})</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {figures.map(([label, value]) => (
              <div key={label} className="rounded-lg bg-muted/50 p-2">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <section aria-label={t('users.actions')} className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setPending({ kind: 'reset' })} disabled={d.user.status === 'suspended'} data-testid="action-reset">
          <KeyRound aria-hidden className="size-4" />
          {t('users.passwordReset')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setPending({ kind: 'unlock' })} disabled={!lockable} data-testid="action-unlock">
          <LockOpen aria-hidden className="size-4" />
          {t('users.unlock')}
        </Button>
      </section>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        <Block title={t('users.orders')} empty={t('users.nothing')}>
          {d.orders.map((o) => <li key={o.id}><bdi>{localized(o.boxName, o.boxNameAr, locale)}</bdi> · {formatDzd(o.amount, locale)} · {label('status.order', o.status)} · {formatDate(o.createdAt, locale)}</li>)}
        </Block>
        <Block title={t('users.vouchers')} empty={t('users.nothing')}>
          {d.vouchers.map((v) => (
            <li key={v.id} className="space-y-1" data-testid="diagnostics-voucher">
              <p><bdi dir="ltr" className="font-mono text-xs">{v.code}</bdi> · <bdi>{localized(v.boxName, v.boxNameAr, locale)}</bdi> · {label('status.voucher', v.status)} · {t('users.expiresOn', { date: formatDate(v.expiresAt, locale) })}</p>
              <p className="flex flex-wrap gap-1.5">
                <Button variant="ghost" size="sm" className="h-7 px-2" onClick={() => setPending({ kind: 'resend', voucher: v })} aria-label={`${t('users.resend')} ${v.code}`} data-testid="action-resend">
                  <Mail aria-hidden className="size-3.5" />
                  {t('users.resend')}
                </Button>
                <Button variant="ghost" size="sm" className="h-7 px-2" onClick={() => setPending({ kind: 'extend', voucher: v })} aria-label={`${t('users.extend')} ${v.code}`} data-testid="action-extend">
                  <CalendarPlus aria-hidden className="size-3.5" />
                  {t('users.extend')}
                </Button>
              </p>
            </li>
          ))}
        </Block>
        <Block title={t('users.reservations')} empty={t('users.nothing')}>
          {d.reservations.map((r) => <li key={r.id}><bdi>{r.partnerName}</bdi> · {formatDate(r.requestedDate, locale)} · {label('status.reservation', r.status)}</li>)}
        </Block>
        <Block title={t('users.tickets')} empty={t('users.nothing')}>
          {d.tickets.map((x) => <li key={x.id} className="flex flex-wrap items-center gap-2"><span>{x.title}</span><TicketStatusBadge status={x.status} /></li>)}
        </Block>
        <Block title={t('users.disputes')} empty={t('users.nothing')}>
          {d.disputes.map((x) => <li key={x.id} className="flex flex-wrap items-center gap-2"><span data-testid="diagnostics-dispute">{disputeTitle(x, locale)}</span><DisputeStatusBadge status={x.status} /></li>)}
        </Block>
        <Block title={t('users.devices')} empty={t('users.nothing')}>
          {d.devices.map((s) => (
            <li key={s.createdAt + (s.ip ?? '')} className="flex gap-2">
              <Monitor aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0">
                <span className="block truncate" dir="ltr">{s.userAgent ?? t('users.unknownDevice')}</span>
                <span className="text-xs text-muted-foreground"><bdi dir="ltr">{s.ip ?? ''}</bdi> · {formatDateTime(s.lastSeenAt, locale)} · {s.active ? t('users.active') : t('users.expired')}</span>
              </span>
            </li>
          ))}
        </Block>
        <Block title={t('users.sms')} empty={t('users.nothing')}>
          {d.smsOptedOut && <li className="text-sm font-medium text-destructive" data-testid="diagnostics-sms-stop">{t('users.smsOptedOut')}</li>}
          {d.sms.map((x) => (
            <li key={x.id} className="flex gap-2" data-testid="diagnostics-sms">
              <MessageSquareText aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0">
                <span className="block break-words" dir="auto">{x.body}</span>
                <span className="text-xs text-muted-foreground"><bdi dir="ltr">{x.to}</bdi> · {x.segments} × {x.encoding} · {x.status}{x.error ? ` (${x.error})` : ''} · {formatDateTime(x.createdAt, locale)}</span>
              </span>
            </li>
          ))}
        </Block>
      </div>
      <Block title={t('users.activity')} empty={t('users.nothing')}>
        {d.recentActivity.map((a, i) => (
          <li key={`${a.kind}-${i}`} className="flex gap-2"><Activity aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" /><span className="min-w-0 break-words"><span className="font-medium">{label('activity', a.kind)}</span>{a.label && <> · <bdi>{activityLabel(a)}</bdi></>}{a.status && <> · {activityStatus(a.kind, a.status)}</>}</span><span className="ms-auto shrink-0 text-xs text-muted-foreground">{formatDateTime(a.at, locale)}</span></li>
        ))}
      </Block>
      <ActionDialog userId={d.user.id} email={d.user.email} failedLogins={m.failedLogins} pending={pending} onDone={() => setPending(null)} />
    </>
  );
}

/** Every action is confirmed first; the extension asks for days and a reason. */
function ActionDialog({ userId, email, failedLogins, pending, onDone }: { userId: string; email: string; failedLogins: number; pending: Pending; onDone: () => void }) {
  const { t, locale } = usePortalTranslation();
  const action = useUserAction();
  const [days, setDays] = useState('30');
  const [reason, setReason] = useState('');
  if (!pending) return null;
  const texts = {
    resend: pending.kind === 'resend' ? [t('users.resendTitle', { code: pending.voucher.code }), t('users.resendText', { email })] : [],
    extend: pending.kind === 'extend' ? [t('users.extendTitle', { code: pending.voucher.code }), t('users.extendText', { date: formatDate(pending.voucher.expiresAt, locale) })] : [],
    reset: [t('users.resetTitle'), t('users.resetText', { email })],
    unlock: [t('users.unlockTitle'), t('users.unlockText', { count: failedLogins })],
  }[pending.kind];
  const run = () => {
    const request: UserAction =
      pending.kind === 'resend'
        ? { kind: 'resend', userId, voucherId: pending.voucher.id }
        : pending.kind === 'extend'
          ? { kind: 'extend', userId, voucherId: pending.voucher.id, days: Number(days), reason }
          : { kind: pending.kind, userId };
    action.mutate(request, {
      onSuccess: (answer) => {
        toast.success(portalMessage(answer.message));
        setReason('');
        onDone();
      },
      onError: (error) => toast.error(portalMessage(error)),
    });
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onDone()}
      title={texts[0] ?? ''}
      description={texts[1]}
      confirmLabel={pending.kind === 'extend' ? t('users.extend') : t('users.confirm')}
      cancelLabel={t('users.cancel')}
      onConfirm={run}
      pending={action.isPending}
      testId="user-action-dialog"
      confirmTestId="user-action-confirm"
    >
      {pending.kind === 'extend' && (
        <div className="grid gap-3">
          <Field label={t('users.days')}>
            {(control) => <Input {...control} type="number" min={1} max={365} value={days} onChange={(e) => setDays(e.target.value)} data-testid="extend-days" />}
          </Field>
          <Field label={t('users.reason')}>
            {(control) => <Textarea {...control} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} data-testid="extend-reason" />}
          </Field>
        </div>
      )}
    </ConfirmDialog>
  );
}
