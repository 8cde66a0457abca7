import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function HowItWorksPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.howItWorks')} icon={Sparkles} />;
}
