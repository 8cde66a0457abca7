import { ZLoginRequest, type TLoginRequest } from '@farha/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { errorMessage, localizeMessage } from '@/lib/i18n';
import { usePasswordT } from '../password-i18n';
import { ForgotPasswordDialog } from './forgot-password-dialog';

export function LoginForm() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [formError, setFormError] = useState<string | null>(null);
  const { t: tPassword } = usePasswordT();
  const [forgotOpen, setForgotOpen] = useState(false);
  // 2FA: the server answered TOTP_REQUIRED for this account; the form now asks for the code too.
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const {
    register,
    control,
    getValues,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TLoginRequest>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      // On success the auth page redirects (see AuthPage).
      await login({
        email: values.email,
        password: values.password,
        remember: values.remember === true,
        ...(askCode && code.trim() ? { code: code.trim() } : {}),
      });
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'TOTP_REQUIRED' || error.code === 'TOTP_INVALID' || error.code === 'TOTP_REPLAYED')) {
        setAskCode(true);
        setCode('');
      }
      // docs/product/accounts-and-roles.md §5: the server's 'Email ou mot de passe incorrect', or 'Erreur de connexion. Veuillez réessayer.'
      setFormError(errorMessage(error, 'LOGIN_FAILED'));
    }
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('auth.tabs.login')}>
        {formError && <Alert variant="error">{formError}</Alert>}
        <Field label={t('auth.email')} error={errors.email?.message && localizeMessage(errors.email.message)}>
          {(control) => (
            <Input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" dir="ltr" />
          )}
        </Field>
        <Field label={t('auth.password')} error={errors.password?.message && localizeMessage(errors.password.message)}>
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" dir="ltr" />}
        </Field>
        {askCode && (
          <Field label={t('auth.totpCode')} hint={t('auth.totpHint')}>
            {(control) => (
              <Input
                {...control}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                dir="ltr"
                autoFocus
                data-testid="login-totp"
              />
            )}
          </Field>
        )}
        <div className="flex flex-wrap items-center gap-2.5">
          <Controller
            control={control}
            name="remember"
            render={({ field }) => (
              <Checkbox
                id="login-remember"
                name="remember"
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <Label htmlFor="login-remember" className="cursor-pointer font-normal">
            {t('auth.remember')}
          </Label>
          <Button type="button" variant="link" size="sm" className="ms-auto" onClick={() => setForgotOpen(true)} data-testid="forgot-password">
            {tPassword('forgot.link')}
          </Button>
        </div>
        <Button type="submit" size="lg" loading={isSubmitting} className="mt-1">
          {t('auth.submitLogin')}
        </Button>
      </form>
      {/* Outside the form: React events bubble through portals, the dialog's submit must not log in. */}
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} initialEmail={forgotOpen ? getValues('email') : ''} />
    </>
  );
}
