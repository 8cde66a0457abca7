import { DISPUTE_RESOLUTION_LABELS, DISPUTE_STATUS_LABELS, DISPUTE_TYPE_LABELS, SUPPORT_DESK_MESSAGES, type TDispute } from '@farha/contracts/support';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { usePartnerDisputes, useRespondDispute } from '../api/disputes';
import { partnerMessage, usePartnerTranslation } from '../i18n';
import { formatShortDateTime as formatDateTime } from '@/lib/dates';
import { Textarea } from '@/components/ui/textarea';
import { bilingualMessage } from '@/lib/i18n';
import { fullDisputeTitle } from '@/lib/dispute-title';

// Arabic labels of the contracts' French dispute vocabulary.
const AR: Record<string, string> = {
  open: 'مفتوح', investigating: 'قيد الدراسة', partner_response: 'رد الشريك', resolved: 'محلول', closed: 'مغلق',
  partner_refuse: 'رفض الشريك', service_quality: 'جودة الخدمة', voucher_invalid: 'قسيمة مرفوضة أو غير صالحة', billing: 'الفوترة', other: 'أخرى',
  refund: 'استرداد', voucher_extension: 'تمديد القسيمة', rejected: 'مرفوض',
};
const FR: Record<string, string> = { ...DISPUTE_STATUS_LABELS, ...DISPUTE_TYPE_LABELS, ...DISPUTE_RESOLUTION_LABELS };

function supportText(source: unknown): string {
  return bilingualMessage(source, SUPPORT_DESK_MESSAGES, partnerMessage);
}

/** The partner's disputes (issue 14): what the customer said, the timeline, and the partner's answer. */
export function DisputesTab() {
  const { t, locale } = usePartnerTranslation();
  const { data } = usePartnerDisputes();
  const label = (k: string) => (locale === 'ar' ? AR[k] : FR[k]) ?? k;
  if (data && data.disputes.length === 0) return <p className="py-8 text-center text-muted-foreground">{t('support.disputes.empty')}</p>;
  return (
    <ul className="space-y-4">
      {data?.disputes.map((d) => (
        <li key={d.id} className="space-y-3 rounded-xl border border-border bg-card p-4" data-testid="partner-dispute">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">{fullDisputeTitle(d, locale)}</h3>
            <span className="rounded-full bg-muted px-2 text-xs font-semibold leading-5">{label(d.status)}</span>
            <span className="text-sm text-muted-foreground">{formatDateTime(d.createdAt, locale)}</span>
          </div>
          <p className="text-sm">
            {t('support.disputes.customer')} : {d.customer.name}
            {d.voucher && <> · {t('support.disputes.voucher')} <bdi dir="ltr" className="font-mono">{d.voucher.code}</bdi></>}
          </p>
          <ol className="space-y-2 border-s-2 border-border ps-3 text-sm" aria-label={t('support.disputes.timeline')}>
            {d.timeline.map((e) => (
              <li key={e.id}>
                <span className="font-medium">{e.actor}</span> · <span className="text-muted-foreground">{formatDateTime(e.createdAt, locale)}</span>
                {e.notes && <p className="whitespace-pre-line">{e.notes}</p>}
              </li>
            ))}
          </ol>
          {d.resolution ? (
            <p className="rounded-lg bg-muted/50 p-2 text-sm">{t('support.disputes.resolved')} : {label(d.resolution.type)} — {d.resolution.notes}</p>
          ) : (
            <RespondForm dispute={d} />
          )}
        </li>
      ))}
    </ul>
  );
}

function RespondForm({ dispute }: { dispute: TDispute }) {
  const { t } = usePartnerTranslation();
  const respond = useRespondDispute();
  const [message, setMessage] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    respond.mutate(
      { id: dispute.id, message },
      { onSuccess: (a) => { toast.success(supportText(a.message)); setMessage(''); }, onError: (e) => toast.error(supportText(e)) },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <label className="text-sm font-medium" htmlFor={`respond-${dispute.id}`}>{t('support.disputes.respond')}</label>
      <Textarea id={`respond-${dispute.id}`} value={message} onChange={(e) => setMessage(e.target.value)} rows={3} required />
      <Button type="submit" size="sm" disabled={respond.isPending || !message.trim()}>{t('support.disputes.send')}</Button>
    </form>
  );
}
