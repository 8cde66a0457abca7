import { Check, Copy } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useCopy } from '@/lib/clipboard';

interface CopyCodeButtonProps {
  code: string;
  labels: { copy: string; copied: string; failed: string };
  /** `labelled`: a soft button with its words (the success page); `icon`: an icon button (voucher cards). */
  variant?: 'labelled' | 'icon';
}

/** Copies a voucher code; the tick shows for 2 s (docs/product/storefront.md §9). */
export function CopyCodeButton({ code, labels, variant = 'labelled' }: CopyCodeButtonProps) {
  const { copied, copy } = useCopy(() => toast.error(labels.failed));
  const label = copied ? labels.copied : labels.copy;
  if (variant === 'icon') {
    return (
      <Button variant="ghost" size="icon-sm" onClick={() => void copy(code)} aria-label={label} title={label} className="size-8">
        {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
      </Button>
    );
  }
  return (
    <Button variant="soft" size="sm" onClick={() => void copy(code)} data-testid="copy-code" className="print:hidden">
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{label}</span>
    </Button>
  );
}
