import { Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function SupportTicketsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.supportPortal.tickets')} icon={Ticket} />;
}
