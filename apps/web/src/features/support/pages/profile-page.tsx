import { formatDate } from '@farha/contracts/money';
import { CheckCircle2, Clock, Inbox, Scale, Star, TrendingUp } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAgentProfile, useChangeAgentPassword, useSaveAgentProfile } from '../api/portal';
import { Kpi } from '../components/controls';
import { portalMessage, usePortalTranslation } from '../i18n-portal';

/** Issue 14 /support/profile: the agent's own details, password and figures. */
export function SupportProfilePage() {
  const { t, locale } = usePortalTranslation();
  useDocumentTitle(t('profile.title'));
  const { data, isLoading } = useAgentProfile();
  const p = data?.profile;
  const s = p?.stats;
  return (
    <div className="space-y-6">
      <PageHeader title={t('profile.title')} description={t('profile.description')} />
      <section aria-label={t('profile.stats')} className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        <Kpi label={t('profile.openAssigned')} value={s?.openAssigned ?? 0} icon={Inbox} loading={isLoading} testId="profile-open" />
        <Kpi label={t('profile.resolvedTotal')} value={s?.resolvedTotal ?? 0} icon={CheckCircle2} loading={isLoading} tone="muted" testId="profile-resolved" />
        <Kpi label={t('profile.resolved30')} value={s?.resolvedLast30Days ?? 0} icon={TrendingUp} loading={isLoading} tone="muted" />
        <Kpi label={t('profile.median')} value={s?.medianFirstResponseMinutes == null ? '—' : `${s.medianFirstResponseMinutes} min`} icon={Clock} loading={isLoading} tone="accent" />
        <Kpi label={t('profile.rating')} value={s?.averageRating == null ? '—' : `${s.averageRating} / 5`} icon={Star} loading={isLoading} tone="accent" />
        <Kpi label={t('profile.disputes')} value={s?.disputesResolved ?? 0} icon={Scale} loading={isLoading} tone="muted" />
      </section>
      {isLoading || !p ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <IdentityForm key={p.id + p.firstName + p.lastName + (p.phone ?? '')} profile={p} />
          <PasswordForm />
          <p className="text-sm text-muted-foreground lg:col-span-2">
            <bdi dir="ltr">{p.email}</bdi> · {formatDate(p.createdAt, locale)}
          </p>
        </div>
      )}
    </div>
  );
}

function IdentityForm({ profile }: { profile: { firstName: string; lastName: string; phone: string | null; email: string } }) {
  const { t } = usePortalTranslation();
  const save = useSaveAgentProfile();
  const [form, setForm] = useState({ firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone ?? '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { firstName: form.firstName, lastName: form.lastName, phone: form.phone || null },
      { onSuccess: (r) => toast.success(portalMessage(r.message ?? '')), onError: (e) => toast.error(portalMessage(e)) },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl border border-border bg-card p-4">
      <h2 className="font-semibold">{t('profile.identity')}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="agent-first">{t('profile.firstName')}</Label>
          <Input id="agent-first" value={form.firstName} onChange={(e) => setForm({ ...form, firstName: e.target.value })} required maxLength={80} autoComplete="given-name" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="agent-last">{t('profile.lastName')}</Label>
          <Input id="agent-last" value={form.lastName} onChange={(e) => setForm({ ...form, lastName: e.target.value })} required maxLength={80} autoComplete="family-name" />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="agent-phone">{t('profile.phone')}</Label>
        <Input id="agent-phone" type="tel" dir="ltr" value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} maxLength={30} autoComplete="tel" />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="agent-email">{t('profile.email')}</Label>
        <Input id="agent-email" dir="ltr" value={profile.email} readOnly disabled />
      </div>
      <Button type="submit" disabled={save.isPending}>{t('profile.save')}</Button>
    </form>
  );
}

function PasswordForm() {
  const { t } = usePortalTranslation();
  const change = useChangeAgentPassword();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(form, {
      onSuccess: () => {
        toast.success(t('profile.passwordSaved'));
        setForm({ currentPassword: '', newPassword: '', confirmPassword: '' });
      },
      onError: (e) => toast.error(errorMessage(e)),
    });
  };
  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl border border-border bg-card p-4">
      <h2 className="font-semibold">{t('profile.password')}</h2>
      <div className="space-y-1.5">
        <Label htmlFor="agent-current">{t('profile.current')}</Label>
        <PasswordInput id="agent-current" value={form.currentPassword} onChange={(e) => setForm({ ...form, currentPassword: e.target.value })} autoComplete="current-password" required />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="agent-new">{t('profile.new')}</Label>
        <PasswordInput id="agent-new" value={form.newPassword} onChange={(e) => setForm({ ...form, newPassword: e.target.value })} autoComplete="new-password" required minLength={6} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="agent-confirm">{t('profile.confirm')}</Label>
        <PasswordInput id="agent-confirm" value={form.confirmPassword} onChange={(e) => setForm({ ...form, confirmPassword: e.target.value })} autoComplete="new-password" required minLength={6} />
      </div>
      <Button type="submit" disabled={change.isPending}>{t('profile.change')}</Button>
    </form>
  );
}
