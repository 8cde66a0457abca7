import { ZUpdatePersonalProfile, type TPartnerProfile, type TUpdatePersonalProfile } from '@farha/contracts/partner';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Lock, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useChangePassword, useUpdatePersonal } from '../../api/profile';
import { partnerMessage, usePartnerTranslation } from '../../i18n';
import type { Flash } from '../flash';
import { EditableCard, useSavedEditableForm } from './editable-card';
import { errorKey } from '@farha/contracts/plain/errors';
import { errorTextOf } from '@/lib/i18n';
import { useSiteStatus } from '@/lib/site-status';

type OnFlash = (kind: Flash['kind'], text: string) => void;

export function PersonalTab({ profile, onFlash }: { profile: TPartnerProfile; onFlash: OnFlash }) {
  return (
    <div className="space-y-6">
      <PersonalInfoCard profile={profile} onFlash={onFlash} />
      <SecurityCard onFlash={onFlash} />
    </div>
  );
}

function PersonalInfoCard({ profile, onFlash }: { profile: TPartnerProfile; onFlash: OnFlash }) {
  const { t } = usePartnerTranslation();
  const update = useUpdatePersonal();
  const defaults: TUpdatePersonalProfile = {
    firstName: profile.me.firstName,
    lastName: profile.me.lastName,
    email: profile.me.email,
    phone: profile.me.phone ?? '',
  };
  const { form, card } = useSavedEditableForm<TUpdatePersonalProfile>(defaults, zodResolver(ZUpdatePersonalProfile), update, onFlash);
  const { errors } = form.formState;
  const message = (text?: string) => (text ? partnerMessage(text) : undefined);
  // [label, value, written left to right (e-mail, phone)]
  const rows: [string, string | null, boolean][] = [
    [t('profile.personal.firstName'), profile.me.firstName, false],
    [t('profile.personal.lastName'), profile.me.lastName, false],
    [t('profile.personal.email'), profile.me.email, true],
    [t('profile.personal.phone'), profile.me.phone, true],
  ];

  return (
    <EditableCard
      title={t('profile.personal.title')}
      testId="personal"
      {...card}
      fields={
        <>
          <Field label={t('profile.personal.firstName')} error={message(errors.firstName?.message)}>
            {(c) => <Input {...c} {...form.register('firstName')} autoComplete="given-name" />}
          </Field>
          <Field label={t('profile.personal.lastName')} error={message(errors.lastName?.message)}>
            {(c) => <Input {...c} {...form.register('lastName')} autoComplete="family-name" />}
          </Field>
          <Field label={t('profile.personal.email')} error={message(errors.email?.message)}>
            {(c) => <Input {...c} {...form.register('email')} type="email" autoComplete="email" dir="ltr" />}
          </Field>
          <Field label={t('profile.personal.phone')} error={message(errors.phone?.message)}>
            {(c) => <Input {...c} {...form.register('phone')} type="tel" autoComplete="tel" dir="ltr" />}
          </Field>
        </>
      }
    >
      {rows.map(([label, value, ltr]) => (
        <div key={label}>
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="font-medium break-words">{value ? ltr ? <span dir="ltr">{value}</span> : value : '—'}</dd>
        </div>
      ))}
    </EditableCard>
  );
}

const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };

function SecurityCard({ onFlash }: { onFlash: OnFlash }) {
  const { t } = usePartnerTranslation();
  const change = useChangePassword();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [error, setError] = useState<string | null>(null);
  // The setting security.password_min_length, which the server checks too.
  const minLength = useSiteStatus().data?.passwordMinLength ?? 8;

  function submit(event: FormEvent) {
    event.preventDefault();
    // docs/product/accounts-and-roles.md §8, in this order (the server checks the same).
    if (!values.currentPassword || !values.newPassword || !values.confirmPassword) {
      setError(errorTextOf('PASSWORD_FIELDS_REQUIRED'));
      return;
    }
    if (values.newPassword !== values.confirmPassword) {
      setError(errorTextOf('NEW_PASSWORD_MISMATCH'));
      return;
    }
    if (values.newPassword.length < minLength) {
      setError(errorTextOf('PASSWORD_TOO_SHORT', { min: minLength }));
      return;
    }
    setError(null);
    change.mutate(values, {
      onSuccess: (answer) => {
        onFlash('success', partnerMessage(answer.message));
        setValues(EMPTY_PASSWORDS);
        setEditing(false);
      },
      onError: (failure) => {
        const text = partnerMessage(failure, errorKey('PASSWORD_CHANGE_ERROR'));
        setError(text);
        onFlash('error', text);
      },
    });
  }

  const field = (name: keyof typeof EMPTY_PASSWORDS, label: string, autoComplete: string, hint?: string) => (
    <Field label={label} hint={hint}>
      {(c) => (
        <PasswordInput
          {...c}
          name={name}
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          autoComplete={autoComplete}
          dir="ltr"
        />
      )}
    </Field>
  );

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle className="flex items-center gap-2 text-base">
          <Lock aria-hidden className="size-5 text-primary" />
          {t('profile.security.title')}
        </CardTitle>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} data-testid="password-edit">
            <KeyRound aria-hidden />
            {t('profile.security.change')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4" data-testid="password-form">
            {field('currentPassword', t('profile.security.current'), 'current-password')}
            {field('newPassword', t('profile.security.new'), 'new-password', t('profile.security.hint', { count: minLength }))}
            {field('confirmPassword', t('profile.security.confirm'), 'new-password')}
            {error && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setValues(EMPTY_PASSWORDS);
                  setError(null);
                  setEditing(false);
                }}
              >
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={change.isPending} data-testid="password-save">
                {t('profile.security.submit')}
              </Button>
            </div>
          </form>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <ShieldCheck aria-hidden className="size-5 text-success" />
            {t('profile.security.secure')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
