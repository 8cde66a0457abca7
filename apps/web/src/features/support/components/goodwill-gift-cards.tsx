import { formatDzd } from '@farha/contracts/money';
import { Gift } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatDay, formatShortDate } from '@/lib/dates';
import { useGoodwillGiftCards, useIssueGoodwillGiftCard, type GoodwillSource } from '../api/goodwill';
import { deskMessage } from '../i18n';
import { useGoodwillTranslation } from '../i18n-goodwill';
import { Textarea } from './controls';

/**
 * The goodwill gift cards given from a customer's ticket or a dispute, and the form that gives one
 * (issue 35, docs/product/gift-cards.md §9): whole dinars up to the settings' ceiling, with a reason.
 */
export function GoodwillGiftCards({ of, customerEmail }: { of: GoodwillSource; customerEmail: string }) {
  const { t, locale } = useGoodwillTranslation();
  const { data } = useGoodwillGiftCards(of);
  const [open, setOpen] = useState(false);
  return (
    <section aria-label={t('title')} className="space-y-2 rounded-lg bg-muted/40 p-3 text-sm" data-testid="goodwill-gift-cards">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('title')}</h3>
      {data && data.giftCards.length === 0 && <p className="text-muted-foreground">{t('none')}</p>}
      {data && data.giftCards.length > 0 && (
        <ul className="space-y-2">
          {data.giftCards.map((card) => (
            <li key={card.id} className="space-y-0.5" data-testid="goodwill-gift-card">
              <p className="flex flex-wrap items-center gap-2">
                <bdi dir="ltr" className="font-mono font-medium">{card.code}</bdi>
                <strong>{formatDzd(card.amount, locale)}</strong>
                <span className="text-muted-foreground">{t(`status.${card.status}`)} · {t('balance', { balance: formatDzd(card.balance, locale) })}</span>
              </p>
              <p className="text-muted-foreground">{card.reason}</p>
              <p className="text-xs text-muted-foreground">
                {t('by', { name: card.issuedBy, date: formatShortDate(card.createdAt, locale) })} · {t('until', { date: formatDay(card.lastValidDay, locale) })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Button type="button" variant="outline" size="sm" className="w-full" onClick={() => setOpen(true)} disabled={!data} data-testid="goodwill-open">
        <Gift aria-hidden className="size-4" />
        {t('button')}
      </Button>
      {data && <GoodwillDialog of={of} open={open} onOpenChange={setOpen} maxAmount={data.maxAmount} customerEmail={customerEmail} />}
    </section>
  );
}

function GoodwillDialog({ of, open, onOpenChange, maxAmount, customerEmail }: { of: GoodwillSource; open: boolean; onOpenChange: (open: boolean) => void; maxAmount: number; customerEmail: string }) {
  const { t, locale } = useGoodwillTranslation();
  const mutation = useIssueGoodwillGiftCard(of);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { amount: Number(amount), reason, ...(message.trim() ? { message } : {}) },
      {
        onSuccess: (answer) => {
          toast.success(deskMessage(answer.message));
          setAmount('');
          setReason('');
          setMessage('');
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
          <DialogTitle className="text-start">{t('dialogTitle')}</DialogTitle>
          <DialogDescription className="text-start">{t('dialogDescription', { email: customerEmail, max: formatDzd(maxAmount, locale) })}</DialogDescription>
        </DialogHeader>
        {/* The server judges the amount against the ceiling and says why in the desk's language (not the browser's bubble). */}
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="space-y-1.5">
            <Label htmlFor="goodwill-amount">{t('amount')}</Label>
            <Input id="goodwill-amount" type="number" inputMode="numeric" min={1} max={maxAmount} step={1} value={amount} onChange={(e) => setAmount(e.target.value)} required data-testid="goodwill-amount" />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="goodwill-reason">{t('reason')}</Label>
            <Textarea id="goodwill-reason" value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} data-testid="goodwill-reason" />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="goodwill-message">{t('message')}</Label>
            <Textarea id="goodwill-message" value={message} onChange={(e) => setMessage(e.target.value)} maxLength={500} data-testid="goodwill-message" />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={mutation.isPending || amount === '' || reason.trim() === ''} data-testid="goodwill-submit">
              {t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
