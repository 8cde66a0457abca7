import type { TAuditEntry } from '@farha/contracts/admin';
import { Badge } from '@/components/ui/badge';
import { useAdminTranslation } from '../i18n';
import { auditActionLabel, auditFieldLabel, auditSummary, auditValue } from '../lib/audit-text';
import { formatShortDateTime as formatDateTime } from '@/lib/dates';

/** A before/after snapshot as labelled lines in the reader's language (`Commission : 15 %`). */
function Diff({ value }: { value: unknown }) {
  const { t, locale } = useAdminTranslation();
  if (value === null || value === undefined || typeof value !== 'object') return <span>—</span>;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
      {Object.entries(value as Record<string, unknown>).map(([field, v]) => (
        <div key={field} className="contents">
          <dt className="text-muted-foreground" title={field}>
            {auditFieldLabel(field, t)}
          </dt>
          <dd className="min-w-0 break-all">
            <bdi>{auditValue(field, v, t, locale)}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Audit entries, latest first: who, when, what; with before and after when `detailed`. */
export function AuditList({ entries, detailed = false }: { entries: TAuditEntry[]; detailed?: boolean }) {
  const { t, locale } = useAdminTranslation();
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
                {auditActionLabel(e.action, t)}
              </Badge>
              <span className="text-sm" dir="auto">
                {auditSummary(e, t, locale)}
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
