import type { TClientVoucher } from '@farha/contracts/customer';
import { Download, ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useCustomerT } from '../i18n';
import { formatDate } from '@/lib/dates';

/** The voucher's real QR image (it encodes the public voucher URL), to show on the partner's premises. */
export function QrDialog({ voucher, onOpenChange }: { voucher: TClientVoucher | null; onOpenChange: (open: boolean) => void }) {
  const { t, locale } = useCustomerT();
  return (
    <Dialog open={voucher !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm" data-testid="qr-dialog">
        {voucher && (
          <>
            <DialogHeader>
              <DialogTitle>{t('qr.title')}</DialogTitle>
              <DialogDescription>{t('qr.text')}</DialogDescription>
            </DialogHeader>
            <div className="flex flex-col items-center gap-3 text-center">
              <img
                src={voucher.qrUrl}
                alt={t('qr.alt', { code: voucher.code })}
                width={240}
                height={240}
                className="size-60 rounded-xl border border-border bg-white p-2"
                data-testid="voucher-qr"
              />
              <p className="font-semibold">{voucher.box.name}</p>
              <code dir="ltr" className="rounded-md bg-muted px-3 py-1 font-mono text-lg font-bold tracking-wider">
                {voucher.code}
              </code>
              <p className="text-sm text-muted-foreground">{t('voucher.validUntil', { date: formatDate(voucher.expiresAt, locale) })}</p>
            </div>
            <div className="grid gap-2">
              <Button asChild>
                <a href={voucher.pdfUrl} download={`farha-${voucher.code}.pdf`}>
                  <Download aria-hidden />
                  {t('voucher.pdf')}
                </a>
              </Button>
              <Button asChild variant="outline">
                <a href={voucher.publicUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden className="rtl:-scale-x-100" />
                  {t('qr.openPublic')}
                </a>
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
