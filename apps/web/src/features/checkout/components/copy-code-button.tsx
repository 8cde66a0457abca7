import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCheckoutTranslation } from '../i18n';

/** spec 01 §9: the copy confirmation shows for 2 s. */
const CONFIRMATION_MS = 2000;

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  // Plain-HTTP deployments have no Clipboard API: the old selection-based copy still works there.
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

export function CopyCodeButton({ code }: { code: string }) {
  const { t } = useCheckoutTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    try {
      await copyText(code);
      setCopied(true);
    } catch {
      toast.error(t('success.copyFailed'));
    }
  };

  return (
    <Button variant="soft" size="sm" onClick={() => void onCopy()} data-testid="copy-code" className="print:hidden">
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{copied ? t('success.copied') : t('success.copy')}</span>
    </Button>
  );
}
