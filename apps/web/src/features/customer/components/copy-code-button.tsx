import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCustomerT } from '../i18n';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  // Plain-HTTP deployments have no Clipboard API: the selection-based copy still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

export { copyText };

/** An icon button copying a voucher code; the tick shows for 2 s (spec 01 §9). */
export function CopyCodeButton({ code }: { code: string }) {
  const { t } = useCustomerT();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    try {
      await copyText(code);
      setCopied(true);
    } catch {
      toast.error(t('common.copyFailed'));
    }
  };

  const label = copied ? t('common.copied') : t('common.copy');
  return (
    <Button variant="ghost" size="icon-sm" onClick={() => void onCopy()} aria-label={label} title={label} className="size-8">
      {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
    </Button>
  );
}
