import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function CustomerSupportPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.client.support')} icon={LifeBuoy} />;
}
