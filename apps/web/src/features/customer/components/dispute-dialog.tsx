import type { TClientVoucher } from '@farha/contracts/customer';
import { DISPUTE_TYPES, SUPPORT_DESK_MESSAGES } from '@farha/contracts/support';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { useOpenDispute } from '../api/disputes';
import { customerMessage, useCustomerT } from '../i18n';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { bilingualMessage } from '@/lib/i18n';

/** Arabic labels of the dispute types (the French ones are the contracts'). */
const TYPE_LABELS_AR: Record<(typeof DISPUTE_TYPES)[number], string> = {
  partner_refuse: 'رفض الشريك',
  service_quality: 'جودة الخدمة',
  voucher_invalid: 'قسيمة مرفوضة أو غير صالحة',
  billing: 'الفوترة',
  other: 'أخرى',
};
const TYPE_LABELS_FR: Record<(typeof DISPUTE_TYPES)[number], string> = {
  partner_refuse: 'Refus du partenaire',
  service_quality: 'Qualité du service',
  voucher_invalid: 'Voucher refusé ou invalide',
  billing: 'Facturation',
  other: 'Autre',
};

/** An error or a support desk answer in the reader's language, else the customer area's translation. */
function disputeMessage(source: unknown): string {
  return bilingualMessage(source, SUPPORT_DESK_MESSAGES, customerMessage);
}

/** Disputes (docs/product/support.md §6), opened by the customer from a voucher (issue 14). */
export function DisputeDialog({ voucher, onOpenChange }: { voucher: TClientVoucher | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={voucher !== null} onOpenChange={onOpenChange}>
      <DialogContent data-testid="dispute-dialog">{voucher && <DisputeForm key={voucher.id} voucher={voucher} onClose={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function DisputeForm({ voucher, onClose }: { voucher: TClientVoucher; onClose: () => void }) {
  const { t, locale } = useCustomerT();
  const open = useOpenDispute();
  const [type, setType] = useState<(typeof DISPUTE_TYPES)[number]>('partner_refuse');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const labels = locale === 'ar' ? TYPE_LABELS_AR : TYPE_LABELS_FR;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    open.mutate(
      { voucherId: voucher.id, type, description },
      {
        onSuccess: (answer) => {
          toast.success(disputeMessage(answer.message));
          onClose();
        },
        onError: (failure) => setError(disputeMessage(failure)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t('dispute.title')}</DialogTitle>
        <DialogDescription>{t('dispute.intro')}</DialogDescription>
      </DialogHeader>
      {error && <Alert variant="error">{error}</Alert>}
      <Field label={t('dispute.type')}>
        {(control) => (
          <NativeSelect {...control} value={type} onChange={(e) => setType(e.target.value as typeof type)}>
            {DISPUTE_TYPES.map((k) => (
              <option key={k} value={k}>
                {labels[k]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label={t('dispute.description')}>
        {(control) => <Textarea {...control} value={description} onChange={(e) => setDescription(e.target.value)} rows={4} maxLength={5000} required />}
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t('dispute.cancel')}
        </Button>
        <Button type="submit" disabled={open.isPending || !description.trim()}>
          {t('dispute.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
