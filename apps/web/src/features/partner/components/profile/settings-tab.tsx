import { EMAIL_FREQUENCIES, type TNotificationPreferences } from '@farha/contracts/partner';
import { algiersMonth } from '@farha/contracts/time';
import { Bell, Download, FileJson, FileSpreadsheet, Receipt, Save } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { can, usePartnerMe } from '../../api/me';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../../api/profile';
import { partnerMessage, usePartnerTranslation, type PartnerKey } from '../../i18n';
import { downloadFile } from '../../lib/download';
import type { Flash } from '../flash';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadError } from '../page-states';
import { Switch } from '@/components/ui/switch';

type OnFlash = (kind: Flash['kind'], text: string) => void;
type Toggle = Exclude<keyof TNotificationPreferences, 'emailFrequency'>;
const EMAIL_TOGGLES: Toggle[] = ['newVouchers', 'payouts', 'systemAlerts', 'marketing'];

export function SettingsTab({ isOwner, onFlash }: { isOwner: boolean; onFlash: OnFlash }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <NotificationsCard isOwner={isOwner} onFlash={onFlash} />
      <ExportsCard isOwner={isOwner} onFlash={onFlash} />
    </div>
  );
}

function NotificationsCard({ isOwner, onFlash }: { isOwner: boolean; onFlash: OnFlash }) {
  const { t } = usePartnerTranslation();
  const prefs = useNotificationPreferences();
  if (prefs.isError && !prefs.data) return <LoadError error={prefs.error} onRetry={() => void prefs.refetch()} />;
  if (!prefs.data) return <Skeleton className="h-96" />;
  return <NotificationsForm key={JSON.stringify(prefs.data)} initial={prefs.data} isOwner={isOwner} onFlash={onFlash} t={t} />;
}

function NotificationsForm({
  initial,
  isOwner,
  onFlash,
  t,
}: {
  initial: TNotificationPreferences;
  isOwner: boolean;
  onFlash: OnFlash;
  t: ReturnType<typeof usePartnerTranslation>['t'];
}) {
  const save = useSaveNotificationPreferences();
  const [value, setValue] = useState(initial);
  const dirty = JSON.stringify(value) !== JSON.stringify(initial);

  const row = (key: Toggle, label: PartnerKey, hint: PartnerKey) => {
    const id = `pref-${key}`;
    return (
      <li key={key} className="flex items-center justify-between gap-4 py-3">
        <div>
          <label htmlFor={id} className="font-medium">
            {t(label)}
          </label>
          <p className="text-sm text-muted-foreground">{t(hint)}</p>
        </div>
        <Switch tone="success" id={id} name={key} checked={value[key]} disabled={!isOwner} onCheckedChange={(checked) => setValue((v) => ({ ...v, [key]: checked }))} />
      </li>
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Bell aria-hidden className="size-5 text-primary" />
          {t('profile.settings.notificationsTitle')}
        </CardTitle>
        <CardDescription>{t('profile.settings.notificationsText')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="divide-y divide-border">
          {EMAIL_TOGGLES.map((key) => row(key, `profile.settings.prefs.${key}`, `profile.settings.prefs.${key}Hint`))}
        </ul>
        <Field label={t('profile.settings.frequency')}>
          {(c) => (
            <NativeSelect
              {...c}
              name="emailFrequency"
              value={value.emailFrequency}
              disabled={!isOwner}
              onChange={(e) => setValue((v) => ({ ...v, emailFrequency: e.target.value as TNotificationPreferences['emailFrequency'] }))}
            >
              {EMAIL_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {t(`profile.settings.frequencies.${frequency}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <ul className="border-t border-border">{row('sms', 'profile.settings.prefs.sms', 'profile.settings.prefs.smsHint')}</ul>
        {isOwner ? (
          <div className="flex justify-end">
            <Button
              onClick={() =>
                save.mutate(value, {
                  onSuccess: (answer) => onFlash('success', partnerMessage(answer.message)),
                  onError: (error) => onFlash('error', partnerMessage(error)),
                })
              }
              disabled={!dirty}
              loading={save.isPending}
              data-testid="preferences-save"
            >
              {!save.isPending && <Save aria-hidden />}
              {t('common.save')}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('profile.settings.ownerOnly')}</p>
        )}
      </CardContent>
    </Card>
  );
}

function ExportsCard({ isOwner, onFlash }: { isOwner: boolean; onFlash: OnFlash }) {
  const { t } = usePartnerTranslation();
  const me = usePartnerMe();
  const [month, setMonth] = useState(() => algiersMonth(new Date()));
  const [busy, setBusy] = useState<string | null>(null);
  const mayExportMoney = can(me.data, 'view_transactions');

  async function run(key: string, url: string, fallbackName: string) {
    setBusy(key);
    try {
      await downloadFile(url, fallbackName);
      onFlash('success', t('profile.settings.exported'));
    } catch (error) {
      onFlash('error', partnerMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Download aria-hidden className="size-5 text-primary" />
          {t('profile.settings.exportsTitle')}
        </CardTitle>
        <CardDescription>{t('profile.settings.exportsText')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ExportRow
          icon={FileJson}
          title={t('profile.settings.exportData')}
          text={t('profile.settings.exportDataText')}
          disabled={!isOwner}
          loading={busy === 'data'}
          onClick={() => void run('data', '/api/partner/exports/data.json', 'farha-donnees-partenaire.json')}
          testId="export-data"
        />
        <div className="space-y-2 rounded-xl border border-border p-3">
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2 font-medium">
                <FileSpreadsheet aria-hidden className="size-4 shrink-0 text-primary" />
                {t('profile.settings.exportActivity')}
              </p>
              <p className="text-sm text-muted-foreground">{t('profile.settings.exportActivityText')}</p>
            </div>
          </div>
          <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2">
            <Input
              type="month"
              name="month"
              value={month}
              max={algiersMonth(new Date())}
              onChange={(e) => setMonth(e.target.value)}
              aria-label={t('profile.settings.month')}
              className="min-w-0"
              dir="ltr"
            />
            <Button
              variant="outline"
              disabled={!mayExportMoney || !month}
              loading={busy === 'activity'}
              onClick={() => void run('activity', `/api/partner/exports/activity.csv?${new URLSearchParams({ month })}`, `activite-farha-${month}.csv`)}
              data-testid="export-activity"
            >
              {busy !== 'activity' && <Download aria-hidden />}
              {t('profile.settings.download')}
            </Button>
          </div>
        </div>
        <ExportRow
          icon={Receipt}
          title={t('profile.settings.exportPayments')}
          text={t('profile.settings.exportPaymentsText')}
          disabled={!mayExportMoney}
          loading={busy === 'payments'}
          onClick={() => void run('payments', '/api/partner/exports/payments.csv', 'reglements-farha.csv')}
          testId="export-payments"
        />
      </CardContent>
    </Card>
  );
}

function ExportRow({
  icon: Icon,
  title,
  text,
  disabled,
  loading,
  onClick,
  testId,
}: {
  icon: typeof FileJson;
  title: string;
  text: string;
  disabled: boolean;
  loading: boolean;
  onClick: () => void;
  testId: string;
}) {
  const { t } = usePartnerTranslation();
  return (
    // A phone: the text on the full width, the button under it; side by side from `sm` up.
    <div className="flex flex-col gap-3 rounded-xl border border-border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-medium">
          <Icon aria-hidden className="size-4 shrink-0 text-primary" />
          {title}
        </p>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      <Button variant="outline" className="shrink-0" disabled={disabled} loading={loading} onClick={onClick} data-testid={testId}>
        {!loading && <Download aria-hidden />}
        {t('profile.settings.download')}
      </Button>
    </div>
  );
}
