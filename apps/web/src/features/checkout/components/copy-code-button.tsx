import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCopy } from '@/lib/clipboard';
import { useCheckoutTranslation } from '../i18n';

export function CopyCodeButton({ code }: { code: string }) {
  const { t } = useCheckoutTranslation();
  const { copied, copy } = useCopy(() => toast.error(t('success.copyFailed')));

  return (
    <Button variant="soft" size="sm" onClick={() => void copy(code)} data-testid="copy-code" className="print:hidden">
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{copied ? t('success.copied') : t('success.copy')}</span>
    </Button>
  );
}
