import { ADMIN_MESSAGES, KYC_DOCUMENT_TYPES } from '@farha/contracts/admin';
import { FileCheck2, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useKyc, useSubmitKyc, useUploadKyc } from '../../api/kyc';
import { partnerMessage, usePartnerTranslation } from '../../i18n';
import { KycBadge } from '../status-badges';
import { bilingualMessage } from '@/lib/i18n';

/** An error (catalogue) or a KYC success message of the contracts, in the active language. */
function kycMessage(source: unknown): string {
  return bilingualMessage(source, ADMIN_MESSAGES, partnerMessage);
}

/** KYC (docs/product/partners.md §4), the owner's alone: the three documents uploaded and submitted, and their state. */
export function KycCard() {
  const { t } = usePartnerTranslation();
  const kyc = useKyc();
  const upload = useUploadKyc();
  const submit = useSubmitKyc();
  const [flash, setFlash] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const { hash } = useLocation();
  const cardRef = useRef<HTMLDivElement>(null);
  const data = kyc.data;
  // A new partner arrives from "Devenir partenaire" at …#kyc: the card with its three documents is in view.
  const loaded = Boolean(data);
  useEffect(() => {
    if (loaded && hash === '#kyc') cardRef.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  if (!data) return null;
  const onError = (error: unknown) => setFlash({ kind: 'error', text: kycMessage(error) });

  return (
    <Card id="kyc" ref={cardRef} data-testid="kyc-card" className="scroll-mt-24">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center justify-between gap-2 text-base">
          <span className="flex items-center gap-2">
            <FileCheck2 aria-hidden className="size-4" />
            {t('kyc.title')}
          </span>
          <KycBadge status={data.status} />
        </CardTitle>
        <CardDescription>{t('kyc.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {flash && <Alert variant={flash.kind}>{flash.text}</Alert>}
        {data.rejectionReason && data.status === 'rejected' && <Alert variant="error">{t('kyc.rejected', { reason: data.rejectionReason })}</Alert>}
        <ul className="space-y-2">
          {KYC_DOCUMENT_TYPES.map((type) => {
            const doc = data.documents.find((d) => d.type === type);
            return (
              <li key={type} className="flex items-center justify-between gap-2 rounded-lg border border-border p-2 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium">{t(`kyc.types.${type}`)}</span>
                  <span className="block truncate text-xs text-muted-foreground">{doc ? doc.fileName : t('kyc.missing')}</span>
                </span>
                {data.status !== 'verified' && (
                  <label className="inline-flex cursor-pointer items-center gap-1 rounded-md border border-input px-2 py-1 text-xs font-medium hover:bg-muted focus-within:outline-2 focus-within:outline-ring">
                    <Upload aria-hidden className="size-3.5" />
                    {doc ? t('kyc.replace') : t('kyc.upload')}
                    <input
                      type="file"
                      accept="application/pdf,image/jpeg,image/png"
                      className="sr-only"
                      data-testid={`kyc-file-${type}`}
                      onChange={(e) => {
                        const file = e.target.files?.[0];
                        e.target.value = '';
                        if (!file) return;
                        setFlash(null);
                        upload.mutate({ type, file }, { onSuccess: (a) => setFlash({ kind: 'success', text: kycMessage(a.message) }), onError });
                      }}
                    />
                  </label>
                )}
              </li>
            );
          })}
        </ul>
        {data.status !== 'verified' && (
          <Button
            className="w-full"
            disabled={submit.isPending || upload.isPending}
            onClick={() => {
              setFlash(null);
              submit.mutate(undefined, { onSuccess: (a) => setFlash({ kind: 'success', text: kycMessage(a.message) }), onError });
            }}
            data-testid="kyc-submit"
          >
            {t('kyc.submit')}
          </Button>
        )}
        {data.submittedAt && data.status === 'pending' && <p className="text-xs text-muted-foreground">{t('kyc.submitted')}</p>}
      </CardContent>
    </Card>
  );
}
