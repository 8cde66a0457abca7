import type { TAdminCompany } from '@farha/contracts/company';
import { Badge } from '@/components/ui/badge';
import { useCompanyT } from '../i18n';

/**
 * Issue 34: what finance must see before verifying a company — its registre du commerce already on another
 * company, and no document uploaded (the server refuses to verify it then).
 */
export function CompanyReviewFlags({ company }: { company: Pick<TAdminCompany, 'status' | 'documentCount' | 'duplicateOf'> }) {
  const { t } = useCompanyT();
  const reused = company.duplicateOf.length > 0;
  const noDocuments = company.documentCount === 0 && company.status === 'pending';
  if (!reused && !noDocuments) return null;
  return (
    <div className="grid gap-1 text-sm" data-testid="company-review-flags">
      {reused && (
        <p className="flex flex-wrap items-center gap-2" data-testid="rc-reused">
          <Badge variant="destructive">{t('admin.rcReused')}</Badge>
          <span>{t('admin.rcReusedBy', { names: company.duplicateOf.map((c) => c.name).join(', ') })}</span>
        </p>
      )}
      {noDocuments && (
        <p className="flex flex-wrap items-center gap-2" data-testid="no-documents">
          <Badge variant="accent">{t('admin.noDocuments')}</Badge>
          <span className="text-muted-foreground">{t('admin.noDocumentsHint')}</span>
        </p>
      )}
    </div>
  );
}
