import { Check, Copy, Mail } from 'lucide-react';
import { useCallback } from 'react';
import { Button } from '@/components/ui/button';
import { FacebookIcon, WhatsAppIcon } from '@/components/domain/share-icons';
import { useCopy } from '@/lib/clipboard';
import { toast } from '@/lib/toast';
import { useGroupGiftTranslation } from '../i18n';

/** The pot's link to pass around: WhatsApp, Facebook, e-mail, and a copy button that says it copied. */
export function PotShare({ url, recipientName }: { url: string; recipientName: string }) {
  const { t } = useGroupGiftTranslation();
  const onError = useCallback(() => toast.error(t('pot.copyFailed')), [t]);
  const { copied, copy } = useCopy(onError);
  const text = t('pot.shareText', { name: recipientName });
  const round = 'inline-flex size-11 items-center justify-center rounded-full shadow-sm transition-colors';
  return (
    <div className="grid gap-3" data-testid="pot-share">
      <p className="text-sm font-semibold">{t('pot.share')}</p>
      <div className="flex flex-wrap items-center gap-2.5">
        <a
          href={`https://wa.me/?${new URLSearchParams({ text: `${text} ${url}` })}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('pot.shareOn', { network: 'WhatsApp' })}
          title={t('pot.shareOn', { network: 'WhatsApp' })}
          data-testid="share-whatsapp"
          className={`${round} bg-[#1f8f4e] text-white hover:bg-[#1a7a42]`}
        >
          <WhatsAppIcon />
        </a>
        <a
          href={`https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('pot.shareOn', { network: 'Facebook' })}
          title={t('pot.shareOn', { network: 'Facebook' })}
          data-testid="share-facebook"
          className={`${round} bg-[#1877f2] text-white hover:bg-[#0f66d6]`}
        >
          <FacebookIcon />
        </a>
        <a
          href={`mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(`${text}\n${url}`)}`}
          aria-label={t('pot.shareByEmail')}
          title={t('pot.shareByEmail')}
          data-testid="share-email"
          className={`${round} border border-input bg-card text-foreground hover:bg-muted`}
        >
          <Mail aria-hidden className="size-5" />
        </a>
        <Button type="button" variant="outline" onClick={() => void copy(url)} data-testid="pot-copy-link">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          <span aria-live="polite">{copied ? t('pot.copied') : t('pot.copy')}</span>
        </Button>
      </div>
      <p className="break-all rounded-lg bg-muted px-3 py-2 font-mono text-xs" dir="ltr" data-testid="pot-link">
        {url}
      </p>
    </div>
  );
}
