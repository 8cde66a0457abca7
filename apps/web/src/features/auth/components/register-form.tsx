import { ZRegisterRequest } from '@farha/contracts/auth';
import { errorKey } from '@farha/contracts/plain/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { fieldErrorOf } from '@/lib/field-error';
import { errorMessage } from '@/lib/i18n';
import { useSiteStatus } from '@/lib/site-status';

const ZRegisterForm = ZRegisterRequest.omit({ locale: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    error: errorKey('PASSWORD_MISMATCH'),
    path: ['confirmPassword'],
    // Compare as soon as both passwords are there, even while other fields are still empty.
    when: (payload) =>
      ZRegisterRequest.pick({ password: true })
        .extend({ confirmPassword: z.string() })
        .safeParse(payload.value).success,
  });
type RegisterFormInput = z.input<typeof ZRegisterForm>;
type RegisterFormValues = z.output<typeof ZRegisterForm>;

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword'] as const;
const isFormField = (name: string | undefined): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly (string | undefined)[]).includes(name);

export function RegisterForm() {
  const { t } = useTranslation();
  const site = useSiteStatus();
  const { register: registerAccount } = useAuth();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' },
  });
  const fieldError = fieldErrorOf<(typeof FIELDS)[number]>(errors);

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, phone, ...values }) => {
    setFormError(null);
    try {
      // On success the auth page redirects (see AuthPage).
      await registerAccount({ ...values, phone: phone || undefined });
    } catch (error) {
      setFormError(errorMessage(error, 'REGISTER_FAILED'));
      if (error instanceof ApiError && isFormField(error.field)) setFocus(error.field);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('auth.tabs.register')}>
      {formError && <Alert variant="error">{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('auth.firstName')} error={fieldError('firstName')}>
          {(control) => <Input {...control} {...register('firstName')} autoComplete="given-name" />}
        </Field>
        <Field label={t('auth.lastName')} error={fieldError('lastName')}>
          {(control) => <Input {...control} {...register('lastName')} autoComplete="family-name" />}
        </Field>
      </div>
      <Field label={t('auth.email')} error={fieldError('email')}>
        {(control) => (
          <Input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" dir="ltr" />
        )}
      </Field>
      <Field
        label={t('auth.phone')}
        labelSuffix={t('common.optional')}
        hint={t('auth.phoneHint')}
        error={fieldError('phone')}
      >
        {(control) => <Input {...control} {...register('phone')} type="tel" autoComplete="tel" dir="ltr" />}
      </Field>
      <Field label={t('auth.password')} hint={t('auth.passwordHint', { count: site.data?.passwordMinLength ?? 8 })} error={fieldError('password')}>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" dir="ltr" />}
      </Field>
      <Field label={t('auth.confirmPassword')} error={fieldError('confirmPassword')}>
        {(control) => (
          <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" dir="ltr" />
        )}
      </Field>
      <Button type="submit" size="lg" loading={isSubmitting} className="mt-1">
        {t('auth.submitRegister')}
      </Button>
    </form>
  );
}
