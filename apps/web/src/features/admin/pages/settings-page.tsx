import { PASSWORD_MIN_LENGTH_CHOICES, type TSettingsSections } from '@farha/contracts/admin';
import { RefreshCw, Save } from 'lucide-react';
import { useState } from 'react';
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
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminSettings, useSaveSettings } from '../api/settings';
import { adminMessage, useAdminTranslation } from '../i18n';

type Section = keyof TSettingsSections;
const SECTIONS: Section[] = ['platform', 'payments', 'notifications', 'security', 'features'];
/** Numbers shown in another unit than stored: minutes for ms, percent for basis points. */
const SCALE: Record<string, number> = { session_timeout: 60_000, commission_rate_bp: 100 };

/** /admin/settings (spec 02 §2, §3, superadmin): the five sections, persisted, with the unsaved badge. */
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
      {flash && <Alert variant={flash.kind}>{flash.text}</Alert>}
      {query.isError && !query.data ? (
        <Alert variant="error">{t('settings.loadError')}</Alert>
      ) : !current ? (
        <Skeleton className="h-60" />
      ) : (
        <Tabs defaultValue="platform">
          <TabsList className="flex-wrap">
            {SECTIONS.map((s) => (
              <TabsTrigger key={s} value={s}>
                {t(`settings.tabs.${s}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {SECTIONS.map((section) => (
            <TabsContent key={section} value={section}>
              <Card>
                <CardContent className="grid gap-4 p-5 sm:grid-cols-2" data-testid={`settings-${section}`}>
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
    </div>
  );
}
