import type { TAuditEntry } from '@farha/contracts/admin';
import { Badge } from '@/components/ui/badge';
import { useAdminTranslation, type AdminKey } from '../i18n';
import { formatDateTime } from './parts';

function Diff({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>—</span>;
  return (
    <code className="block whitespace-pre-wrap break-all text-xs" dir="ltr">
      {Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
        .join('\n')}
    </code>
  );
}

/** The words of an action code (`payout.paid` → "Règlement payé"); the code itself for one not named yet. */
function useActionLabel() {
  const { t } = useAdminTranslation();
  return (action: string) => {
    const key = `audit.actions.${action.replace('.', '__')}`;
    const label = t(key as AdminKey);
    return label === key ? action : label;
  };
}

/** A settings change is summed up by the fields it touched (`min_amount, max_amount`): their labels. */
function useSummary() {
  const { t } = useAdminTranslation();
  return (entry: TAuditEntry) => {
    if (entry.action !== 'settings.update') return entry.summary;
    return entry.summary
      .split(', ')
      .map((field) => {
        const key = `settings.fields.${field}`;
        const label = t(key as AdminKey);
        return label === key ? field : label;
      })
      .join(', ');
  };
}

/** Audit entries, latest first: who, when, what; with before and after when `detailed`. */
export function AuditList({ entries, detailed = false }: { entries: TAuditEntry[]; detailed?: boolean }) {
  const { t, locale } = useAdminTranslation();
  const actionLabel = useActionLabel();
  const summary = useSummary();
  return (
    <ul className="divide-y divide-border" data-testid="audit-list">
      {entries.map((e) => (
        <li key={e.id} className="grid gap-2 p-4 sm:grid-cols-[12rem_1fr]">
          <div className="space-y-1 text-sm">
            <p className="font-medium tabular-nums">{formatDateTime(e.createdAt, locale)}</p>
            <p className="truncate text-muted-foreground" dir="ltr">
              {e.actorEmail}
            </p>
          </div>
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="outline" title={e.action} data-action={e.action}>
                {actionLabel(e.action)}
              </Badge>
              <span className="text-sm" dir="auto">
                {summary(e)}
              </span>
            </div>
            {detailed && (
              <div className="grid gap-2 rounded-lg bg-muted/50 p-2 sm:grid-cols-2">
                <div>
                  <p className="text-xs font-semibold text-muted-foreground">{t('audit.before')}</p>
                  <Diff value={e.before} />
                </div>
                <div>
                  <p className="text-xs font-semibold text-muted-foreground">{t('audit.after')}</p>
                  <Diff value={e.after} />
                </div>
              </div>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
