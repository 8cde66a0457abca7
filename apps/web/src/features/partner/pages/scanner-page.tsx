import type { TRedemptionOfferChoice, TRedemptionSuccess } from '@farha/contracts/redemption';
import { formatDzd } from '@farha/contracts/money';
import { useQueryClient } from '@tanstack/react-query';
import { Camera, CircleCheck, CircleX, History, Keyboard, RotateCcw } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { NETWORK_ERROR } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { localized } from '@/lib/localized';
import { useDocumentTitle } from '@/lib/use-document-title';
import { partnerKeys } from '../api/me';
import { RedemptionError, redeemVoucher } from '../api/redemption';
import { RequirePartnerPermission } from '../components/permission-gate';
import { CameraScanner } from '../components/scanner/camera-scanner';
import { OfferChoiceCard, ScanFailureCard, ScanSuccessCard } from '../components/scanner/result-cards';
import { partnerMessage, usePartnerTranslation } from '../i18n';
import { formatTime } from '@/lib/dates';
import { useScanHistory, type ScanHistoryEntry } from '../lib/scan-history';
import { cleanTypedCode, newNonce } from '../lib/voucher-code';
import { normalizeVoucherCode } from '@farha/contracts/plain/vouchers';
import { ERRORS } from '@farha/contracts/plain/errors';
import { OfflineAcceptedCard, OfflineQueue, OfflineStatus } from '../components/scanner/offline-status';
import type { QueuedRedemption } from '../offline/store';
import { useOffline } from '../offline/use-offline';

type Source = 'camera' | 'manual';
type Outcome =
  | { kind: 'success'; result: TRedemptionSuccess }
  | { kind: 'failure'; code: string; message: string; resend: { nonce: string; offerId?: string } | null }
  | { kind: 'choose'; code: string; offers: TRedemptionOfferChoice[] }
  | { kind: 'offline'; entry: QueuedRedemption };

/** /partenaire/scanner (docs/product/partners.md §10; `?mode=manual` opens the manual entry). */
export function PartnerScannerPage() {
  const { t } = usePartnerTranslation();
  useDocumentTitle(t('scanner.title'));
  return (
    <RequirePartnerPermission permission="scanner">
      <Scanner />
    </RequirePartnerPermission>
  );
}

function Scanner() {
  const { t, locale } = usePartnerTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = searchParams.get('mode');
  const view: 'choice' | Source = mode === 'manual' ? 'manual' : mode === 'camera' ? 'camera' : 'choice';
  const [typed, setTyped] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const history = useScanHistory(user.id);
  const offline = useOffline(user.id);

  /**
   * Issue 26: without a network, the scan is checked on the phone's signed list (same order and messages
   * as the server) and, when accepted, queued with its nonce until the network returns.
   */
  async function acceptOffline(code: string, nonce: string, offerId?: string) {
    const decision = await offline.engine.check(code, offerId);
    if (decision.ok) {
      const entry = await offline.engine.enqueue({
        nonce,
        code: decision.code ?? code,
        offerId: decision.offer.id,
        offerTitle: decision.offer.title,
        offerTitleAr: decision.offer.titleAr,
        boxName: decision.box.name,
        boxNameAr: decision.box.nameAr,
        faceValue: decision.offer.faceValue,
      });
      setOutcome({ kind: 'offline', entry });
      history.add({
        code: entry.code,
        ok: true,
        label: `${localized(entry.offerTitle, entry.offerTitleAr, locale)} (${t('offline.success.suffix')})`,
        amount: entry.faceValue,
        at: entry.scannedAt,
      });
      setTyped('');
      return;
    }
    if (decision.reason === 'OFFER_CHOICE_REQUIRED' && decision.offers) {
      setOutcome({ kind: 'choose', code, offers: decision.offers });
      return;
    }
    const reason = decision.reason;
    const message =
      reason in ERRORS
        ? partnerMessage(new RedemptionError(0, reason, ERRORS[reason as keyof typeof ERRORS].fr))
        : t(`offline.refusals.${reason as 'noSnapshot'}`);
    setOutcome({ kind: 'failure', code, message, resend: null });
    history.add({ code, ok: false, label: message, at: new Date().toISOString() });
  }

  const setView = (next: 'choice' | Source) => {
    setOutcome(null);
    setSearchParams(next === 'choice' ? {} : { mode: next }, { replace: true });
  };

  async function submit(code: string, options: { nonce?: string; offerId?: string } = {}) {
    if (running.current || !code.trim()) return;
    running.current = true;
    setPending(true);
    // A new submission gets a new nonce; resending one that got no answer keeps its nonce.
    const nonce = options.nonce ?? newNonce();
    try {
      if (!navigator.onLine) {
        await acceptOffline(code, nonce, options.offerId);
        return;
      }
      const result = await redeemVoucher({ code, nonce, offerId: options.offerId });
      setOutcome({ kind: 'success', result });
      history.add({
        code: result.voucher.code,
        ok: true,
        label: localized(result.offer.title, result.offer.titleAr, locale),
        customerName: result.voucher.recipientName,
        amount: result.gross,
        at: result.redeemedAt,
      });
      setTyped('');
      void queryClient.invalidateQueries({ queryKey: partnerKeys.dashboard });
      void queryClient.invalidateQueries({ queryKey: partnerKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: partnerKeys.payouts });
    } catch (error) {
      if (error instanceof RedemptionError && error.code === 'OFFER_CHOICE_REQUIRED' && error.offers.length > 0) {
        setOutcome({ kind: 'choose', code, offers: error.offers });
      } else {
        const message = partnerMessage(error);
        const noAnswer = error instanceof RedemptionError && error.code === NETWORK_ERROR;
        // No answer and a signed list on the phone: decided offline, with the same nonce (if the request did
        // reach the server, the queued one gets its answer back).
        if (noAnswer && offline.state.meta) {
          await acceptOffline(code, nonce, options.offerId);
          return;
        }
        setOutcome({
          kind: 'failure',
          code,
          message,
          resend: noAnswer ? { nonce, offerId: options.offerId } : null,
        });
        if (!noAnswer) history.add({ code, ok: false, label: message, at: new Date().toISOString() });
      }
    } finally {
      running.current = false;
      setPending(false);
    }
  }

  const onManualSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A code that cannot be a Farha code still goes to the server, which answers (and counts) the attempt.
    void submit(normalizeVoucherCode(typed) ?? typed.trim());
  };

  const next = () => {
    setOutcome(null);
    if (view === 'manual') window.setTimeout(() => inputRef.current?.focus(), 0);
  };

  const retry = () => {
    if (outcome?.kind !== 'failure') return;
    if (outcome.resend) {
      void submit(outcome.code, outcome.resend);
      return;
    }
    // Back to the entry with the code kept, to correct it (or to the camera to scan again).
    setOutcome(null);
    if (view === 'manual') window.setTimeout(() => inputRef.current?.select(), 0);
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader
        title={t('scanner.title')}
        description={t('scanner.intro')}
        actions={
          view !== 'choice' || outcome ? (
            <Button variant="ghost" onClick={() => setView('choice')} data-testid="scan-reset" disabled={pending}>
              <RotateCcw aria-hidden />
              {t('scanner.reset')}
            </Button>
          ) : undefined
        }
      />

      <OfflineStatus state={offline.state} engine={offline.engine} />

      {outcome?.kind === 'success' && <ScanSuccessCard result={outcome.result} onNext={next} />}
      {outcome?.kind === 'offline' && <OfflineAcceptedCard entry={outcome.entry} onNext={next} />}
      {outcome?.kind === 'failure' && (
        <ScanFailureCard code={outcome.code} message={outcome.message} onRetry={retry} retryResends={outcome.resend !== null} />
      )}
      {outcome?.kind === 'choose' && (
        <OfferChoiceCard
          code={outcome.code}
          offers={outcome.offers}
          pending={pending}
          onChoose={(offerId) => void submit(outcome.code, { offerId })}
          onCancel={() => setOutcome(null)}
        />
      )}

      {!outcome && view === 'choice' && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <ModeButton
            icon={Camera}
            title={t('scanner.choice.camera')}
            text={t('scanner.choice.cameraText')}
            onClick={() => setView('camera')}
            testId="scan-camera"
          />
          <ModeButton
            icon={Keyboard}
            title={t('scanner.choice.manual')}
            text={t('scanner.choice.manualText')}
            onClick={() => setView('manual')}
            testId="scan-manual"
          />
        </div>
      )}

      {!outcome && view === 'camera' && (
        <CameraScanner paused={pending} onCode={(code) => void submit(code)} onManual={() => setView('manual')} />
      )}

      {!outcome && view === 'manual' && (
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <form onSubmit={onManualSubmit} className="grid grid-cols-1 gap-4" noValidate>
              <div className="grid grid-cols-1 gap-2">
                <Label htmlFor="scan-code">{t('scanner.manual.label')}</Label>
                <Input
                  ref={inputRef}
                  id="scan-code"
                  name="code"
                  value={typed}
                  onChange={(event) => setTyped(cleanTypedCode(event.target.value))}
                  placeholder="FRH-XXXX-XXXX-XXXX"
                  autoComplete="off"
                  autoCapitalize="characters"
                  autoCorrect="off"
                  spellCheck={false}
                  enterKeyHint="go"
                  autoFocus
                  dir="ltr"
                  className="h-14 text-center font-mono text-xl tracking-widest sm:h-14 sm:text-xl"
                  aria-describedby="scan-code-hint"
                  data-testid="scan-code-input"
                />
                <p id="scan-code-hint" className="text-sm text-muted-foreground">
                  {t('scanner.manual.hint')}
                </p>
              </div>
              <Button type="submit" size="lg" className="h-14 text-lg" disabled={!typed.trim()} loading={pending} data-testid="scan-submit">
                {t('scanner.manual.submit')}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setView('camera')} disabled={pending}>
                <Camera aria-hidden />
                {t('scanner.manual.toCamera')}
              </Button>
            </form>
          </CardContent>
        </Card>
      )}

      <OfflineQueue queue={offline.state.queue} />

      <SessionHistory entries={history.entries} />
    </div>
  );
}

function ModeButton({
  icon: Icon,
  title,
  text,
  onClick,
  testId,
}: {
  icon: typeof Camera;
  title: string;
  text: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className="flex min-h-36 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-border bg-card p-6 text-center shadow-sm transition-colors hover:border-primary hover:bg-primary-soft/40 focus-visible:border-primary"
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
        <Icon aria-hidden className="size-7" />
      </span>
      <span className="text-lg font-bold">{title}</span>
      <span className="text-sm text-muted-foreground">{text}</span>
    </button>
  );
}

function SessionHistory({ entries }: { entries: ScanHistoryEntry[] }) {
  const { t, locale } = usePartnerTranslation();
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <History aria-hidden className="size-5 text-muted-foreground" />
          {t('scanner.history.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('scanner.history.empty')}</p>
        ) : (
          <ul className="divide-y divide-border" data-testid="scan-history">
            {entries.map((entry) => (
              <li key={`${entry.at}-${entry.code}`} className="flex items-center gap-3 py-2.5">
                {entry.ok ? (
                  <CircleCheck aria-label={t('scanner.history.ok')} className="size-5 shrink-0 text-success" />
                ) : (
                  <CircleX aria-label={t('scanner.history.failed')} className="size-5 shrink-0 text-destructive" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate font-mono text-sm font-semibold">
                    <span dir="ltr">{entry.code}</span>
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    {entry.customerName ? `${entry.customerName} · ${entry.label}` : entry.label}
                  </p>
                </div>
                <div className="shrink-0 text-end text-xs text-muted-foreground tabular-nums">
                  {entry.amount !== undefined && <p className="font-semibold text-foreground">{formatDzd(entry.amount, locale)}</p>}
                  <p>{formatTime(entry.at, locale)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
