import { HOME_FEATURED_BOXES } from '@farha/contracts/plain/catalog';
import { useSearchParams } from 'react-router';
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
        hero: { ...draft.hero, stats: draft.hero.stats.length > 0 ? draft.hero.stats : live.hero.stats },
        partners: draft.partners.length > 0 ? draft.partners : live.partners,
        source: 'published' as const,
        updatedAt: null,
      }
    : live;
  // The four boxes it shows, not the whole catalogue (a phone's first visit: the page's data comes with it).
  const boxes = useBoxes({ limit: HOME_FEATURED_BOXES });
  return (
    <div className="bg-background">
      <HeroCarousel hero={landing.hero} />
      <StatsCards stats={landing.hero.stats} />
      {/* Below the first screen: laid out and painted only when scrolled near (a phone's first paint comes sooner). */}
      <div className="[contain-intrinsic-height:auto_48rem] [content-visibility:auto]">
        <StepsSection />
      </div>
      <div className="[contain-intrinsic-height:auto_48rem] [content-visibility:auto]">
        <BenefitsSection benefits={landing.benefits} stats={landing.hero.stats} />
      </div>
      <div className="[contain-intrinsic-height:auto_60rem] [content-visibility:auto]">
        <FeaturedBoxes boxes={boxes.data?.boxes ?? []} loading={boxes.isPending} error={boxes.isError} />
      </div>
      <div className="[contain-intrinsic-height:auto_40rem] [content-visibility:auto]">
        <TestimonialsSection testimonials={landing.testimonials} />
        <PartnerGrid partners={landing.partners} />
        <FaqSection faq={landing.faq} />
        <NewsletterBlock newsletter={landing.newsletter} />
        <TrustBadges />
      </div>
    </div>
  );
}
