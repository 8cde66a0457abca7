import { Share2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useStorefrontT } from '../i18n';

/** Native share sheet when the device has one; otherwise the link is copied (docs/product/storefront.md §5). */
export function ShareButton({ title, className }: { title: string; className?: string }) {
  const { t } = useStorefrontT();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: t('box.shareText', { name: title }), url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return; // the user closed the sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('box.linkCopied'));
    } catch {
      toast.error(t('box.shareFailed'));
    }
  };
  return (
    <Button variant="outline" onClick={() => void share()} className={className}>
      <Share2 aria-hidden />
      {t('box.share')}
    </Button>
  );
}
