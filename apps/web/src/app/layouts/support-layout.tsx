import {
  BookOpen,
  FileText,
  Handshake,
  House,
  LayoutDashboard,
  MessagesSquare,
  Scale,
  Ticket,
  UserRound,
  Users,
} from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LocaleSwitch } from '@/components/locale-switch';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { useMailboxNavSection } from '@/features/mailbox/components/mailbox-nav';
import { useChatDeskSummary, useChatPresencePing } from '@/features/support/api/chats';
import { useSupportOverview } from '@/features/support/api/desk';
import { BackofficeShell } from './parts/backoffice-shell';
import { Breadcrumb } from './parts/breadcrumb';
import { UserIdentity } from './parts/user-identity';

/** The support portal (docs/product/support.md §4); the tickets badge is the real count of unassigned open tickets. */
export function SupportLayout() {
  const { t } = useTranslation();
  const nav = paths.supportPortal;
  const mailboxSection = useMailboxNavSection(); // demo mode only
  const unassigned = useSupportOverview().data?.kpis.unassigned ?? 0;
  // Issue 36: the live chats' waiting count, their events and the adviser's presence, on every page of the desk.
  const chats = useChatDeskSummary({ listen: true }).data;
  useChatPresencePing(chats?.available ?? false);
  return (
    <BackofficeShell
      brandSuffix={t('supportPortal.title')}
      navLabel={t('supportPortal.nav.label')}
      sections={[
        {
          items: [
            { to: nav.dashboard, label: t('supportPortal.nav.dashboard'), icon: LayoutDashboard },
            { to: nav.tickets, label: t('supportPortal.nav.tickets'), icon: Ticket, badge: unassigned },
            { to: nav.chats, label: t('supportPortal.nav.chats'), icon: MessagesSquare, badge: chats?.waiting ?? 0 },
            { to: nav.disputes, label: t('supportPortal.nav.disputes'), icon: Scale },
            { to: nav.users, label: t('supportPortal.nav.users'), icon: Users },
            { to: nav.partners, label: t('supportPortal.nav.partners'), icon: Handshake },
            { to: nav.knowledge, label: t('supportPortal.nav.knowledge'), icon: BookOpen },
            { to: nav.reports, label: t('supportPortal.nav.reports'), icon: FileText },
          ],
        },
        ...(mailboxSection ? [mailboxSection] : []),
        {
          title: t('supportPortal.nav.settings'),
          items: [{ to: nav.profile, label: t('supportPortal.nav.profile'), icon: UserRound }],
        },
      ]}
      identity={<UserIdentity subtitle={t('supportPortal.agent')} />}
      headerEnd={
        <>
          <Button asChild variant="ghost" size="icon" className="hidden sm:inline-flex">
            <Link to={paths.home} aria-label={t('supportPortal.home')} title={t('supportPortal.home')}>
              <House aria-hidden className="size-5" />
            </Link>
          </Button>
          <ThemeToggle />
          <LocaleSwitch />
        </>
      }
      beforeContent={<Breadcrumb rootTo={nav.dashboard} />}
    />
  );
}
