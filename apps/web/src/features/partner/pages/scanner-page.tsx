import { ScanLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function PartnerScannerPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.partner.scanner')} icon={ScanLine} />;
}
