import { LEGAL_FORMS, ZCompanyOffer, ZCompanyRegistration, type TCompanyRegistration } from '@farha/contracts/company';
import { errorKey } from '@farha/contracts/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Building2, CalendarClock, FileSpreadsheet, ReceiptText, Route } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { isCompanyRole } from '@farha/contracts/plain/roles';
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
import { useSiteStatus } from '@/lib/site-status';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCompanyT } from '../i18n';
import { isPartnerConsentMessage } from '../lib/consent';

const FIELDS = ['name', 'legalForm', 'nif', 'nis', 'rc', 'articleImposition', 'address', 'wilaya', 'contactFirstName', 'contactLastName', 'contactEmail', 'contactPhone', 'password', 'consent'] as const;
type FieldName = (typeof FIELDS)[number];
const isFormField = (name: string | undefined): name is FieldName => (FIELDS as readonly (string | undefined)[]).includes(name);

function formSchema(minLength: number) {
  return ZCompanyRegistration.omit({ legalForm: true, consent: true }).extend({
    legalForm: z.union([ZCompanyRegistration.shape.legalForm, z.literal('')]).refine((v) => v !== '', { error: errorKey('COMPANY_LEGAL_FORM') }),
    password: z.string().min(minLength, { error: errorKey('PASSWORD_TOO_SHORT', { min: minLength }) }).max(200),
    consent: z.boolean().refine((v) => v, { error: errorKey('PARTNER_CONSENT') }),
  });
}
type FormInput = z.input<ReturnType<typeof formSchema>>;
type FormValues = z.output<ReturnType<typeof formSchema>>;

/** `/entreprises` (issue 27): the offer to companies, and the form that opens a company account. */
export function BusinessOfferPage() {
  const { t } = useCompanyT();
  useDocumentTitle(t('offer.eyebrow'));
  const offer = useQuery({ queryKey: ['company-offer'], queryFn: ({ signal }) => api.get('/api/companies/offer', { schema: ZCompanyOffer, signal }) });
  const points = [
    { icon: FileSpreadsheet, text: t('offer.points.file') },
    { icon: CalendarClock, text: t('offer.points.delivery') },
    { icon: ReceiptText, text: t('offer.points.invoice') },
    { icon: Route, text: t('offer.points.follow') },
  ];
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_1.1fr] lg:py-16">
      <section className="space-y-6" data-testid="business-offer">
        <p className="text-sm font-bold uppercase tracking-wider text-primary">{t('offer.eyebrow')}</p>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{t('offer.title')}</h1>
        <p className="text-lg text-muted-foreground text-pretty">{t('offer.lead')}</p>
        <ul className="grid gap-4">
          {points.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary-strong">
                <Icon className="size-5" />
              </span>
              <span className="pt-2">{text}</span>
            </li>
          ))}
        </ul>
        {offer.data && offer.data.discountBp > 0 && (
          <p className="rounded-2xl bg-accent/15 p-4 font-semibold" data-testid="business-discount">
            {t('offer.discount', {
              bp: offer.data.discountBp / 100,
              from: offer.data.discountFrom,
              bpLarge: offer.data.discountLargeBp / 100,
              fromLarge: offer.data.discountLargeFrom,
            })}
          </p>
        )}
      </section>
      <RegistrationCard />
    </div>
  );
}

function RegistrationCard() {
  const { t } = useCompanyT();
  const { user } = useAuth();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-3xl border border-border bg-card p-5 shadow-xs sm:p-8">
      <div className="mb-6 flex items-start gap-3">
        <span aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-accent/15 text-accent">
          <Building2 className="size-5" />
        </span>
        <div className="space-y-1">
          <h2 id={titleId} className="text-2xl font-extrabold tracking-tight">{t('offer.formTitle')}</h2>
          <p className="text-muted-foreground text-pretty">{t('offer.formLead')}</p>
        </div>
      </div>
      {user && isCompanyRole(user.role) ? (
        <div className="space-y-3">
          <p>{t('offer.signedIn')}</p>
          <Button asChild>
            <Link to={paths.company.orders}>{t('offer.goToArea')}</Link>
          </Button>
        </div>
      ) : (
        <RegistrationForm />
      )}
    </section>
  );
}

function RegistrationForm() {
  const { t } = useCompanyT();
  const site = useSiteStatus();
  const minLength = site.data?.passwordMinLength ?? 8;
  const { login } = useAuth();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema(minLength)),
    defaultValues: { name: '', legalForm: '', nif: '', nis: '', rc: '', articleImposition: '', address: '', wilaya: '', contactFirstName: '', contactLastName: '', contactEmail: '', contactPhone: '', password: '', consent: false },
  });
  const formFieldError = fieldErrorOf<FieldName>(errors);
  // The consent is to the company conditions of sale, not the partners' ones the shared code names (issue 34).
  const fieldError = (name: FieldName) =>
    name === 'consent' && isPartnerConsentMessage(errors.consent?.message) ? t('offer.consentRequired') : formFieldError(name);
  const onSubmit = handleSubmit(async ({ legalForm, consent, ...values }) => {
    setFormError(null);
    setNotice(null);
    const body: TCompanyRegistration = { ...values, legalForm: legalForm as TCompanyRegistration['legalForm'], consent: consent as true };
    try {
      await api.post('/api/companies/register', body);
    } catch (error) {
      if (error instanceof ApiError && isFormField(error.field)) setError(error.field, { message: fieldMessageOf(error) });
      else setFormError(errorMessage(error));
      return;
    }
    try {
      await login({ email: values.contactEmail, password: values.password });
      await navigate(paths.company.account);
    } catch {
      // Issue 32: the server answers an address that already has an account as a new one (its owner gets an
      // e-mail), so signing in fails then: the mailbox says what happened.
      setNotice(t('offer.checkMailbox'));
    }
  });
  const text = (name: Exclude<FieldName, 'legalForm' | 'consent' | 'password'>, label: string, extra: { hint?: string; dir?: 'ltr'; type?: string; wide?: boolean; autoComplete?: string } = {}) => (
    <Field label={label} hint={extra.hint} error={fieldError(name)} className={extra.wide ? 'sm:col-span-2' : undefined}>
      {(field) => <Input {...field} {...register(name)} type={extra.type ?? 'text'} dir={extra.dir} autoComplete={extra.autoComplete} data-testid={`company-${name}`} />}
    </Field>
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" data-testid="company-registration-form">
      {formError && <Alert variant="error">{formError}</Alert>}
      {notice && <Alert data-testid="company-check-mailbox">{notice}</Alert>}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-bold uppercase tracking-wider text-muted-foreground">{t('offer.company')}</legend>
        {text('name', t('offer.name'), { wide: true, autoComplete: 'organization' })}
        <Field label={t('offer.legalForm')} error={fieldError('legalForm')}>
          {(field) => (
            <NativeSelect {...field} {...register('legalForm')} data-testid="company-legalForm">
              <option value="">{t('offer.legalFormPlaceholder')}</option>
              {LEGAL_FORMS.map((form) => (
                <option key={form} value={form}>{form}</option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {text('wilaya', t('offer.wilaya'), { autoComplete: 'address-level1' })}
        {text('nif', t('offer.nif'), { hint: t('offer.nifHint'), dir: 'ltr' })}
        {text('nis', t('offer.nis'), { hint: t('offer.nisHint'), dir: 'ltr' })}
        {text('rc', t('offer.rc'), { hint: t('offer.rcHint'), dir: 'ltr' })}
        {text('articleImposition', t('offer.article'), { hint: t('offer.articleHint'), dir: 'ltr' })}
        {text('address', t('offer.address'), { wide: true, autoComplete: 'street-address' })}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-bold uppercase tracking-wider text-muted-foreground">{t('offer.contact')}</legend>
        {text('contactFirstName', t('offer.firstName'), { autoComplete: 'given-name' })}
        {text('contactLastName', t('offer.lastName'), { autoComplete: 'family-name' })}
        {text('contactEmail', t('offer.email'), { type: 'email', dir: 'ltr', autoComplete: 'email' })}
        {text('contactPhone', t('offer.phone'), { type: 'tel', dir: 'ltr', autoComplete: 'tel' })}
        <Field label={t('offer.password')} error={fieldError('password')} className="sm:col-span-2">
          {(field) => <PasswordInput {...field} {...register('password')} autoComplete="new-password" dir="ltr" data-testid="company-password" />}
        </Field>
      </fieldset>
      <ConsentField control={control} name="consent" label={t('offer.consent')} error={fieldError('consent')} testId="company-consent" />
      <Button type="submit" size="lg" loading={isSubmitting} data-testid="company-submit">{t('offer.submit')}</Button>
    </form>
  );
}
