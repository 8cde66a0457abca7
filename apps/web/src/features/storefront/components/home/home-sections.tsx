import { HOME_FEATURED_BOXES } from '@farha/contracts/plain/catalog';
import type { TBoxSummary } from '@farha/contracts/catalog';
import type { TLandingContent } from '@farha/contracts/landing';
import {
  ArrowRight,
  CreditCard,
  Headphones,
  MailCheck,
  MessageCircleQuestion,
  PartyPopper,
  Quote,
  RotateCcw,
  Search,
  ShieldCheck,
} from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { paths, to } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useStorefrontT } from '../../i18n';
import { checkoutHref, checkoutState } from '../../lib/checkout';
import { withLandingFigures } from '../../lib/landing-figures';
import { BoxCard, BoxCardSkeleton } from '../box-card';
import { Stars } from '../rating';
import { landingIcon, toneOf } from './landing-icon';
import { SectionHeading } from './section-heading';
import { supportHoursText } from '@farha/contracts/plain/support';

const section = 'mx-auto max-w-7xl px-4 sm:px-6 lg:px-8';

/** Four statistics cards (configured hero stats), each linking to the catalogue. */
export function StatsCards({ stats }: { stats: TLandingContent['hero']['stats'] }) {
  const { t } = useStorefrontT();
  if (stats.length === 0) return null;
  return (
    <section aria-label={t('home.statsLabel')} className={cn(section, 'relative z-20 -mt-16 sm:-mt-14')}>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {stats.slice(0, 4).map((stat) => {
          const Icon = landingIcon(stat.icon);
          return (
            <li key={stat.label}>
              <Link
                to={paths.catalog}
                className="flex h-full items-center gap-3 rounded-2xl border border-border bg-card p-4 shadow-lg transition hover:-translate-y-0.5 hover:shadow-xl focus-visible:outline-2 focus-visible:outline-ring sm:gap-4 sm:p-5"
              >
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-strong sm:size-12">
                  <Icon aria-hidden className="size-5 sm:size-6" />
                </span>
                <span className="min-w-0">
                  <span dir="ltr" className="block text-xl font-extrabold tracking-tight sm:text-2xl">
                    {stat.value}
                  </span>
                  <span className="block text-sm text-muted-foreground">{stat.label}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** docs/product/storefront.md §3: choose, pay securely, receive instantly, enjoy. */
export function StepsSection() {
  const { t } = useStorefrontT();
  const steps = [
    { key: 'choose', icon: Search },
    { key: 'pay', icon: CreditCard },
    { key: 'receive', icon: MailCheck },
    { key: 'enjoy', icon: PartyPopper },
  ] as const;
  return (
    <section aria-labelledby="home-steps" className={cn(section, 'space-y-10 py-16 sm:py-20')}>
      <SectionHeading id="home-steps" eyebrow={t('home.stepsEyebrow')} title={t('home.stepsTitle')} />
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(({ key, icon: Icon }, index) => (
          <li key={key} className="relative flex flex-col items-center text-center">
            {index < steps.length - 1 && (
              <span
                aria-hidden
                className="absolute start-[calc(50%+3rem)] top-8 hidden h-0.5 w-[calc(100%-6rem)] border-t-2 border-dashed border-primary/30 lg:block"
              />
            )}
            <span className="relative flex size-16 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-md">
              <Icon aria-hidden className="size-7" />
              <span className="absolute -end-2 -top-2 flex size-7 items-center justify-center rounded-full bg-secondary text-sm font-extrabold text-secondary-foreground ring-4 ring-background">
                {index + 1}
              </span>
            </span>
            <h3 className="mt-5 text-lg font-bold">{t(`home.steps.${key}.title`)}</h3>
            <p className="mt-1 max-w-xs text-sm text-muted-foreground text-pretty">{t(`home.steps.${key}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function BenefitsSection({ benefits, stats = [] }: { benefits: TLandingContent['benefits']; stats?: TLandingContent['hero']['stats'] }) {
  const { t } = useStorefrontT();
  if (benefits.length === 0) return null;
  return (
    <section aria-labelledby="home-benefits" className="bg-muted/60 py-16 sm:py-20">
      <div className={cn(section, 'space-y-10')}>
        <SectionHeading id="home-benefits" eyebrow={t('home.benefitsEyebrow')} title={t('home.benefitsTitle')} />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map((benefit) => {
            const Icon = landingIcon(benefit.icon);
            const tone = toneOf(benefit.color);
            return (
              <li key={benefit.title} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
                <span className={cn('mb-4 flex size-12 items-center justify-center rounded-xl', tone.className)} style={tone.style}>
                  <Icon aria-hidden className="size-6" />
                </span>
                <h3 className="text-lg font-bold">{benefit.title}</h3>
                <p className="mt-1.5 text-sm text-muted-foreground text-pretty">{withLandingFigures(benefit.description, stats)}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/** Up to 4 boxes (the first 4 of the list), each with Aperçu (box page) and Acheter (checkout). */
export function FeaturedBoxes({ boxes, loading, error }: { boxes: TBoxSummary[]; loading: boolean; error: boolean }) {
  const { t } = useStorefrontT();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="home-featured" className={cn(section, 'space-y-10 py-16 sm:py-20')}>
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-end sm:justify-between sm:text-start">
        <SectionHeading id="home-featured" eyebrow={t('home.featuredEyebrow')} title={t('home.featuredTitle')} align="start" />
        <Button asChild variant="outline" className="shrink-0">
          <Link to={paths.catalog}>
            {t('home.seeAll')}
            <ArrowRight aria-hidden className="rtl:-scale-x-100" />
          </Link>
        </Button>
      </div>
      {error && boxes.length === 0 ? (
        <Alert variant="error">{t('home.featuredError')}</Alert>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {loading
            ? Array.from({ length: HOME_FEATURED_BOXES }, (_, i) => (
                <li key={i}>
                  <BoxCardSkeleton />
                </li>
              ))
            : boxes.slice(0, HOME_FEATURED_BOXES).map((box) => (
                <li key={box.id} className="flex">
                  <BoxCard
                    box={box}
                    className="w-full"
                    actions={
                      <>
                        <Button asChild variant="outline">
                          <Link to={to.box(box.id)} aria-label={t('card.previewOf', { name: box.name })}>
                            {t('card.preview')}
                          </Link>
                        </Button>
                        <Button
                          onClick={() => void navigate(checkoutHref(box.id), { state: checkoutState(box) })}
                          aria-label={t('card.buyThis', { name: box.name })}
                        >
                          {t('card.buy')}
                        </Button>
                      </>
                    }
                  />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

export function TestimonialsSection({ testimonials }: { testimonials: TLandingContent['testimonials'] }) {
  const { t } = useStorefrontT();
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="home-testimonials" className="bg-gradient-to-b from-primary-soft/70 to-background py-16 sm:py-20">
      <div className={cn(section, 'space-y-10')}>
        <SectionHeading id="home-testimonials" eyebrow={t('home.testimonialsEyebrow')} title={t('home.testimonialsTitle')} />
        <ul className="grid gap-5 md:grid-cols-3">
          {testimonials.slice(0, 3).map((item) => (
            <li key={item.name} className="relative flex flex-col rounded-2xl border border-border bg-card p-6 shadow-sm">
              <Quote aria-hidden className="absolute end-5 top-5 size-8 text-primary/15" />
              <Stars value={item.rating} />
              <blockquote className="mt-4 flex-1 text-pretty">« {item.content} »</blockquote>
              <div className="mt-5 flex items-center gap-3">
                {item.avatar ? (
                  <img src={item.avatar} alt="" className="size-11 rounded-full object-cover" />
                ) : (
                  <span aria-hidden className="flex size-11 items-center justify-center rounded-full bg-accent text-sm font-bold text-accent-foreground">
                    {initials(item.name)}
                  </span>
                )}
                <div>
                  <p className="font-bold">{item.name}</p>
                  <p className="text-sm text-muted-foreground">{[item.role, item.location].filter(Boolean).join(' · ')}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function PartnerGrid({ partners }: { partners: TLandingContent['partners'] }) {
  const { t } = useStorefrontT();
  return (
    <section aria-labelledby="home-partners" className={cn(section, 'space-y-10 py-16 sm:py-20')}>
      <SectionHeading id="home-partners" eyebrow={t('home.partnersEyebrow')} title={t('home.partnersTitle')} />
      {partners.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
          {partners.map((partner) => (
            <li key={partner.name}>
              <Link
                to={paths.partners}
                className="flex h-full flex-col items-center gap-2 rounded-2xl border border-border bg-card p-4 text-center shadow-xs transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:outline-2 focus-visible:outline-ring"
              >
                {partner.logo ? (
                  <img src={partner.logo} alt="" loading="lazy" className="size-14 rounded-xl object-contain" />
                ) : (
                  <span aria-hidden className="flex size-14 items-center justify-center rounded-xl bg-primary-soft text-lg font-bold text-primary-strong">
                    {initials(partner.name)}
                  </span>
                )}
                <span className="line-clamp-2 text-sm font-bold leading-tight">{partner.name}</span>
                <span className="text-xs text-muted-foreground">{[partner.category, partner.city].filter(Boolean).join(' · ')}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-center">
        <Button asChild variant="soft">
          <Link to={paths.partners}>
            {t('home.partnersCta')}
            <ArrowRight aria-hidden className="rtl:-scale-x-100" />
          </Link>
        </Button>
      </div>
    </section>
  );
}

export function FaqSection({ faq }: { faq: TLandingContent['faq'] }) {
  const { t } = useStorefrontT();
  if (faq.length === 0) return null;
  return (
    <section aria-labelledby="home-faq" className={cn(section, 'grid grid-cols-1 gap-10 py-16 sm:py-20 lg:grid-cols-[1fr_1.6fr]')}>
      <div className="space-y-5">
        <SectionHeading id="home-faq" eyebrow={t('home.faqEyebrow')} title={t('home.faqTitle')} align="start" />
        <Button asChild variant="outline" className="h-auto min-h-10 max-w-full py-2 whitespace-normal">
          <Link to={paths.help}>
            <MessageCircleQuestion aria-hidden />
            {t('home.faqMore')}
          </Link>
        </Button>
      </div>
      <div className="space-y-3">
        {faq.map((entry) => (
          <details
            key={entry.question}
            className="group rounded-2xl border border-border bg-card px-5 py-4 shadow-xs open:shadow-sm [&_summary::-webkit-details-marker]:hidden"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold">
              {entry.question}
              <span
                aria-hidden
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-lg leading-none text-primary-strong transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <p className="mt-3 text-sm text-muted-foreground text-pretty">{entry.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

/** docs/product/storefront.md §3: secure payment (SSL, PCI DSS), support (the desk's real hours, as the help centre says them), 14-day refund. */
export function TrustBadges() {
  const { t, locale } = useStorefrontT();
  const badges = [
    { key: 'payment', icon: ShieldCheck },
    { key: 'support', icon: Headphones },
    { key: 'refund', icon: RotateCcw },
  ] as const;
  return (
    <section aria-label={t('home.trust.label')} className={cn(section, 'pb-16 sm:pb-20')}>
      <ul className="grid gap-4 rounded-3xl border border-border bg-card p-5 shadow-sm sm:grid-cols-3 sm:p-6">
        {badges.map(({ key, icon: Icon }) => (
          <li key={key} className="flex items-center gap-4">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent">
              <Icon aria-hidden className="size-6" />
            </span>
            <div>
              <p className="font-bold">{t(`home.trust.${key}.title`)}</p>
              <p className="text-sm text-muted-foreground">{key === 'support' ? supportHoursText(locale) : t(`home.trust.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

