import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toQuery, useAuditLog } from '../api/admin';
import { AuditList } from '../components/audit-list';
import { AdminQueryStates, Pager } from '../components/parts';
import { useAdminTranslation } from '../i18n';

/** /admin/audit (issue 12, superadmin): the append-only log, filtered by action and author, paginated. */
export function AdminAuditPage() {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('audit.title'));
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const actor = params.get('actor') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const [draft, setDraft] = useState({ action, actor });
  const log = useAuditLog(toQuery({ action, actor, page, pageSize: 25 }));

  return (
    <div className="space-y-6">
      <PageHeader title={t('audit.title')} description={t('audit.intro')} />
      <form
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(toQuery({ action: draft.action.trim(), actor: draft.actor.trim() }));
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action">{t('audit.actionFilter')}</Label>
          <Input id="audit-action" dir="ltr" value={draft.action} placeholder="payout. / partner. / user." onChange={(e) => setDraft({ ...draft, action: e.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-actor">{t('audit.actorFilter')}</Label>
          <Input id="audit-actor" value={draft.actor} onChange={(e) => setDraft({ ...draft, actor: e.target.value })} />
        </div>
        <Button type="submit">{t('common.search')}</Button>
      </form>
      <AdminQueryStates query={log} isEmpty={(data) => data.entries.length === 0} empty={t('audit.empty')}>
        {(data) => (
          <Card>
            <CardContent className="p-0">
              <AuditList entries={data.entries} detailed />
            </CardContent>
          </Card>
        )}
      </AdminQueryStates>
      {log.data && (
        <Pager page={log.data.page} pageSize={log.data.pageSize} total={log.data.total} onPage={(next) => setParams(toQuery({ action, actor, page: next }))} />
      )}
    </div>
  );
}
