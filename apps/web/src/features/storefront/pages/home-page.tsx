import { STOREFRONT_CATEGORIES, type TProductLine } from '@farha/contracts/catalog';
import { Flower2, MoonStar, PartyPopper, Plane, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { GiftIllustration } from '@/components/brand/gift-illustration';
import { ZelligePattern } from '@/components/brand/zellige-pattern';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

const LINE_ICONS: Partial<Record<TProductLine, LucideIcon>> = {
  nassim: Flower2,
  itri: UtensilsCrossed,
  rahla: Plane,
  layali: MoonStar,
  bahja: PartyPopper,
};

export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('app.tagline'));

  return (
    <>
      {/* Fixed colours: the hero stays a deep terracotta band in light and dark themes. */}
      <section className="relative isolate overflow-hidden bg-gradient-to-br from-[#b5451b] via-[#9a3a17] to-[#5e230d] text-white">
        <ZelligePattern className="absolute inset-0 -z-10 text-white/10" />
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-[1.25fr_1fr] md:py-24 lg:px-8">
          <div className="space-y-6">
            <p className="text-sm font-bold uppercase tracking-wider text-[#f7c873]">{t('home.eyebrow')}</p>
            <h1 className="text-4xl font-extrabold leading-tight tracking-tight text-balance sm:text-5xl">
              {t('home.title')}
            </h1>
            <p className="max-w-xl text-lg text-white/90 text-pretty">{t('home.text')}</p>
            <div className="flex flex-wrap gap-3">
              <Button asChild variant="secondary" size="lg">
                <Link to={paths.catalog}>{t('home.browse')}</Link>
              </Button>
              <Button
                asChild
                variant="outline"
                size="lg"
                className="border-white/70 bg-transparent text-white hover:bg-white/10"
              >
                <Link to={paths.howItWorks}>{t('nav.howItWorks')}</Link>
              </Button>
            </div>
          </div>
          <GiftIllustration className="mx-auto max-w-sm md:max-w-md" />
        </div>
      </section>

      <section aria-labelledby="product-lines" className="mx-auto max-w-7xl space-y-8 px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="product-lines" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('home.linesTitle')}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-5">
          {STOREFRONT_CATEGORIES.map((line) => {
            const Icon = LINE_ICONS[line] ?? Flower2;
            return (
              <li
                key={line}
                className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card p-5 text-center shadow-sm"
              >
                <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
                  <Icon aria-hidden className="size-6" />
                </span>
                <span className="font-semibold">{t(`productLines.${line}`)}</span>
              </li>
            );
          })}
        </ul>
        <Alert>{t('home.comingSoon')}</Alert>
      </section>
    </>
  );
}
