import { HOME_FEATURED_BOXES } from '@farha/contracts/plain/catalog';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { HydrateWhenSeen } from '@/components/hydrate-when-seen';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBoxes } from '../api/catalog';
import { useLanding, useLandingPreview } from '../api/landing';
import { HeroCarousel } from '../components/home/hero-carousel';
import {
  BenefitsSection,
  FaqSection,
  FeaturedBoxes,
  PartnerGrid,
  StatsCards,
  StepsSection,
  TestimonialsSection,
  TrustBadges,
} from '../components/home/home-sections';
import { NewsletterBlock } from '../components/home/newsletter-block';
import { useStorefrontT } from '../i18n';

/** The homepage (docs/product/storefront.md §3): its content comes from the landing configuration (defaults if it fails). */
export function HomePage() {
  const { t, locale } = useStorefrontT();
  useDocumentTitle(t('home.eyebrow'));
  const { landing: live } = useLanding(locale);
  const [params] = useSearchParams();
  // The landing editor's preview frame shows the draft being edited (the server still fills the
  // figures and the partner grid when the draft sets none).
  const draft = useLandingPreview(params.get('preview') === 'draft');
  const landing = draft
    ? {
        ...draft,
        hero: { ...draft.hero, stats: draft.hero.stats.length > 0 ? draft.hero.stats : (live?.hero.stats ?? []) },
        partners: draft.partners.length > 0 ? draft.partners : (live?.partners ?? []),
        source: 'published' as const,
        updatedAt: null,
      }
    : live;
  // The four boxes it shows, not the whole catalogue (a phone's first visit: the page's data comes with it).
  const boxes = useBoxes({ limit: HOME_FEATURED_BOXES });
  // Only when the browser draws the homepage itself, for the moment its content takes to come.
  if (!landing) return <div className="flex min-h-[70dvh] items-center justify-center" aria-busy="true"><Spinner /></div>;
  return (
    <div className="bg-background">
      <HeroCarousel hero={landing.hero} />
      <HydrateWhenSeen>
        <StatsCards stats={landing.hero.stats} />
      </HydrateWhenSeen>
      {/* Below the first screen: laid out and painted only when scrolled near (a phone's first paint comes sooner),
          and hydrated when seen (components/hydrate-when-seen.tsx). */}
      <div className="[contain-intrinsic-height:auto_48rem] [content-visibility:auto]">
        <HydrateWhenSeen>
          <StepsSection />
        </HydrateWhenSeen>
      </div>
      <div className="[contain-intrinsic-height:auto_48rem] [content-visibility:auto]">
        <HydrateWhenSeen>
          <BenefitsSection benefits={landing.benefits} stats={landing.hero.stats} />
        </HydrateWhenSeen>
      </div>
      <div className="[contain-intrinsic-height:auto_60rem] [content-visibility:auto]">
        <HydrateWhenSeen>
          <FeaturedBoxes boxes={boxes.data?.boxes ?? []} loading={boxes.isPending} error={boxes.isError} />
        </HydrateWhenSeen>
      </div>
      <div className="[contain-intrinsic-height:auto_40rem] [content-visibility:auto]">
        <HydrateWhenSeen>
          <TestimonialsSection testimonials={landing.testimonials} />
        </HydrateWhenSeen>
        <HydrateWhenSeen>
          <PartnerGrid partners={landing.partners} />
        </HydrateWhenSeen>
        <HydrateWhenSeen>
          <FaqSection faq={landing.faq} />
        </HydrateWhenSeen>
        <HydrateWhenSeen>
          <NewsletterBlock newsletter={landing.newsletter} />
        </HydrateWhenSeen>
        <HydrateWhenSeen>
          <TrustBadges />
        </HydrateWhenSeen>
      </div>
    </div>
  );
}
