import { BookOpen, Inbox, MessageCirclePlus, Phone } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTickets } from '../api/support';
import { ContactTab } from '../components/contact-tab';
import { FaqTab } from '../components/faq-tab';
import { NewTicketForm } from '../components/new-ticket-form';
import { TicketsTab } from '../components/tickets-tab';
import { useCustomerT } from '../i18n';

const TABS = ['faq', 'tickets', 'new', 'contact'] as const;
type SupportTab = (typeof TABS)[number];

/** /client/support (docs/product/support.md §2). `?tab=` picks the tab, `?ticket=` opens a ticket, `?faq=` an entry. */
export function CustomerSupportPage() {
  const { t } = useCustomerT();
  useDocumentTitle(t('support.title'));
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: SupportTab = (TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as SupportTab) : 'faq';
  const openTicketId = params.get('ticket');
  const tickets = useTickets();
  const openCount = tickets.data?.openCount ?? 0;

  const go = (next: SupportTab, extra: Record<string, string> = {}) => setParams({ ...(next === 'faq' ? {} : { tab: next }), ...extra });

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('support.title')}
        description={t('support.intro')}
        actions={
          openCount > 0 && (
            <p className="rounded-full bg-secondary/25 px-3 py-1 text-sm font-medium" data-testid="open-tickets-summary">
              {t('support.openTickets', { count: openCount })}
            </p>
          )
        }
      />
      <Tabs value={tab} onValueChange={(value) => go(value as SupportTab)}>
        <TabsList aria-label={t('support.tabsLabel')} className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-11 sm:w-fit">
          <TabsTrigger value="faq" className="h-9 sm:flex-none" data-testid="support-tab-faq">
            <BookOpen aria-hidden className="size-4 shrink-0" />
            {t('support.tabs.faq')}
          </TabsTrigger>
          <TabsTrigger value="tickets" className="h-9 sm:flex-none" data-testid="support-tab-tickets">
            <Inbox aria-hidden className="size-4 shrink-0" />
            {t('support.tabs.tickets')}
            {openCount > 0 && (
              <span
                className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-bold text-primary-foreground tabular-nums"
                data-testid="tickets-badge"
              >
                {/* The page's header says « N tickets en cours » once: the badge only repeats the figure. */}
                <span aria-hidden>{openCount}</span>
              </span>
            )}
          </TabsTrigger>
          <TabsTrigger value="new" className="h-9 sm:flex-none" data-testid="support-tab-new">
            <MessageCirclePlus aria-hidden className="size-4 shrink-0" />
            {t('support.tabs.new')}
          </TabsTrigger>
          <TabsTrigger value="contact" className="h-9 sm:flex-none" data-testid="support-tab-contact">
            <Phone aria-hidden className="size-4 shrink-0" />
            {t('support.tabs.contact')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="faq">
          <FaqTab initialOpenId={params.get('faq')} onAskUs={() => go('new')} />
        </TabsContent>
        <TabsContent value="tickets">
          <TicketsTab
            onCreate={() => go('new')}
            openId={openTicketId}
            onOpenChange={(id) => go('tickets', id ? { ticket: id } : {})}
          />
        </TabsContent>
        <TabsContent value="new">
          <NewTicketForm onCreated={(id) => go('tickets', { ticket: id })} />
        </TabsContent>
        <TabsContent value="contact">
          <ContactTab onStartConversation={() => go('new')} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
