import { isPartnerRole, isSupportRole } from '@farha/contracts/plain/roles';
import { FAQ_AUDIENCES, ZFaqList, ZFaqVoteResponse } from '@farha/contracts/support';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Headset, LifeBuoy, LogIn, Mail, MapPin, MessagesSquare, Phone, Search } from 'lucide-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ContactCard, OpeningHours } from '@/components/help-centre/contact';
import { LiveChatButton } from '@/components/help-centre/live-chat-button';
import type { FaqApi, FaqTexts } from '@/components/help-centre/faq';
import { FaqList } from '@/components/help-centre/faq-list';
import { useFaqView } from '@/components/help-centre/faq-api';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { api, ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { telHref, useSupportContact } from '@/lib/site';
import { supportHoursRows, supportHoursText } from '@farha/contracts/plain/support';
import { useDocumentTitle } from '@/lib/use-document-title';
import { storefrontError, useStorefrontT, type StorefrontKey } from '../i18n';

type Audience = (typeof FAQ_AUDIENCES)[number];

/** GET /api/faq: the published knowledge base of one audience, in the reader's language (French where untranslated). */
function usePublicFaq(audience: Audience, q: string, category: string, locale: 'fr' | 'ar') {
  const params = new URLSearchParams({ audience, locale });
  if (q) params.set('q', q);
  if (category) params.set('category', category);
  return useQuery({
    queryKey: ['faq', 'public', audience, q, category, locale],
    queryFn: ({ signal }) => api.get(`/api/faq?${params}`, { schema: ZFaqList, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Votes need an account: a visitor is asked to sign in instead of being sent a 401. */
function usePublicVote() {
  const { user } = useAuth();
  const { t } = useStorefrontT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, helpful }: { id: string; helpful: boolean }) => {
      if (!user) return Promise.reject(new Error(t('helpCentre.signInToVote')));
      return api.post(`/api/faq/${encodeURIComponent(id)}/vote`, { helpful }, { schema: ZFaqVoteResponse });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['faq', 'public'] }),
  });
}

const PUBLIC_FAQ: FaqApi = { useView: useFaqView, useVote: usePublicVote };

/**
 * The public help centre (/support, docs/product/support.md §2): the knowledge base of customers and partners (search,
 * categories), the contact channels, and what the reader's account adds (`accountArea`: their tickets and a
 * new-ticket form, composed by the app shell from the customer and partner areas). Agents get their desk.
 */
export function HelpPage({ accountArea }: { accountArea?: ReactNode }) {
  const { t, locale } = useStorefrontT();
  useDocumentTitle(t('helpCentre.title'));
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const audience: Audience = params.get('audience') === 'partner' || (!params.get('audience') && user && isPartnerRole(user.role)) ? 'partner' : 'customer';
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim());
  const [category, setCategory] = useState('');
  const faq = usePublicFaq(audience, q, category, locale);
  const categoryLabel = (value: string) => {
    const key = `helpCentre.categories.${value}` as StorefrontKey;
    const label = t(key);
    return label === key ? value.charAt(0).toUpperCase() + value.slice(1) : label;
  };
  const faqTexts: FaqTexts = {
    t: (key, options) => t(`helpCentre.${key}`, options),
    category: categoryLabel,
    message: (source) => (source instanceof Error && !(source instanceof ApiError) ? source.message : storefrontError(source)),
  };
  const chooseAudience = (next: Audience) => {
    setCategory('');
    const nextParams = new URLSearchParams(params);
    nextParams.set('audience', next);
    nextParams.delete('faq');
    setParams(nextParams, { replace: true });
  };

  return (
    <div className="mx-auto w-full max-w-5xl space-y-10 px-4 py-8 sm:py-12">
      <header className="space-y-4 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
          <LifeBuoy aria-hidden className="size-7" />
        </span>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{t('helpCentre.title')}</h1>
        <p className="mx-auto max-w-2xl text-muted-foreground text-pretty">{t('helpCentre.intro')}</p>
        <form role="search" className="relative mx-auto max-w-xl" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="help-search" className="sr-only">
            {t('helpCentre.searchLabel')}
          </label>
          <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" />
          <Input
            id="help-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('helpCentre.searchPlaceholder')}
            className="h-12 ps-10 text-base"
            data-testid="help-search"
          />
        </form>
      </header>

      {user && isSupportRole(user.role) && (
        <Card className="flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center" data-testid="help-agent">
          <Headset aria-hidden className="size-8 shrink-0 text-primary" />
          <div className="flex-1">
            <h2 className="font-semibold">{t('helpCentre.account.agentTitle')}</h2>
            <p className="text-sm text-muted-foreground">{t('helpCentre.account.agentText')}</p>
          </div>
          <Button asChild>
            <Link to={paths.supportPortal.dashboard}>{t('helpCentre.account.agentAction')}</Link>
          </Button>
        </Card>
      )}

      <section aria-labelledby="help-faq-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="help-faq-title" className="text-xl font-semibold">
            {t('helpCentre.results')}
          </h2>
          <div role="group" aria-label={t('helpCentre.audienceLabel')} className="inline-flex rounded-full border border-border bg-card p-1">
            {FAQ_AUDIENCES.map((a) => (
              <button
                key={a}
                type="button"
                aria-pressed={audience === a}
                onClick={() => chooseAudience(a)}
                className={cn(
                  'h-9 rounded-full px-4 text-sm font-medium transition-colors',
                  audience === a ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
                )}
                data-testid={`help-audience-${a}`}
              >
                {a === 'customer' ? t('helpCentre.customers') : t('helpCentre.partners')}
              </button>
            ))}
          </div>
        </div>
        <FaqList
          faq={faq}
          category={category}
          onCategory={setCategory}
          api={PUBLIC_FAQ}
          texts={faqTexts}
          labels={{
            categories: t('helpCentre.categoriesLabel'),
            allCategories: t('helpCentre.allCategories'),
            loadError: t('helpCentre.loadError'),
            retry: t('helpCentre.retry'),
            empty: t('helpCentre.empty'),
            emptyHint: t('helpCentre.emptyHint'),
          }}
          openId={params.get('faq')}
          share={{
            url: (id) => `${window.location.origin}${paths.help}?${new URLSearchParams({ audience, faq: id })}`,
            label: t('helpCentre.share'),
            copied: t('helpCentre.copied'),
            failed: t('helpCentre.copyFailed'),
          }}
        />
      </section>

      {accountArea}

      {!user && (
        <Card className="flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center" data-testid="help-sign-in">
          <div className="flex-1">
            <h2 className="font-semibold">{t('helpCentre.account.signInTitle')}</h2>
            <p className="text-sm text-muted-foreground">{t('helpCentre.account.signInText')}</p>
          </div>
          <Button asChild variant="outline">
            <Link to={paths.auth} state={{ from: { pathname: paths.help, search: '', hash: '' } }}>
              <LogIn aria-hidden />
              {t('helpCentre.account.signInAction')}
            </Link>
          </Button>
        </Card>
      )}

      <ContactChannels />
    </div>
  );
}

/** docs/product/support.md §2: conversation, phone, e-mail, head office and opening hours; only the channels that exist. */
function ContactChannels() {
  const { t, locale } = useStorefrontT();
  const contact = useSupportContact();
  // The desk's own hours (the SLA counts these): every page says the same.
  const hours = supportHoursRows(locale, t('helpCentre.contact.closed'));
  return (
    <section aria-labelledby="help-contact-title" className="space-y-4" data-testid="help-contact">
      <div>
        <h2 id="help-contact-title" className="text-xl font-semibold">
          {t('helpCentre.contact.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('helpCentre.contact.intro')}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <ContactCard icon={MessagesSquare} title={t('helpCentre.contact.chat')}>
          <p className="text-sm text-muted-foreground">{t('helpCentre.contact.chatText')}</p>
          <LiveChatButton size="sm" label={t('helpCentre.contact.liveChat')} />
        </ContactCard>
        <ContactCard icon={Phone} title={t('helpCentre.contact.phone')}>
          {contact.phone ? (
            <>
              <a href={telHref(contact.phone)} className="font-semibold text-primary underline-offset-4 hover:underline">
                <bdi dir="ltr">{contact.phone}</bdi>
              </a>
              <p className="text-sm text-muted-foreground" data-testid="support-hours-text">
                {supportHoursText(locale)}
              </p>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{t('helpCentre.contact.phoneSoon')}</p>
          )}
        </ContactCard>
        <ContactCard icon={Mail} title={t('helpCentre.contact.email')}>
          <a href={`mailto:${contact.email}`} className="font-semibold text-primary underline-offset-4 hover:underline">
            <bdi dir="ltr">{contact.email}</bdi>
          </a>
          <p className="text-sm text-muted-foreground">{t('helpCentre.contact.emailText')}</p>
        </ContactCard>
        <ContactCard icon={MapPin} title={t('helpCentre.contact.office')}>
          <p className="text-sm">{t('helpCentre.contact.officeText')}</p>
        </ContactCard>
      </div>
      <OpeningHours title={t('helpCentre.contact.hours')} rows={hours} />
    </section>
  );
}
