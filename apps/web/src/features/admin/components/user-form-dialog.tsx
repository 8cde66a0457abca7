import { CREATABLE_ROLES, STAFF_ROLES, type TAdminUserRow } from '@farha/contracts/admin';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api';
import { useAdminPartners, useCreateUser, useUpdateUser } from '../api/admin';
import { adminMessage, useAdminTranslation } from '../i18n';

type Draft = { email: string; firstName: string; lastName: string; phone: string; role: string; partnerId: string };

/**
 * Create a back-office or partner account (an invitation e-mail sets its password), or edit one: names,
 * phone and, for the back office, the role. Errors show on their field.
 */
export function UserFormDialog(props: { user: TAdminUserRow | null; open: boolean; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useAdminTranslation();
  const editing = props.user;
  const create = useCreateUser();
  const update = useUpdateUser();
  const [draft, setDraft] = useState<Draft>(() => ({
    email: editing?.email ?? '',
    firstName: editing?.firstName ?? '',
    lastName: editing?.lastName ?? '',
    phone: '',
    role: editing?.role ?? 'finance',
    partnerId: '',
  }));
  const [error, setError] = useState<{ field: string | null; text: string } | null>(null);
  const partnerRole = draft.role === 'partner_owner' || draft.role === 'partner_staff';
  const partners = useAdminPartners(partnerRole && !editing ? 'pageSize=100' : '');
  const roleChoices: readonly string[] = editing ? (STAFF_ROLES as readonly string[]).includes(editing.role) ? STAFF_ROLES : [editing.role] : CREATABLE_ROLES;
  const pending = create.isPending || update.isPending;
  const fieldError = (field: string) => (error?.field === field ? error.text : undefined);

  const fail = (e: unknown) => setError({ field: e instanceof ApiError ? (e.field ?? null) : null, text: adminMessage(e) });
  const submit = () => {
    setError(null);
    if (editing) {
      const patch = {
        ...(draft.firstName !== editing.firstName ? { firstName: draft.firstName } : {}),
        ...(draft.lastName !== editing.lastName ? { lastName: draft.lastName } : {}),
        ...(draft.phone ? { phone: draft.phone } : {}),
        ...(draft.role !== editing.role ? { role: draft.role as (typeof STAFF_ROLES)[number] } : {}),
      };
      if (Object.keys(patch).length === 0) return props.onClose();
      update.mutate({ id: editing.id, patch }, { onSuccess: (a) => props.onDone(adminMessage(a.message)), onError: fail });
    } else {
      create.mutate(
        {
          email: draft.email,
          firstName: draft.firstName,
          lastName: draft.lastName,
          role: draft.role as (typeof CREATABLE_ROLES)[number],
          ...(partnerRole && draft.partnerId ? { partnerId: draft.partnerId } : {}),
        },
        { onSuccess: (a) => props.onDone(`${adminMessage(a.message)} — ${a.user.email}`), onError: fail },
      );
    }
  };

  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          data-testid="user-form"
        >
          <DialogHeader>
            <DialogTitle>{editing ? t('users.form.editTitle', { email: editing.email }) : t('users.form.createTitle')}</DialogTitle>
            <DialogDescription>{editing ? t('users.form.editText') : t('users.form.createText')}</DialogDescription>
          </DialogHeader>
          {!editing && (
            <Field label={t('users.form.email')} error={fieldError('email')}>
              {(c) => <Input {...c} type="email" dir="ltr" required value={draft.email} onChange={(e) => setDraft({ ...draft, email: e.target.value })} data-testid="user-form-email" />}
            </Field>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('users.form.firstName')} error={fieldError('firstName')}>
              {(c) => <Input {...c} required value={draft.firstName} onChange={(e) => setDraft({ ...draft, firstName: e.target.value })} data-testid="user-form-first" />}
            </Field>
            <Field label={t('users.form.lastName')} error={fieldError('lastName')}>
              {(c) => <Input {...c} required value={draft.lastName} onChange={(e) => setDraft({ ...draft, lastName: e.target.value })} data-testid="user-form-last" />}
            </Field>
          </div>
          {editing && (
            <Field label={t('users.form.phone')} labelSuffix={t('users.form.optional')} error={fieldError('phone')}>
              {(c) => <Input {...c} type="tel" dir="ltr" value={draft.phone} onChange={(e) => setDraft({ ...draft, phone: e.target.value })} />}
            </Field>
          )}
          <Field label={t('users.form.role')} error={fieldError('role')}>
            {(c) => (
              <NativeSelect {...c} value={draft.role} disabled={roleChoices.length < 2} onChange={(e) => setDraft({ ...draft, role: e.target.value })} data-testid="user-form-role">
                {roleChoices.map((r) => (
                  <option key={r} value={r}>
                    {t(`users.roles.${r as (typeof CREATABLE_ROLES)[number]}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {!editing && partnerRole && (
            <Field label={t('users.form.partner')} error={fieldError('partnerId')}>
              {(c) => (
                <NativeSelect {...c} value={draft.partnerId} onChange={(e) => setDraft({ ...draft, partnerId: e.target.value })} data-testid="user-form-partner">
                  <option value="">{t('users.form.choosePartner')}</option>
                  {partners.data?.partners.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name} — {p.city}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          )}
          {error && error.field === null && <Alert variant="error">{error.text}</Alert>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={pending} data-testid="user-form-submit">
              {editing ? t('users.form.save') : t('users.form.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
