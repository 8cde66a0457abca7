import { TWO_FACTOR_MESSAGES, type TTwoFactorSetup } from '@farha/contracts/admin';
import { ShieldCheck, ShieldAlert, KeyRound, UserRound } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useChangeStaffPassword, useSaveStaffProfile, useStaffProfile, useTwoFactorSetup, useTwoFactorSwitch } from '../api/profile';
import { LoadFailed } from '../components/parts';
import { adminMessage, useAdminTranslation } from '../i18n';

type Flash = { kind: 'success' | 'error'; text: string; field?: string | undefined } | null;
const flashOf = (error: unknown): Flash => ({ kind: 'error', text: adminMessage(error), field: error instanceof ApiError ? error.field : undefined });

function Section(props: { icon: typeof UserRound; title: string; text: string; children: ReactNode; testId: string }) {
  const Icon = props.icon;
  return (
    <Card data-testid={props.testId}>
      <CardContent className="space-y-4 p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-strong">
            <Icon aria-hidden className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 className="text-lg font-semibold">{props.title}</h2>
            <p className="text-sm text-muted-foreground">{props.text}</p>
          </div>
        </div>
        {props.children}
      </CardContent>
    </Card>
  );
}

/** /admin/profile (issue 12): the staff member's own profile, password and two-factor authentication. */
export function AdminProfilePage() {
  const { t } = useAdminTranslation();
  useDocumentTitle(t('profile.title'));
  const profile = useStaffProfile();

  return (
    <div className="space-y-6">
      <PageHeader title={t('profile.title')} description={t('profile.intro')} />
      {profile.isError && !profile.data ? (
        <LoadFailed error={profile.error} onRetry={() => void profile.refetch()} />
      ) : profile.isPending ? (
        <Skeleton className="h-64" />
      ) : (
        <>
          {profile.data.twoFactor.required && !profile.data.twoFactor.enabled && (
            <Alert variant="error" data-testid="twofactor-required">
              {t('profile.twoFactor.requiredBanner')}
            </Alert>
          )}
          <div className="grid gap-6 lg:grid-cols-2">
            <IdentityForm initial={profile.data.profile} />
            <PasswordForm />
          </div>
          <TwoFactorSection enabled={profile.data.twoFactor.enabled} required={profile.data.twoFactor.required} />
        </>
      )}
    </div>
  );
}

function IdentityForm({ initial }: { initial: { email: string; firstName: string; lastName: string; phone: string | null } }) {
  const { t } = useAdminTranslation();
  const save = useSaveStaffProfile();
  const [draft, setDraft] = useState({ firstName: initial.firstName, lastName: initial.lastName, phone: initial.phone ?? '' });
  const [flash, setFlash] = useState<Flash>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFlash(null);
    save.mutate(
      { firstName: draft.firstName, lastName: draft.lastName, phone: draft.phone.trim() === '' ? null : draft.phone },
      { onSuccess: (a) => setFlash({ kind: 'success', text: adminMessage(a.message ?? '') }), onError: (e) => setFlash(flashOf(e)) },
    );
  };
  const fieldError = (field: string) => (flash?.kind === 'error' && flash.field === field ? flash.text : undefined);
  return (
    <Section icon={UserRound} title={t('profile.identity.title')} text={t('profile.identity.text')} testId="profile-identity">
      <form className="space-y-4" onSubmit={submit}>
        <Field label={t('users.form.email')}>{(c) => <Input {...c} value={initial.email} readOnly dir="ltr" />}</Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('users.form.firstName')} error={fieldError('firstName')}>
            {(c) => <Input {...c} value={draft.firstName} onChange={(e) => setDraft({ ...draft, firstName: e.target.value })} />}
          </Field>
          <Field label={t('users.form.lastName')} error={fieldError('lastName')}>
            {(c) => <Input {...c} value={draft.lastName} onChange={(e) => setDraft({ ...draft, lastName: e.target.value })} />}
          </Field>
        </div>
        <Field label={t('users.form.phone')} labelSuffix={t('users.form.optional')} error={fieldError('phone')}>
          {(c) => <Input {...c} type="tel" dir="ltr" value={draft.phone} onChange={(e) => setDraft({ ...draft, phone: e.target.value })} />}
        </Field>
        {flash && !fieldError(flash.field ?? '') && <Alert variant={flash.kind}>{flash.text}</Alert>}
        <Button type="submit" disabled={save.isPending}>
          {t('users.form.save')}
        </Button>
      </form>
    </Section>
  );
}

function PasswordForm() {
  const { t } = useAdminTranslation();
  const change = useChangeStaffPassword();
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const [draft, setDraft] = useState(empty);
  const [flash, setFlash] = useState<Flash>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFlash(null);
    change.mutate(draft, {
      onSuccess: (a) => {
        setDraft(empty);
        setFlash({ kind: 'success', text: adminMessage(a.message) });
      },
      onError: (e) => setFlash(flashOf(e)),
    });
  };
  const fieldError = (field: string) => (flash?.kind === 'error' && flash.field === field ? flash.text : undefined);
  return (
    <Section icon={KeyRound} title={t('profile.password.title')} text={t('profile.password.text')} testId="profile-password">
      <form className="space-y-4" onSubmit={submit}>
        <Field label={t('profile.password.current')} error={fieldError('currentPassword')}>
          {(c) => <PasswordInput {...c} autoComplete="current-password" dir="ltr" value={draft.currentPassword} onChange={(e) => setDraft({ ...draft, currentPassword: e.target.value })} />}
        </Field>
        <Field label={t('profile.password.new')} error={fieldError('newPassword')}>
          {(c) => <PasswordInput {...c} autoComplete="new-password" dir="ltr" value={draft.newPassword} onChange={(e) => setDraft({ ...draft, newPassword: e.target.value })} />}
        </Field>
        <Field label={t('profile.password.confirm')} error={fieldError('confirmPassword')}>
          {(c) => <PasswordInput {...c} autoComplete="new-password" dir="ltr" value={draft.confirmPassword} onChange={(e) => setDraft({ ...draft, confirmPassword: e.target.value })} />}
        </Field>
        {flash && !fieldError(flash.field ?? '') && <Alert variant={flash.kind}>{flash.text}</Alert>}
        <Button type="submit" disabled={change.isPending}>
          {t('profile.password.submit')}
        </Button>
      </form>
    </Section>
  );
}

function TwoFactorSection({ enabled, required }: { enabled: boolean; required: boolean }) {
  const { t } = useAdminTranslation();
  const setup = useTwoFactorSetup();
  const toggle = useTwoFactorSwitch();
  const [qr, setQr] = useState<TTwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [flash, setFlash] = useState<Flash>(null);

  const send = (action: 'enable' | 'disable') => {
    setFlash(null);
    toggle.mutate(
      { action, code: code.trim() },
      {
        onSuccess: (a) => {
          setQr(null);
          setCode('');
          setFlash({ kind: 'success', text: adminMessage(a.message ?? (action === 'enable' ? TWO_FACTOR_MESSAGES.ENABLED.fr : TWO_FACTOR_MESSAGES.DISABLED.fr)) });
        },
        onError: (e) => setFlash(flashOf(e)),
      },
    );
  };
  const codeField = (
    <Field label={t('profile.twoFactor.code')} hint={t('profile.twoFactor.codeHint')}>
      {(c) => (
        <Input
          {...c}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          dir="ltr"
          className="max-w-40 tracking-widest"
          data-testid="twofactor-code"
        />
      )}
    </Field>
  );

  return (
    <Section icon={enabled ? ShieldCheck : ShieldAlert} title={t('profile.twoFactor.title')} text={t('profile.twoFactor.text')} testId="profile-twofactor">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={enabled ? 'soft' : 'muted'} data-testid="twofactor-state">
          {enabled ? t('profile.twoFactor.on') : t('profile.twoFactor.off')}
        </Badge>
        {required && <Badge variant="outline">{t('profile.twoFactor.requiredBadge')}</Badge>}
      </div>
      {flash && <Alert variant={flash.kind}>{flash.text}</Alert>}
      {enabled ? (
        required ? (
          <p className="text-sm text-muted-foreground">{t('profile.twoFactor.cannotDisable')}</p>
        ) : (
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              send('disable');
            }}
          >
            {codeField}
            <Button type="submit" variant="outline" disabled={toggle.isPending}>
              {t('profile.twoFactor.disable')}
            </Button>
          </form>
        )
      ) : qr ? (
        <div className="grid gap-5 md:grid-cols-[auto_1fr] md:items-start">
          <img src={qr.qrDataUrl} alt={t('profile.twoFactor.qrAlt')} width={200} height={200} className="rounded-lg border border-border bg-white p-2" data-testid="twofactor-qr" />
          <div className="min-w-0 space-y-4">
            <ol className="list-decimal space-y-1 ps-5 text-sm">
              <li>{t('profile.twoFactor.step1')}</li>
              <li>{t('profile.twoFactor.step2')}</li>
            </ol>
            <p className="text-sm text-muted-foreground">
              {t('profile.twoFactor.manual')}{' '}
              <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono text-xs" dir="ltr" data-testid="twofactor-secret">
                {qr.secret}
              </code>
            </p>
            <form
              className="flex flex-wrap items-end gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                send('enable');
              }}
            >
              {codeField}
              <Button type="submit" disabled={toggle.isPending} data-testid="twofactor-enable">
                {t('profile.twoFactor.enable')}
              </Button>
            </form>
          </div>
        </div>
      ) : (
        <Button
          onClick={() => {
            setFlash(null);
            setup.mutate(undefined, { onSuccess: setQr, onError: (e) => setFlash(flashOf(e)) });
          }}
          disabled={setup.isPending}
          data-testid="twofactor-start"
        >
          {t('profile.twoFactor.start')}
        </Button>
      )}
    </Section>
  );
}
