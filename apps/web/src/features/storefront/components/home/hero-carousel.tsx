import type { TLandingContent } from '@farha/contracts/landing';
import { ArrowRight, ChevronLeft, ChevronRight, PlayCircle } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ZelligePattern } from '@/components/brand/zellige-pattern';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { PICTURE_SIZES, pictureSrcSet } from '@farha/contracts/plain/pictures';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import { useStorefrontT } from '../../i18n';

/** An image path or URL is shown as a picture; anything else is used as a CSS background (a gradient). */
function isImage(background: string): boolean {
  return /^(\/|https?:\/\/)/.test(background) || /\.(svg|png|jpe?g|webp|avif)(\?.*)?$/i.test(background);
}
const SAFE_GRADIENT = /^(linear|radial|conic)-gradient\([#(),.%\sa-z0-9-]+\)$/i;

/**
 * docs/product/storefront.md §3: three slides with arrows and dots, advancing on their own every `autoRotateInterval` ms
 * (wrapping). The rotation pauses while the pointer or the keyboard focus is in the carousel, and does
 * not start for a visitor who asked the system for reduced motion (the arrows and dots still work).
 */
export function HeroCarousel({ hero }: { hero: TLandingContent['hero'] }) {
  const { t } = useStorefrontT();
  const slides = hero.slides;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useReducedMotion();
  const count = slides.length;
  const current = Math.min(index, count - 1);

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (paused || reducedMotion || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), hero.autoRotateInterval);
    return () => window.clearInterval(timer);
  }, [paused, reducedMotion, count, hero.autoRotateInterval]);

  const showDemo = () => window.scrollBy({ top: window.innerHeight, behavior: 'smooth' });

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.carouselLabel')}
      className="relative isolate overflow-hidden bg-[#5e230d] text-white"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div className="relative min-h-[34rem] sm:min-h-[36rem] lg:min-h-[40rem]">
        {slides.map((slide, i) => {
          const active = i === current;
          const background = slide.background.trim();
          return (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.slideLabel', { index: i + 1, total: count })}
              aria-hidden={!active}
              inert={!active}
              data-active={active || undefined}
              className={cn(
                'absolute inset-0 transition-opacity duration-700 ease-out motion-reduce:transition-none',
                active ? 'z-10 opacity-100' : 'z-0 opacity-0',
              )}
            >
              {isImage(background) ? (
                <img
                  src={background}
                  // A catalogue picture comes in three widths.
                  srcSet={pictureSrcSet(background, 'landing')}
                  sizes={PICTURE_SIZES.landing}
                  alt=""
                  className="absolute inset-0 -z-10 size-full object-cover"
                  loading={i === 0 ? 'eager' : 'lazy'}
                />
              ) : (
                <div
                  className="absolute inset-0 -z-10"
                  style={{ background: SAFE_GRADIENT.test(background) ? background : undefined }}
                />
              )}
              {/* Fixed dark veil: white text keeps AA contrast on any picture. */}
              <div className="absolute inset-0 -z-10 bg-gradient-to-r from-[#2b1209]/90 via-[#4a1c0b]/70 to-[#4a1c0b]/20 rtl:bg-gradient-to-l" />
              <ZelligePattern className="absolute inset-0 -z-10 text-white/[0.06]" />
              <div className="mx-auto flex h-full max-w-7xl flex-col justify-center px-4 pb-36 pt-14 sm:px-6 sm:pb-32 lg:px-8">
                <div className={cn('max-w-2xl space-y-5', active && 'animate-pop-in')}>
                  <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-xs font-bold uppercase tracking-wider text-[#f7c873] backdrop-blur">
                    {t('home.eyebrow')}
                  </p>
                  <h1 className="text-4xl font-extrabold leading-[1.1] tracking-tight text-balance drop-shadow-sm sm:text-5xl lg:text-6xl">
                    {slide.title}
                  </h1>
                  {slide.subtitle && <p className="max-w-xl text-lg text-white/90 text-pretty sm:text-xl">{slide.subtitle}</p>}
                  <div className="flex flex-wrap gap-3 pt-2">
                    <Button asChild size="lg" variant="secondary" className="shadow-lg">
                      <Link to={paths.catalog}>
                        {slide.cta}
                        <ArrowRight aria-hidden className="rtl:-scale-x-100" />
                      </Link>
                    </Button>
                    <Button
                      size="lg"
                      variant="outline"
                      onClick={showDemo}
                      className="border-white/60 bg-white/10 text-white backdrop-blur hover:bg-white/20"
                    >
                      <PlayCircle aria-hidden />
                      {t('home.demo')}
                    </Button>
                  </div>
                </div>
              </div>
            </div>
          );
        })}

        {count > 1 && (
          <div className="absolute inset-x-0 bottom-24 z-20 sm:bottom-20">
            <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
              <Button
                size="icon"
                variant="ghost"
                onClick={() => go(current - 1)}
                aria-label={t('home.prevSlide')}
                className="rounded-full border border-white/40 bg-black/20 text-white hover:bg-white/20"
              >
                <ChevronLeft aria-hidden className="size-5 rtl:-scale-x-100" />
              </Button>
              <div className="flex items-center gap-2">
                {slides.map((_, i) => (
                  <button
                    key={i}
                    type="button"
                    onClick={() => go(i)}
                    aria-label={t('home.goToSlide', { index: i + 1 })}
                    aria-current={i === current || undefined}
                    className="group flex h-6 min-w-6 items-center justify-center"
                  >
                    <span
                      className={cn(
                        'block h-2 rounded-full transition-all',
                        i === current ? 'w-8 bg-[#f7c873]' : 'w-2 bg-white/60 group-hover:bg-white',
                      )}
                    />
                  </button>
                ))}
              </div>
              <Button
                size="icon"
                variant="ghost"
                onClick={() => go(current + 1)}
                aria-label={t('home.nextSlide')}
                className="rounded-full border border-white/40 bg-black/20 text-white hover:bg-white/20"
              >
                <ChevronRight aria-hidden className="size-5 rtl:-scale-x-100" />
              </Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
