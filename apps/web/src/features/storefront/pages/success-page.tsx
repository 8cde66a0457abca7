import { PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function SuccessPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.success')} icon={PartyPopper} />;
}
