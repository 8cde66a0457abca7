import { DISPUTE_TYPES, type TDeskTicketDetail } from '@farha/contracts/support';
import { Scale } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { disputeTitle } from '@/lib/dispute-title';
import { localized } from '@/lib/localized';
import { useOpenTicketDispute } from '../api/portal';
import { deskMessage, useDeskTranslation } from '../i18n';
import { usePortalTranslation } from '../i18n-portal';
import { DisputeStatusBadge } from './badges';
import { NativeSelect, Textarea } from './controls';

/** The disputes opened from a customer's ticket, and the form that opens one (issue 14). */
export function TicketDisputes({ ticket }: { ticket: TDeskTicketDetail }) {
  const { t, locale } = usePortalTranslation();
  const desk = useDeskTranslation();
  const [open, setOpen] = useState(false);
  if (ticket.requester.kind !== 'customer') return null;
  return (
    <section aria-label={t('openDispute.linked')} className="space-y-2 rounded-lg bg-muted/40 p-3 text-sm">
      {ticket.disputes.length > 0 && (
        <>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('openDispute.linked')}</h3>
          <ul className="space-y-1" data-testid="ticket-disputes">
            {ticket.disputes.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-2">
                <Link className="font-medium text-primary underline-offset-2 hover:underline" to={`${paths.supportPortal.disputes}?dispute=${d.id}&status=all`}>
                  {disputeTitle(d, locale)}
                </Link>
                <DisputeStatusBadge status={d.status} />
              </li>
            ))}
          </ul>
        </>
      )}
      <Button type="button" variant="outline" size="sm" className="w-full" onClick={() => setOpen(true)} data-testid="open-dispute">
        <Scale aria-hidden className="size-4" />
        {t('openDispute.button')}
      </Button>
      <OpenDisputeDialog ticket={ticket} open={open} onOpenChange={setOpen} typeLabel={(type) => desk.t(`disputeType.${type}`)} />
    </section>
  );
}

function OpenDisputeDialog({ ticket, open, onOpenChange, typeLabel }: { ticket: TDeskTicketDetail; open: boolean; onOpenChange: (open: boolean) => void; typeLabel: (type: string) => string }) {
  const { t, locale } = usePortalTranslation();
  const mutation = useOpenTicketDispute();
  const [voucherId, setVoucherId] = useState(ticket.context.vouchers[0]?.id ?? '');
  const [type, setType] = useState<(typeof DISPUTE_TYPES)[number]>('partner_refuse');
  const [description, setDescription] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { ticketId: ticket.id, type, description, ...(voucherId ? { voucherId } : {}) },
      {
        onSuccess: (answer) => {
          toast.success(deskMessage(answer.message));
          setDescription('');
          onOpenChange(false);
        },
        onError: (error) => toast.error(deskMessage(error)),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle className="text-start">{t('openDispute.title')}</DialogTitle>
          <DialogDescription className="text-start">{t('openDispute.description')}</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={submit}>
          <div className="space-y-1.5">
            <Label htmlFor="dispute-voucher">{t('openDispute.voucher')}</Label>
            <NativeSelect id="dispute-voucher" value={voucherId} onChange={(e) => setVoucherId(e.target.value)} data-testid="dispute-voucher">
              <option value="">{t('openDispute.noVoucher')}</option>
              {ticket.context.vouchers.map((v) => (
                <option key={v.id} value={v.id}>{`${v.code} · ${localized(v.boxName, v.boxNameAr, locale)}`}</option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="dispute-type">{t('openDispute.type')}</Label>
            <NativeSelect id="dispute-type" value={type} onChange={(e) => setType(e.target.value as typeof type)} data-testid="dispute-type">
              {DISPUTE_TYPES.map((d) => <option key={d} value={d}>{typeLabel(d)}</option>)}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="dispute-description">{t('openDispute.details')}</Label>
            <Textarea id="dispute-description" value={description} onChange={(e) => setDescription(e.target.value)} required maxLength={5000} data-testid="dispute-description" />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={mutation.isPending || description.trim() === ''} data-testid="dispute-submit">
              {t('openDispute.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
