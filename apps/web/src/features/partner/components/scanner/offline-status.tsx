import { formatDzd } from '@farha/contracts/money';
import { CircleAlert, CircleCheck, Clock, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatTime } from '@/lib/dates';
import { localized } from '@/lib/localized';
import { cn } from '@/lib/cn';
import { usePartnerTranslation } from '../../i18n';
import type { OfflineEngine, OfflineState } from '../../offline/engine';
import type { QueuedRedemption } from '../../offline/store';
import { ScanCardTop, ScanDetails } from './result-cards';

/** Says whether the phone is online, when it last synchronised, and what waits to be sent (issue 26). */
export function OfflineStatus({ state, engine }: { state: OfflineState; engine: OfflineEngine }) {
  const { t, locale } = usePartnerTranslation();
  const pending = state.queue.filter((entry) => entry.state === 'pending').length;
  const Icon = state.online ? Wifi : WifiOff;
  return (
    <section
      role="status"
      aria-live="polite"
      data-testid="offline-status"
      data-online={state.online}
      className={cn('flex flex-wrap items-start gap-3 rounded-xl border p-3 text-sm', state.online ? 'border-border bg-card' : 'border-amber-500/60 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100')}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', state.online ? 'text-success' : 'text-amber-700 dark:text-amber-300')} />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">
          {state.online ? t('offline.status.online') : t('offline.status.offline')}
          {state.syncing && <span className="ms-2 font-normal text-muted-foreground">{t('offline.status.syncing')}</span>}
        </p>
        {!state.online && <p>{t('offline.status.offlineText')}</p>}
        <p className="text-muted-foreground" data-testid="offline-last-sync">
          {state.meta ? t('offline.status.lastSync', { time: formatDateTime(state.meta.syncedAt, locale) }) : t('offline.status.never')}
        </p>
        {pending > 0 && (
          <p className="font-medium" data-testid="offline-pending">
            {t('offline.status.pending', { count: pending })}
          </p>
        )}
        {state.problem === 'signature' && <p className="text-destructive">{t('offline.status.signature')}</p>}
        {state.disabled && <p data-testid="offline-disabled">{t('offline.refusals.offlineDisabled')}</p>}
      </div>
      {state.online && (
        <Button variant="ghost" size="sm" onClick={() => void engine.sync()} disabled={state.syncing} data-testid="offline-sync">
          <RefreshCw aria-hidden className={cn(state.syncing && 'animate-spin')} />
          {t('offline.status.syncNow')}
        </Button>
      )}
    </section>
  );
}

/** The redemptions accepted offline and the server's answer to each: confirmed, or a conflict and what to do. */
export function OfflineQueue({ queue }: { queue: QueuedRedemption[] }) {
  const { t, locale } = usePartnerTranslation();
  if (queue.length === 0) return null;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t('offline.queue.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border" data-testid="offline-queue">
          {queue.map((entry) => (
            <li key={entry.nonce} className="flex items-start gap-3 py-2.5" data-state={entry.state}>
              {entry.state === 'confirmed' ? (
                <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
              ) : entry.state === 'conflict' ? (
                <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
              ) : (
                <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
              )}
              <div className="min-w-0 flex-1 space-y-0.5">
                <p className="truncate font-mono text-sm font-semibold">
                  <span dir="ltr">{entry.code}</span>
                </p>
                <p className="truncate text-xs text-muted-foreground">
                  {localized(entry.offerTitle, entry.offerTitleAr, locale)} · {t('offline.queue.scannedAt', { time: formatTime(entry.scannedAt, locale) })}
                </p>
                <p className={cn('text-sm font-medium', entry.state === 'conflict' && 'text-destructive', entry.state === 'confirmed' && 'text-success')}>
                  {t(`offline.queue.${entry.state}`)}
                  {entry.state === 'conflict' && entry.error ? ` — ${entry.error.message}` : ''}
                </p>
                {entry.state === 'conflict' && <p className="text-xs">{t('offline.queue.conflictHelp')}</p>}
              </div>
              <p className="shrink-0 text-sm font-semibold tabular-nums">{formatDzd(entry.faceValue, locale)}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The answer to a scan accepted offline: what was accepted, and that the server will confirm it. */
export function OfflineAcceptedCard({ entry, onNext }: { entry: QueuedRedemption; onNext: () => void }) {
  const { t, locale } = usePartnerTranslation();
  const rows: [string, string][] = [
    [t('scanner.success.experience'), localized(entry.offerTitle, entry.offerTitleAr, locale)],
    [t('scanner.success.box'), localized(entry.boxName, entry.boxNameAr, locale)],
    [t('offline.success.scannedOn'), formatDateTime(entry.scannedAt, locale)],
    [t('scanner.success.value'), formatDzd(entry.faceValue, locale)],
  ];
  return (
    <Card className="overflow-hidden" data-testid="scan-offline-accepted">
      <ScanCardTop
        icon={<WifiOff aria-hidden className="size-12 text-amber-700 dark:text-amber-300" />}
        title={t('offline.success.title')}
        code={entry.code}
        className="bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <p className="text-sm">{t('offline.success.text')}</p>
      </ScanCardTop>
      <div className="space-y-5 p-5">
        <ScanDetails rows={rows} />
        <Button size="lg" className="w-full" onClick={onNext} data-testid="scan-next">
          {t('scanner.success.next')}
        </Button>
      </div>
    </Card>
  );
}
