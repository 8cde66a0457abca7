import { PASSWORD_MIN_LENGTH_CHOICES, type TSettingsSections } from '@farha/contracts/admin';
import { Activity, Database, Download, RefreshCw, RotateCcw, Save, Timer, Upload, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatUptime } from '@/lib/durations';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminSettings, useImportSettings, useResetSettings, useSaveSettings, useSystemFigures } from '../api/settings';
import { formatNumber, KpiTile, PromptDialog } from '../components/parts';
import { adminMessage, useAdminTranslation } from '../i18n';
import { SETTING_DISPLAY_SCALE as SCALE } from '../lib/setting-units';

type Section = keyof TSettingsSections;
const SECTIONS: Section[] = ['platform', 'payments', 'notifications', 'security', 'features', 'support', 'delivery'];

/** /admin/settings (docs/product/back-office.md §7, superadmin): the six sections, persisted, with the unsaved badge. */
export function AdminSettingsPage() {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('settings.title'));
  const query = useAdminSettings();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<TSettingsSections | null>(null);
  const [flash, setFlash] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const saved = query.data?.settings;
  const current = draft ?? saved;
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  const importer = useImportSettings();
  const reset = useResetSettings();
  const fileInput = useRef<HTMLInputElement>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const [resetError, setResetError] = useState<string | null>(null);

  const importFile = async (file: File) => {
    setFlash(null);
    let body: unknown;
    try {
      body = JSON.parse(await file.text());
    } catch {
      setFlash({ kind: 'error', text: adminMessage('Fichier de configuration invalide') });
      return;
    }
    importer.mutate(body, {
      onSuccess: (answer) => {
        setDraft(null);
        setFlash({ kind: 'success', text: adminMessage(answer.message ?? '') });
      },
      onError: (error) => setFlash({ kind: 'error', text: adminMessage(error) }),
    });
  };

  const set = (section: Section, field: string, value: unknown) => {
    if (!current) return;
    setDraft({ ...current, [section]: { ...current[section], [field]: value } } as TSettingsSections);
  };

  const submit = () => {
    if (!draft) return;
    setFlash(null);
    save.mutate(draft, {
      onSuccess: (answer) => {
        setDraft(null);
        setFlash({ kind: 'success', text: adminMessage(answer.message ?? '') });
      },
      onError: (error) => setFlash({ kind: 'error', text: adminMessage(error) }),
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('settings.title')}
        description={t('settings.intro')}
        actions={
          <>
            <Badge variant={dirty ? 'secondary' : 'soft'} data-testid="settings-state">
              {dirty ? t('settings.unsaved') : t('settings.saved')}
            </Badge>
            <Button variant="outline" onClick={() => { setDraft(null); void query.refetch(); }}>
              <RefreshCw aria-hidden />
              {t('settings.reload')}
            </Button>
            <Button onClick={submit} disabled={!dirty || save.isPending} data-testid="settings-save">
              <Save aria-hidden />
              {t('settings.save')}
            </Button>
          </>
        }
      />
      <SystemTiles />
      <div className="flex flex-wrap gap-2" data-testid="settings-file-actions">
        <Button asChild variant="outline" size="sm">
          <a href="/api/admin/settings/export" download data-testid="settings-export">
            <Download aria-hidden />
            {t('settings.file.export')}
          </a>
        </Button>
        <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={importer.isPending} data-testid="settings-import">
          <Upload aria-hidden />
          {t('settings.file.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="settings-import-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
        <Button variant="outline" size="sm" className="text-destructive" onClick={() => setResetOpen(true)} data-testid="settings-reset">
          <RotateCcw aria-hidden />
          {t('settings.file.reset')}
        </Button>
      </div>
      {flash && <Alert variant={flash.kind}>{flash.text}</Alert>}
      {query.isError && !query.data ? (
        <Alert variant="error">{t('settings.loadError')}</Alert>
      ) : !current ? (
        <Skeleton className="h-60" />
      ) : (
        <Tabs defaultValue="platform">
          {/* Six tabs do not fit a phone: the row scrolls inside its own box (a wrapped row would slide under the panel). */}
          <TabsList className="max-w-full justify-start overflow-x-auto">
            {SECTIONS.map((s) => (
              <TabsTrigger key={s} value={s} className="flex-none sm:flex-1">
                {t(`settings.tabs.${s}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {SECTIONS.map((section) => (
            <TabsContent key={section} value={section}>
              <Card>
                <CardContent className="grid gap-4 p-5 sm:grid-cols-2 sm:p-6" data-testid={`settings-${section}`}>
                  {Object.entries(current[section]).map(([field, value]) => {
                    const id = `setting-${section}-${field}`;
                    const label = t(`settings.fields.${field}` as never);
                    if (typeof value === 'boolean') {
                      return (
                        <div key={field} className="flex items-center gap-3 rounded-lg border border-border p-3">
                          <Checkbox id={id} checked={value} onCheckedChange={(checked) => set(section, field, checked === true)} />
                          <Label htmlFor={id}>{label}</Label>
                        </div>
                      );
                    }
                    if (field === 'password_min_length') {
                      return (
                        <div key={field} className="grid gap-1.5">
                          <Label htmlFor={id}>{label}</Label>
                          <select id={id} value={String(value)} onChange={(e) => set(section, field, Number(e.target.value))} className="h-10 rounded-md border border-input bg-card px-3 text-sm">
                            {PASSWORD_MIN_LENGTH_CHOICES.map((n) => (
                              <option key={n} value={n}>
                                {n}
                              </option>
                            ))}
                          </select>
                        </div>
                      );
                    }
                    if (typeof value === 'number') {
                      const scale = SCALE[field] ?? 1;
                      return (
                        <div key={field} className="grid gap-1.5">
                          <Label htmlFor={id}>{label}</Label>
                          <Input
                            id={id}
                            type="number"
                            inputMode="decimal"
                            value={value / scale}
                            onChange={(e) => set(section, field, Math.round(Number(e.target.value) * scale))}
                          />
                        </div>
                      );
                    }
                    if (Array.isArray(value) && field === 'sms_countries') {
                      return <CodesField key={field} id={id} label={label} value={value as string[]} onChange={(codes) => set(section, field, codes)} />;
                    }
                    if (typeof value === 'string') {
                      return (
                        <div key={field} className="grid gap-1.5">
                          <Label htmlFor={id}>{label}</Label>
                          <Input id={id} value={value} onChange={(e) => set(section, field, e.target.value)} />
                        </div>
                      );
                    }
                    return null;
                  })}
                </CardContent>
              </Card>
            </TabsContent>
          ))}
        </Tabs>
      )}
      <PromptDialog
        open={resetOpen}
        title={t('settings.file.resetTitle')}
        text={t('settings.file.resetText')}
        inputLabel={t('settings.file.resetLabel')}
        confirmLabel={t('settings.file.reset')}
        destructive
        pending={reset.isPending}
        error={resetError}
        onClose={() => {
          setResetOpen(false);
          setResetError(null);
        }}
        onConfirm={(word) =>
          reset.mutate(word, {
            onSuccess: (answer) => {
              setResetOpen(false);
              setResetError(null);
              setDraft(null);
              setFlash({ kind: 'success', text: adminMessage(answer.message ?? '') });
            },
            onError: (error) => setResetError(adminMessage(error)),
          })
        }
      />
    </div>
  );
}

/**
 * A list of short codes typed as « DZ, FR » (issue 32: the countries whose mobiles take texts). The text is
 * kept as typed while it is edited; the list saved is its codes, upper-cased (the server checks each).
 */
const codesOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean).map((code) => code.toUpperCase());
function CodesField({ id, label, value, onChange }: { id: string; label: string; value: string[]; onChange: (codes: string[]) => void }) {
  const [text, setText] = useState(value.join(', '));
  // A reload, an import or a reset changes the list from outside: show it (typing leaves it equal).
  const joined = value.join(',');
  useEffect(() => {
    setText((typed) => (codesOf(typed).join(',') === joined ? typed : joined.split(',').join(', ')));
  }, [joined]);
  return (
    <div className="grid gap-1.5 sm:col-span-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        dir="ltr"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(codesOf(e.target.value));
        }}
      />
    </div>
  );
}

const UNITS = ['o', 'Ko', 'Mo', 'Go', 'To'] as const;
const UNITS_AR = ['بايت', 'ك.ب', 'م.ب', 'ج.ب', 'ت.ب'] as const;
function formatBytes(bytes: number, locale: 'fr' | 'ar'): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, locale)} ${(locale === 'ar' ? UNITS_AR : UNITS)[unit]}`;
}

/** The four tiles of docs/product/back-office.md §7, measured by the server (GET /api/admin/settings/system). */
function SystemTiles() {
  const { t, locale } = useAdminTranslation();
  const { t: tApp } = useTranslation();
  const figures = useSystemFigures();
  const f = figures.data;
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="settings-tiles">
      <KpiTile icon={Timer} label={t('settings.tiles.uptime')} loading={figures.isPending} value={f ? formatUptime(f.uptimeSeconds, tApp) : '—'} hint={t('settings.tiles.uptimeHint')} testId="tile-uptime" />
      <KpiTile icon={Users} label={t('settings.tiles.active')} loading={figures.isPending} value={f ? formatNumber(f.activeUsers15m, locale) : '—'} hint={t('settings.tiles.activeHint')} testId="tile-active" />
      <KpiTile
        icon={Activity}
        label={t('settings.tiles.transactions')}
        loading={figures.isPending}
        value={f ? formatNumber(f.transactionsPerMinute, locale) : '—'}
        hint={f ? t('settings.tiles.transactionsHint', { count: f.transactionsLastHour }) : undefined}
        testId="tile-transactions"
      />
      <KpiTile
        icon={Database}
        label={t('settings.tiles.storage')}
        loading={figures.isPending}
        value={f ? formatBytes(f.storage.databaseBytes + f.storage.filesBytes, locale) : '—'}
        hint={f ? t('settings.tiles.storageHint', { database: formatBytes(f.storage.databaseBytes, locale), files: formatBytes(f.storage.filesBytes, locale) }) : undefined}
        testId="tile-storage"
      />
    </div>
  );
}
