import { ZAcceptInvitation, type TAcceptInvitation } from '@farha/contracts/partner';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailWarning, PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { Logo } from '@/components/brand/logo';
import { DisplaySwitches } from '@/components/display-switches';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useSiteStatus } from '@/lib/site-status';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAcceptInvitation, useInvitation } from '../api/invitations';
import { isolate, partnerMessage, usePartnerTranslation } from '../i18n';
import { formatDate } from '@/lib/dates';
import { errorKey } from '@farha/contracts/plain/errors';
import { errorTextOf } from '@/lib/i18n';

/** /invitation?token=… : a team member invited by a partner owner sets a password and joins (docs/product/partners.md §6). */
export function InvitationPage() {
  const { t } = usePartnerTranslation();
  useDocumentTitle(t('invitation.title'));
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const invitation = useInvitation(token);

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="flex items-center justify-between gap-2 px-4 py-3 sm:px-8">
        <Link to={paths.home} className="rounded-lg" aria-label={t('invitation.home')}>
          <Logo />
        </Link>
        <DisplaySwitches />
      </header>
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-4 py-8 outline-none">
        {!token || invitation.isError ? (
          <Card className="flex flex-col items-center gap-4 px-6 py-10 text-center" data-testid="invitation-invalid">
            <MailWarning aria-hidden className="size-10 text-muted-foreground" />
            <h1 className="text-xl font-bold">{errorTextOf('INVITATION_INVALID')}</h1>
            <p className="text-sm text-muted-foreground">{t('invitation.invalidText')}</p>
            <Button asChild variant="outline">
              <Link to={paths.auth}>{t('invitation.toLogin')}</Link>
            </Button>
          </Card>
        ) : invitation.isPending ? (
          <Skeleton className="h-96" />
        ) : (
          <AcceptForm token={token} info={invitation.data} />
        )}
      </main>
    </div>
  );
}

function AcceptForm({ token, info }: { token: string; info: NonNullable<ReturnType<typeof useInvitation>['data']> }) {
  const { t, locale } = usePartnerTranslation();
  const { user } = useAuth();
  const accept = useAcceptInvitation(token);
  const [formError, setFormError] = useState<string | null>(null);
  const minLength = useSiteStatus().data?.passwordMinLength ?? 8;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TAcceptInvitation>({
    resolver: zodResolver(ZAcceptInvitation),
    defaultValues: { firstName: info.firstName, lastName: info.lastName, password: '', confirmPassword: '' },
  });
  const message = (text?: string) => (text ? partnerMessage(text) : undefined);

  const onSubmit = handleSubmit((values) => {
    if (values.password !== values.confirmPassword) {
      setError('confirmPassword', { message: errorKey('NEW_PASSWORD_MISMATCH') });
      return;
    }
    setFormError(null);
    accept.mutate(values, {
      // The server answered with a session cookie: a full load starts the app with the new member signed in.
      onSuccess: () => window.location.assign(paths.partner.dashboard),
      onError: (error) => setFormError(partnerMessage(error)),
    });
  });

  return (
    <>
      <div className="space-y-2 text-center">
        <PartyPopper aria-hidden className="mx-auto size-10 text-primary" />
        <h1 className="text-2xl font-bold tracking-tight">{t('invitation.heading', { partner: info.partnerName })}</h1>
        <p className="text-muted-foreground">{t('invitation.intro', { partner: info.partnerName })}</p>
      </div>
      <Card className="p-5 sm:p-6">
        <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-4" data-testid="invitation-form">
          {formError && <Alert variant="error">{formError}</Alert>}
          {user && <Alert>{t('invitation.signedInAs', { email: isolate(user.email) })}</Alert>}
          <div className="rounded-lg bg-muted p-3 text-sm">
            <p className="text-muted-foreground">{t('invitation.email')}</p>
            <p className="font-semibold" data-testid="invitation-email">
              <span dir="ltr">{info.email}</span>
            </p>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Field label={t('profile.personal.firstName')} error={message(errors.firstName?.message)}>
              {(c) => <Input {...c} {...register('firstName')} autoComplete="given-name" />}
            </Field>
            <Field label={t('profile.personal.lastName')} error={message(errors.lastName?.message)}>
              {(c) => <Input {...c} {...register('lastName')} autoComplete="family-name" />}
            </Field>
          </div>
          <Field label={t('invitation.password')} hint={t('profile.security.hint', { count: minLength })} error={message(errors.password?.message)}>
            {(c) => <PasswordInput {...c} {...register('password')} autoComplete="new-password" dir="ltr" />}
          </Field>
          <Field label={t('invitation.confirm')} error={message(errors.confirmPassword?.message)}>
            {(c) => <PasswordInput {...c} {...register('confirmPassword')} autoComplete="new-password" dir="ltr" />}
          </Field>
          <Button type="submit" size="lg" loading={accept.isPending} data-testid="invitation-accept">
            {t('invitation.submit')}
          </Button>
          <p className="text-center text-xs text-muted-foreground">{t('invitation.expires', { date: formatDate(info.expiresAt, locale) })}</p>
        </form>
      </Card>
    </>
  );
}
