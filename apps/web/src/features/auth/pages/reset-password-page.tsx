import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { Logo } from '@/components/brand/logo';
import { DisplaySwitches } from '@/components/display-switches';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResetPassword, useResetTokenCheck } from '../api/password';
import { ForgotPasswordDialog } from '../components/forgot-password-dialog';
import { passwordMessage, usePasswordT } from '../password-i18n';
import { errorKey } from '@farha/contracts/plain/errors';
import { useSiteStatus } from '@/lib/site-status';

/** After a successful reset, the login page opens on its own after this delay. */
const REDIRECT_MS = 3000;

// The request's rules (ZResetPasswordRequest) without the token, which comes from the link.
const ZResetForm = z
  .object({
    password: z.string().min(6, { error: errorKey('PASSWORD_TOO_SHORT', { min: 6 }) }).max(200),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { error: errorKey('PASSWORD_MISMATCH'), path: ['confirmPassword'] });
type ResetForm = z.input<typeof ZResetForm>;

/** /auth/reset?token=… — the link of the password-reset e-mail (single use, valid 1 hour). */
export function ResetPasswordPage() {
  const { t } = usePasswordT();
  useDocumentTitle(t('reset.title'));
  const token = useSearchParams()[0].get('token');
  const check = useResetTokenCheck(token);
  const [forgotOpen, setForgotOpen] = useState(false);

  const problem = !token ? t('reset.missing') : check.data && !check.data.valid ? passwordMessage(check.data.message ?? '') : null;

  return (
    <div className="flex min-h-dvh flex-col px-4 py-4 sm:px-8">
      <div className="flex items-center justify-between gap-2">
        <Link to={paths.home} className="rounded-lg">
          <Logo />
        </Link>
        <DisplaySwitches />
      </div>
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10 outline-none">
        <Card className="grid gap-5 p-6 sm:p-8" data-testid="reset-password-page">
          <div className="space-y-2">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
              <KeyRound aria-hidden className="size-6" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">{t('reset.title')}</h1>
          </div>
          {token && check.isPending ? (
            <Spinner label={t('reset.checking')} showLabel />
          ) : problem ? (
            <div className="grid gap-4">
              <Alert variant="error" data-testid="reset-invalid">
                {problem}
              </Alert>
              <Button onClick={() => setForgotOpen(true)}>{t('reset.newLink')}</Button>
              <Button asChild variant="outline">
                <Link to={paths.auth}>{t('reset.toLogin')}</Link>
              </Button>
            </div>
          ) : (
            <ResetForm token={token!} onExpired={() => setForgotOpen(true)} />
          )}
        </Card>
      </main>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />
    </div>
  );
}

function ResetForm({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { t } = usePasswordT();
  const site = useSiteStatus();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({ resolver: zodResolver(ZResetForm), defaultValues: { password: '', confirmPassword: '' } });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(paths.auth, { replace: true }), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await reset.mutateAsync({ token, ...values });
      setDone(result.message);
    } catch (error) {
      setFormError(passwordMessage(error));
    }
  });

  if (done) {
    return (
      <div className="grid gap-4" data-testid="reset-done">
        <Alert variant="success">
          <span className="inline-flex items-center gap-2">
            <CircleCheck aria-hidden className="size-4 shrink-0" />
            {passwordMessage(done)}
          </span>
        </Alert>
        <p className="text-sm text-muted-foreground">{t('reset.redirecting')}</p>
        <Button asChild>
          <Link to={paths.auth} replace>
            {t('reset.toLogin')}
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('reset.title')}>
      <p className="text-sm text-muted-foreground">{t('reset.intro')}</p>
      {formError && (
        <Alert variant="error">
          <div className="grid gap-2">
            {formError}
            <Button variant="link" size="sm" className="justify-start" onClick={onExpired}>
              {t('reset.newLink')}
            </Button>
          </div>
        </Alert>
      )}
      <Field label={t('reset.password')} hint={t('reset.passwordHint', { count: site.data?.passwordMinLength ?? 8 })} error={errors.password?.message && passwordMessage(errors.password.message)}>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" dir="ltr" autoFocus />}
      </Field>
      <Field
        label={t('reset.confirm')}
        error={errors.confirmPassword?.message && passwordMessage(errors.confirmPassword.message)}
      >
        {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" dir="ltr" />}
      </Field>
      <Button type="submit" size="lg" loading={isSubmitting} data-testid="reset-submit">
        {t('reset.submit')}
      </Button>
    </form>
  );
}
