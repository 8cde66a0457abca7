import { ZPartnerRegistration, type TPartnerRegistration } from '@farha/contracts/admin';
import { OFFER_CATEGORIES } from '@farha/contracts/catalog';
import { errorKey } from '@farha/contracts/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { Handshake, Lock, Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConsentField } from '@/components/ui/consent-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { PasswordInput } from '@/components/ui/password-input';
import { api, ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { fieldErrorOf } from '@/lib/field-error';
import { errorMessage, fieldMessageOf } from '@/lib/i18n';
import { useSupportContact } from '@/lib/site';
import { useSiteStatus } from '@/lib/site-status';
import { useStorefrontT } from '../i18n';

/** Where the new owner lands: the KYC card of the partner portal (three documents, then submit). */
export const PARTNER_KYC_PATH = `${paths.partner.profile}?tab=business#kyc`;

const FIELDS = ['businessName', 'category', 'city', 'firstName', 'lastName', 'email', 'phone', 'password', 'consent'] as const;
type FieldName = (typeof FIELDS)[number];
const isFormField = (name: string | undefined): name is FieldName => (FIELDS as readonly (string | undefined)[]).includes(name);

/** The form's schema: the contract's, with the password policy's length of the settings (docs/product/accounts-and-roles.md §8). */
function formSchema(minLength: number) {
  return ZPartnerRegistration.omit({ wilaya: true, category: true, consent: true }).extend({
    category: z.union([ZPartnerRegistration.shape.category, z.literal('')]).refine((value) => value !== '', { error: errorKey('VALIDATION') }),
    password: z
      .string()
      .min(minLength, { error: errorKey('PASSWORD_TOO_SHORT', { min: minLength }) })
      .max(200, { error: errorKey('VALIDATION') }),
    consent: z.boolean().refine((value) => value, { error: errorKey('PARTNER_CONSENT') }),
  });
}
type FormInput = z.input<ReturnType<typeof formSchema>>;
type FormValues = z.output<ReturnType<typeof formSchema>>;

/**
 * "Devenir partenaire" (docs/product/partners.md §3, issue 12): a business registers itself when the setting
 * partner_self_registration is on; the owner is then logged in and sent to the KYC documents.
 */
export function PartnerRegistration() {
  const contact = useSupportContact();
  const { t } = useStorefrontT();
  const site = useSiteStatus();
  const titleId = useId();
  const open = site.data?.partnerSelfRegistration;

  return (
    <section
      id="devenir-partenaire"
      aria-labelledby={titleId}
      data-testid="partner-registration"
      className="scroll-mt-24 rounded-3xl border border-border bg-card p-5 shadow-xs sm:p-8"
    >
      <div className="mb-6 flex items-start gap-3">
        <span aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-accent/15 text-accent">
          <Handshake className="size-5" />
        </span>
        <div className="space-y-1">
          <h2 id={titleId} className="text-2xl font-extrabold tracking-tight">
            {t('partners.register.title')}
          </h2>
          <p className="text-muted-foreground text-pretty">{t('partners.register.subtitle')}</p>
        </div>
      </div>
      {site.isPending ? null : open ? (
        <RegistrationForm minLength={site.data?.passwordMinLength ?? 8} />
      ) : (
        <div data-testid="partner-registration-closed" className="space-y-3 rounded-2xl bg-muted/60 p-5">
          <p className="flex items-center gap-2 font-bold">
            <Lock aria-hidden className="size-4 text-muted-foreground" />
            {t('partners.register.closedTitle')}
          </p>
          <p className="text-sm text-muted-foreground">
            {t('partners.register.closedText')}{' '}
            <a href={`mailto:${contact.email}`} className="font-semibold text-primary underline-offset-4 hover:underline" dir="ltr">
              {contact.email}
            </a>
          </p>
          <Button asChild variant="soft" size="sm">
            <a href={`mailto:${contact.email}`}>
              <Mail aria-hidden />
              {t('partners.register.writeUs')}
            </a>
          </Button>
        </div>
      )}
    </section>
  );
}

function RegistrationForm({ minLength }: { minLength: number }) {
  const { t, tp } = useStorefrontT();
  const { login } = useAuth();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema(minLength)),
    defaultValues: { businessName: '', category: '', city: '', firstName: '', lastName: '', email: '', phone: '', password: '', consent: false },
  });
  const fieldError = fieldErrorOf<FieldName>(errors);

  const onSubmit = handleSubmit(async ({ category, consent, ...values }) => {
    setFormError(null);
    const body: TPartnerRegistration = { ...values, category: category as TPartnerRegistration['category'], consent: consent as true };
    try {
      await api.post('/api/partners/register', body);
    } catch (error) {
      if (error instanceof ApiError && isFormField(error.field)) {
        setError(error.field, { message: fieldMessageOf(error) });
        if (error.field !== 'category' && error.field !== 'consent') setFocus(error.field);
      } else {
        setFormError(errorMessage(error, 'PARTNER_REGISTER_FAILED'));
      }
      return;
    }
    try {
      await login({ email: values.email, password: values.password });
      await navigate(PARTNER_KYC_PATH);
    } catch (error) {
      // Registered, but the automatic login failed (e.g. 2FA or a rate limit): the login page takes over.
      setFormError(errorMessage(error));
      await navigate(paths.auth);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" data-testid="partner-registration-form">
      {formError && <Alert variant="error">{formError}</Alert>}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-bold uppercase tracking-wider text-muted-foreground">{t('partners.register.business')}</legend>
        <Field label={t('partners.register.businessName')} error={fieldError('businessName')} className="sm:col-span-2">
          {(field) => <Input {...field} {...register('businessName')} autoComplete="organization" data-testid="register-businessName" />}
        </Field>
        <Field label={t('partners.register.category')} error={fieldError('category')}>
          {(field) => (
            <NativeSelect {...field} {...register('category')} data-testid="register-category">
              <option value="">{t('partners.register.categoryPlaceholder')}</option>
              {OFFER_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`partners.categories.${category}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t('partners.register.city')} error={fieldError('city')}>
          {(field) => <Input {...field} {...register('city')} autoComplete="address-level2" data-testid="register-city" />}
        </Field>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-bold uppercase tracking-wider text-muted-foreground">{t('partners.register.contact')}</legend>
        <Field label={t('partners.register.firstName')} error={fieldError('firstName')}>
          {(field) => <Input {...field} {...register('firstName')} autoComplete="given-name" data-testid="register-firstName" />}
        </Field>
        <Field label={t('partners.register.lastName')} error={fieldError('lastName')}>
          {(field) => <Input {...field} {...register('lastName')} autoComplete="family-name" data-testid="register-lastName" />}
        </Field>
        <Field label={t('partners.register.email')} error={fieldError('email')}>
          {(field) => (
            <Input {...field} {...register('email')} type="email" autoComplete="email" inputMode="email" dir="ltr" data-testid="register-email" />
          )}
        </Field>
        <Field label={t('partners.register.phone')} hint={t('partners.register.phoneHint')} error={fieldError('phone')}>
          {(field) => <Input {...field} {...register('phone')} type="tel" autoComplete="tel" dir="ltr" data-testid="register-phone" />}
        </Field>
        <Field
          label={t('partners.register.password')}
          hint={tp('partners.register.passwordHint', minLength)}
          error={fieldError('password')}
          className="sm:col-span-2"
        >
          {(field) => <PasswordInput {...field} {...register('password')} autoComplete="new-password" dir="ltr" data-testid="register-password" />}
        </Field>
      </fieldset>
      <ConsentField control={control} name="consent" label={t('partners.register.consent')} error={fieldError('consent')} testId="register-consent" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">{t('partners.register.next')}</p>
        <Button type="submit" size="lg" loading={isSubmitting} data-testid="register-submit" className="shrink-0">
          {t('partners.register.submit')}
        </Button>
      </div>
    </form>
  );
}
