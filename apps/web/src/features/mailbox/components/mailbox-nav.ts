import { Inbox, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths';
import { useMailboxTranslation } from '../i18n';
import { useDemoMode } from '../api/mailbox';

interface MailboxNavSection {
  title: string;
  items: { to: string; label: string; icon: LucideIcon }[];
}

/** The back-office sidebars' "Boîte mail démo" entry, in demo mode only (null otherwise). */
export function useMailboxNavSection(): MailboxNavSection | null {
  const { t } = useMailboxTranslation();
  const demoMode = useDemoMode().data === true;
  if (!demoMode) return null;
  return { title: t('nav.section'), items: [{ to: paths.demoMailbox, label: t('nav.mailbox'), icon: Inbox }] };
}
