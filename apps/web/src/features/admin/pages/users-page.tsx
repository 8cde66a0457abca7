import type { TAdminUserRow } from '@farha/contracts/admin';
import { formatDzd } from '@farha/contracts/money';
import { ROLES } from '@farha/contracts/plain/roles';
import { Mail, Pencil, Search, ShieldCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentUser } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toQuery, useAdminUsers, useSendPasswordLink, useUserStatus } from '../api/admin';
import { UserFormDialog } from '../components/user-form-dialog';
import { AdminQueryStates, Pager, PromptDialog, usePrompt } from '../components/parts';
import { adminMessage, useAdminTranslation } from '../i18n';
import { formatShortDateTime as formatDateTime } from '@/lib/dates';

const STATUSES = ['active', 'suspended', 'pending'] as const;
const selectClass = 'h-10 w-full rounded-md border border-input bg-card px-3 text-sm';

/** /admin/users (docs/product/back-office.md §3, superadmin): server-side search, filters and pages; suspend and reactivate. */
export function AdminUsersPage() {
  const { t, locale } = useAdminTranslation();
  useDocumentTitle(t('users.title'));
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const role = params.get('role') ?? '';
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const [draft, setDraft] = useState({ q, role, status });
  const list = useAdminUsers(toQuery({ q, role, status, page, pageSize: 20 }));
  const change = useUserStatus();
  const [flash, setFlash] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const suspending = usePrompt<TAdminUserRow>();
  const [form, setForm] = useState<{ user: TAdminUserRow | null } | null>(null);
  const link = useSendPasswordLink();
  const sendLink = (user: TAdminUserRow) => {
    setFlash(null);
    link.mutate(user.id, {
      onSuccess: (answer) => setFlash({ kind: 'success', text: `${adminMessage(answer.message)} — ${answer.user.email}` }),
      onError: (error) => setFlash({ kind: 'error', text: adminMessage(error) }),
    });
  };

  const act = (user: TAdminUserRow, action: 'suspend' | 'reactivate') => {
    setFlash(null);
    change.mutate(
      { id: user.id, action },
      {
        onSuccess: (answer) => {
          suspending.close();
          setFlash({ kind: 'success', text: `${adminMessage(answer.message)} — ${answer.user.email}` });
        },
        onError: (error) => (action === 'suspend' ? suspending.setError(adminMessage(error)) : setFlash({ kind: 'error', text: adminMessage(error) })),
      },
    );
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('users.title')}
        description={t('users.intro')}
        actions={
          <Button onClick={() => setForm({ user: null })} data-testid="user-create">
            <UserPlus aria-hidden />
            {t('users.create')}
          </Button>
        }
      />
      <form
        role="search"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(toQuery({ q: draft.q.trim(), role: draft.role, status: draft.status }));
        }}
      >
        <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
          <Label htmlFor="users-q">{t('common.search')}</Label>
          <Input id="users-q" placeholder={t('users.searchPlaceholder')} value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="users-role">{t('users.roleFilter')}</Label>
          <select id="users-role" className={selectClass} value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value })}>
            <option value="">{t('common.all')}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`users.roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="users-status">{t('users.statusFilter')}</Label>
          <select id="users-status" className={selectClass} value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value })}>
            <option value="">{t('common.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`users.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">
          <Search aria-hidden />
          {t('common.search')}
        </Button>
      </form>
      {flash && (
        <Alert variant={flash.kind} data-testid={`user-flash-${flash.kind}`}>
          {flash.text}
        </Alert>
      )}
      <AdminQueryStates query={list} isEmpty={(data) => data.users.length === 0} empty={t('common.empty')}>
        {(data) => (
          <Card>
            <CardContent className="p-0">
              <ul className="divide-y divide-border" data-testid="user-list">
                {data.users.map((u) => (
                  <li key={u.id} className="grid gap-3 p-4 lg:grid-cols-[2fr_1fr_1.4fr_auto] md:grid-cols-2 lg:items-center" data-testid="user-row">
                    <div className="min-w-0">
                      <p className="truncate font-semibold">
                        {u.firstName} {u.lastName}
                      </p>
                      <p className="truncate text-sm text-muted-foreground" dir="ltr">
                        {u.email}
                      </p>
                      <p className="text-xs text-muted-foreground">{t('users.createdAt', { date: formatDateTime(u.createdAt, locale) })}</p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant="outline">{t(`users.roles.${u.role}`)}</Badge>
                      <Badge variant={u.status === 'active' ? 'soft' : u.status === 'suspended' ? 'destructive' : 'muted'}>{t(`users.status.${u.status as (typeof STATUSES)[number]}`)}</Badge>
                      {u.twoFactor && (
                        <Badge variant="outline">
                          <ShieldCheck aria-hidden className="size-3.5" />
                          {t('users.twoFactor')}
                        </Badge>
                      )}
                    </div>
                    <div className="text-sm text-muted-foreground">
                      <p>
                        {t('users.columns.lastLogin')} : {u.lastLoginAt ? formatDateTime(u.lastLoginAt, locale) : t('users.never')}
                      </p>
                      <p>{t('users.sessions', { count: u.openSessions })}</p>
                      {u.failedLogins > 0 && (
                        <p className="text-destructive" data-testid="user-failed-logins">
                          {t('users.failedLogins', { count: u.failedLogins })}
                        </p>
                      )}
                      {u.role === 'customer' && <p>{t('users.vouchers', { count: u.vouchersCount, amount: formatDzd(u.totalSpent, locale) })}</p>}
                    </div>
                    <div className="flex flex-wrap gap-2 md:justify-end">
                      <Button variant="ghost" size="sm" onClick={() => setForm({ user: u })} data-testid="user-edit">
                        <Pencil aria-hidden />
                        {t('users.edit')}
                      </Button>
                      {u.status !== 'suspended' && (
                        <Button variant="ghost" size="sm" disabled={link.isPending} title={t('users.sendLinkHint')} onClick={() => sendLink(u)} data-testid="user-send-link">
                          <Mail aria-hidden />
                          {t('users.sendLink')}
                        </Button>
                      )}
                      {u.status === 'suspended' ? (
                        <Button variant="outline" size="sm" disabled={change.isPending} onClick={() => act(u, 'reactivate')} data-testid="user-reactivate">
                          {t('users.reactivate')}
                        </Button>
                      ) : (
                        <Button variant="outline" size="sm" disabled={change.isPending || u.id === me.id} onClick={() => suspending.open(u)} data-testid="user-suspend">
                          {t('users.suspend')}
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        )}
      </AdminQueryStates>
      {list.data && (
        <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={(next) => setParams(toQuery({ q, role, status, page: next }))} />
      )}
      {form && (
        <UserFormDialog
          key={form.user?.id ?? 'new'}
          open
          user={form.user}
          onClose={() => setForm(null)}
          onDone={(message) => {
            setForm(null);
            setFlash({ kind: 'success', text: message });
          }}
        />
      )}
      <PromptDialog
        {...suspending.dialogProps}
        title={t('users.suspendTitle', { email: suspending.target?.email ?? '' })}
        text={t('users.suspendText')}
        confirmLabel={t('users.suspend')}
        destructive
        pending={change.isPending}
        onConfirm={() => suspending.target && act(suspending.target, 'suspend')}
      />
    </div>
  );
}
