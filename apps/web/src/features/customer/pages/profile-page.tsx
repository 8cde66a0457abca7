import {
  ACCOUNT_MESSAGES,
  DEFAULT_TIMEZONE,
  DISPLAY_CURRENCIES,
  THEMES,
  ZChangePasswordRequest,
  ZUpdateProfileRequest,
  type TChangePasswordRequest,
  type TProfile,
} from '@farha/contracts/account';
import { useDisplayCurrency } from '@/lib/display-currency';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download, KeyRound, Monitor, Moon, Settings2, Sun, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldPath, type FieldValues, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useTheme } from '@/lib/theme';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useChangePassword, useExportData, useProfile, useUpdateProfile } from '../api/account';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { customerMessage, useCustomerT, type CustomerKey, type CustomerT } from '../i18n';
import { formatDate } from '@/lib/dates';
import { useFlash } from '../lib/use-flash';
import { errorKey } from '@farha/contracts/plain/errors';
import { fieldMessageOf } from '@/lib/i18n';

/** Time zones offered (Algeria first, then where the diaspora lives); the saved one is always listed. */
const TIMEZONES = [
  DEFAULT_TIMEZONE,
  'Africa/Tunis',
  'Africa/Casablanca',
  'Europe/Paris',
  'Europe/Brussels',
  'Europe/London',
  'Europe/Madrid',
  'Europe/Berlin',
  'Europe/Istanbul',
  'Asia/Dubai',
  'Asia/Riyadh',
  'America/Montreal',
  'America/New_York',
  'UTC',
];

/** A city and country in the interface's language ("Alger (Algérie)"); the raw zone id for any other saved zone. */
function timezoneLabel(t: CustomerT, zone: string): string {
  const key = `profile.timezones.${zone}` as CustomerKey;
  const label = t(key);
  return label === key ? zone.replace(/_/g, ' ') : label;
}

type ProfileFormValues = z.input<typeof ZUpdateProfileRequest>;
type ProfileFormOutput = z.output<typeof ZUpdateProfileRequest>;

/** /client/profile (docs/product/accounts-and-roles.md §12): identity, preferences, password, data export. */
export function CustomerProfilePage() {
  const { t } = useCustomerT();
  useDocumentTitle(t('profile.title'));
  const profile = useProfile();

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('profile.title')}
        description={t('profile.intro')}
        actions={profile.data && <MemberSince profile={profile.data.profile} />}
      />
      {profile.isPending ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy>
          <Skeleton className="h-[32rem]" />
          <Skeleton className="h-80" />
        </div>
      ) : profile.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            {t('profile.loadError')}
            <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <ProfileForm profile={profile.data.profile} />
          <div className="grid gap-6">
            <PasswordCard />
            <ExportCard />
          </div>
        </div>
      )}
    </div>
  );
}

function MemberSince({ profile }: { profile: TProfile }) {
  const { t, locale } = useCustomerT();
  return <p className="text-sm text-muted-foreground">{t('profile.memberSince', { date: formatDate(profile.createdAt, locale) })}</p>;
}

/** A 400 naming a field goes under that field; anything else above the form. */
function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  fallback: string,
): string | null {
  if (error instanceof ApiError && error.field && fields.includes(error.field)) {
    setError(error.field as FieldPath<T>, { message: fieldMessageOf(error) });
    return null;
  }
  return customerMessage(error, fallback);
}

function SectionTitle({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <CardHeader>
      <CardTitle className="flex items-center gap-2">
        {icon}
        {title}
      </CardTitle>
      <CardDescription>{text}</CardDescription>
    </CardHeader>
  );
}

function ProfileForm({ profile }: { profile: TProfile }) {
  const { t } = useCustomerT();
  const { setPreference } = useTheme();
  const update = useUpdateProfile();
  const { setCurrency: setDisplayCurrency } = useDisplayCurrency();
  const [success, flashSuccess] = useFlash();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(ZUpdateProfileRequest),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      phone: profile.phone ?? '',
      preferences: profile.preferences,
    },
  });
  const timezones = TIMEZONES.includes(profile.preferences.timezone) ? TIMEZONES : [profile.preferences.timezone, ...TIMEZONES];

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    flashSuccess(null);
    try {
      const result = await update.mutateAsync({ ...values, phone: values.phone ? values.phone : null });
      // Issue 24: the saved preference is the display currency from now on.
      setDisplayCurrency(result.profile.preferences.currency);
      const saved = result.profile;
      reset({
        firstName: saved.firstName,
        lastName: saved.lastName,
        email: saved.email,
        phone: saved.phone ?? '',
        preferences: saved.preferences,
      });
      // The theme preference applies to this device at once (auto follows the system).
      setPreference(saved.preferences.theme === 'auto' ? 'system' : saved.preferences.theme);
      flashSuccess(customerMessage(result.message ?? ACCOUNT_MESSAGES.PROFILE_SAVED));
    } catch (error) {
      setFormError(applyServerError(error, setError, ['firstName', 'lastName', 'email', 'phone'], errorKey('PROFILE_ERROR')));
    }
  });

  const message = (text: string | undefined) => (text ? customerMessage(text) : undefined);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label={t('profile.title')} data-testid="profile-form">
      <Card>
        <SectionTitle icon={<UserRound aria-hidden className="size-5 text-primary" />} title={t('profile.personal')} text={t('profile.personalText')} />
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field className="content-start" label={t('profile.firstName')} error={message(errors.firstName?.message)}>
            {(c) => <Input {...c} {...register('firstName')} autoComplete="given-name" />}
          </Field>
          <Field className="content-start" label={t('profile.lastName')} error={message(errors.lastName?.message)}>
            {(c) => <Input {...c} {...register('lastName')} autoComplete="family-name" />}
          </Field>
          <Field label={t('profile.email')} hint={t('profile.emailHint')} error={message(errors.email?.message)} className="sm:col-span-2">
            {(c) => <Input {...c} {...register('email')} type="email" autoComplete="email" inputMode="email" dir="ltr" />}
          </Field>
          <Field
            label={t('profile.phone')}
            labelSuffix={t('common.optional')}
            hint={t('profile.phoneHint')}
            error={message(errors.phone?.message)}
            className="sm:col-span-2"
          >
            {(c) => <Input {...c} {...register('phone')} type="tel" autoComplete="tel" inputMode="tel" dir="ltr" className="sm:max-w-72" />}
          </Field>
        </CardContent>
      </Card>

      <Card>
        <SectionTitle
          icon={<Settings2 aria-hidden className="size-5 text-primary" />}
          title={t('profile.preferences')}
          text={t('profile.preferencesText')}
        />
        <CardContent className="grid gap-6">
          <fieldset className="grid gap-1">
            <legend className="mb-2 text-sm font-semibold">{t('profile.notifications')}</legend>
            {(['emailNotifications', 'smsNotifications', 'marketingEmails'] as const).map((name) => (
              <Controller
                key={name}
                control={control}
                name={`preferences.${name}`}
                render={({ field }) => (
                  <div className="flex items-center justify-between gap-4 rounded-lg py-2">
                    <label htmlFor={`pref-${name}`} className="grid cursor-pointer gap-0.5">
                      <span className="text-sm font-medium">{t(`profile.${name}`)}</span>
                      <span className="text-xs text-muted-foreground">{t(`profile.${name}Hint`)}</span>
                    </label>
                    <Switch
                      id={`pref-${name}`}
                      name={`preferences.${name}`}
                      checked={field.value === true}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                    />
                  </div>
                )}
              />
            ))}
          </fieldset>

          <Controller
            control={control}
            name="preferences.theme"
            render={({ field }) => (
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-semibold">{t('profile.theme')}</legend>
                <div className="grid grid-cols-3 gap-2">
                  {THEMES.map((theme) => {
                    const Icon = theme === 'auto' ? Monitor : theme === 'light' ? Sun : Moon;
                    return (
                      <label
                        key={theme}
                        className={cn(
                          'flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border border-input bg-card px-2 py-3 text-sm transition-colors hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                          field.value === theme && 'border-primary bg-primary-soft/60 ring-1 ring-primary',
                        )}
                      >
                        <input
                          type="radio"
                          name="preferences.theme"
                          value={theme}
                          checked={field.value === theme}
                          onChange={() => field.onChange(theme)}
                          className="sr-only"
                        />
                        <Icon aria-hidden className="size-5" />
                        {t(`profile.themes.${theme}`)}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            )}
          />

          <div className="grid gap-4 sm:grid-cols-2">
            <Field className="content-start" label={t('profile.currency')} hint={t('profile.currencyHint')}>
              {(c) => (
                <NativeSelect {...c} {...register('preferences.currency')}>
                  {DISPLAY_CURRENCIES.map((currency) => (
                    <option key={currency} value={currency}>
                      {t(`profile.currencies.${currency}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field className="content-start" label={t('profile.timezone')} error={message(errors.preferences?.timezone?.message)}>
              {(c) => (
                <NativeSelect {...c} {...register('preferences.timezone')}>
                  {timezones.map((zone) => (
                    <option key={zone} value={zone}>
                      {timezoneLabel(t, zone)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
        </CardContent>
      </Card>

      <div className="grid gap-3">
        {formError && <Alert variant="error">{formError}</Alert>}
        {success && (
          <Alert variant="success" data-testid="profile-success">
            {success}
          </Alert>
        )}
        <Button type="submit" size="lg" loading={isSubmitting} disabled={!isDirty && !isSubmitting} className="sm:w-fit" data-testid="profile-submit">
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}

type PasswordFormValues = TChangePasswordRequest;

function PasswordCard() {
  const { t } = useCustomerT();
  const change = useChangePassword();
  const [success, flashSuccess] = useFlash();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordFormValues>({
    resolver: zodResolver(ZChangePasswordRequest),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    flashSuccess(null);
    try {
      const result = await change.mutateAsync(values);
      reset();
      flashSuccess(customerMessage(result.message));
    } catch (error) {
      setFormError(
        applyServerError(error, setError, ['currentPassword', 'newPassword', 'confirmPassword'], errorKey('PASSWORD_ERROR')),
      );
    }
  });
  const message = (text: string | undefined) => (text ? customerMessage(text) : undefined);

  return (
    <Card>
      <SectionTitle icon={<KeyRound aria-hidden className="size-5 text-primary" />} title={t('profile.password')} text={t('profile.passwordText')} />
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('profile.password')} data-testid="password-form">
          <Field label={t('profile.currentPassword')} error={message(errors.currentPassword?.message)}>
            {(c) => <PasswordInput {...c} {...register('currentPassword')} autoComplete="current-password" dir="ltr" />}
          </Field>
          <Field label={t('profile.newPassword')} hint={t('profile.newPasswordHint')} error={message(errors.newPassword?.message)}>
            {(c) => <PasswordInput {...c} {...register('newPassword')} autoComplete="new-password" dir="ltr" />}
          </Field>
          <Field label={t('profile.confirmPassword')} error={message(errors.confirmPassword?.message)}>
            {(c) => <PasswordInput {...c} {...register('confirmPassword')} autoComplete="new-password" dir="ltr" />}
          </Field>
          {formError && <Alert variant="error">{formError}</Alert>}
          {success && (
            <Alert variant="success" data-testid="password-success">
              {success}
            </Alert>
          )}
          <Button type="submit" variant="secondary" loading={isSubmitting} data-testid="password-submit">
            {t('profile.changePassword')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ExportCard() {
  const { t } = useCustomerT();
  const exportData = useExportData();
  const [success, flashSuccess] = useFlash();
  const [error, setError] = useState<string | null>(null);

  const onExport = () => {
    setError(null);
    flashSuccess(null);
    exportData.mutate(undefined, {
      onSuccess: () => flashSuccess(customerMessage(ACCOUNT_MESSAGES.EXPORTED)),
      onError: (failure) => setError(customerMessage(failure instanceof ApiError && failure.status === 429 ? failure : errorKey('EXPORT_ERROR'))),
    });
  };

  return (
    <Card>
      <SectionTitle icon={<Download aria-hidden className="size-5 text-primary" />} title={t('profile.data')} text={t('profile.dataText')} />
      <CardContent className="grid gap-3">
        {error && <Alert variant="error">{error}</Alert>}
        {success && (
          <Alert variant="success" data-testid="export-success">
            {success}
          </Alert>
        )}
        <Button variant="outline" onClick={onExport} loading={exportData.isPending} data-testid="export-data">
          <Download aria-hidden />
          {t('profile.export')}
        </Button>
      </CardContent>
    </Card>
  );
}
