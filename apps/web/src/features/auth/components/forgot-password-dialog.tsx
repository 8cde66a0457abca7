import { ZForgotPasswordRequest } from '@farha/contracts/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { localizeMessage } from '@/lib/i18n';
import { useForgotPassword } from '../api/password';
import { passwordMessage, usePasswordT } from '../password-i18n';

type ForgotForm = z.input<typeof ZForgotPasswordRequest>;

interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address already typed in the login form. */
  initialEmail?: string;
}

/** 'Mot de passe oublié ?': e-mail → a single-use link valid 1 hour; the answer never says whether the account exists. */
export function ForgotPasswordDialog({ open, onOpenChange, initialEmail = '' }: ForgotPasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="forgot-password-dialog">
        {open && <ForgotPasswordForm initialEmail={initialEmail} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ForgotPasswordForm({ initialEmail, onClose }: { initialEmail: string; onClose: () => void }) {
  const { t } = usePasswordT();
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotForm>({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email: initialEmail } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await forgot.mutateAsync(values.email);
      setSent(result.message);
    } catch (error) {
      setFormError(passwordMessage(error));
    }
  });

  if (sent) {
    return (
      <div className="grid gap-4" data-testid="forgot-password-sent">
        <MailCheck aria-hidden className="size-10 text-success" />
        <DialogHeader>
          <DialogTitle>{t('forgot.sentTitle')}</DialogTitle>
          <DialogDescription className="text-foreground">{passwordMessage(sent)}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">{t('forgot.spam')}</p>
        <DialogFooter>
          <Button onClick={onClose}>{t('forgot.back')}</Button>
        </DialogFooter>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('forgot.title')}>
      <DialogHeader>
        <DialogTitle>{t('forgot.title')}</DialogTitle>
        <DialogDescription>{t('forgot.text')}</DialogDescription>
      </DialogHeader>
      {formError && <Alert variant="error">{formError}</Alert>}
      <Field label={t('forgot.email')} error={errors.email?.message && localizeMessage(errors.email.message)}>
        {(control) => (
          <Input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" dir="ltr" autoFocus />
        )}
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('forgot.back')}
        </Button>
        <Button type="submit" loading={isSubmitting} data-testid="forgot-password-submit">
          {t('forgot.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
