import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCopy } from '@/lib/clipboard';
import { useCustomerT } from '../i18n';

/** An icon button copying a voucher code; the tick shows for 2 s (spec 01 §9). */
export function CopyCodeButton({ code }: { code: string }) {
  const { t } = useCustomerT();
  const { copied, copy } = useCopy(() => toast.error(t('common.copyFailed')));

  const label = copied ? t('common.copied') : t('common.copy');
  return (
    <Button variant="ghost" size="icon-sm" onClick={() => void copy(code)} aria-label={label} title={label} className="size-8">
      {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
    </Button>
  );
}
