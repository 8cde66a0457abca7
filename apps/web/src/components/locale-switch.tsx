import { useTranslation } from '@/lib/i18n-react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';

/**
 * The letter ع as Cairo Bold draws it (glyph outline, font units, y upwards): the switch shows it without
 * downloading an Arabic font for a French page (issue 15: 15 KB on every first visit).
 */
const AIN_PATH =
  'M309 -323Q228 -323 167.5 -297.0Q107 -271 73.5 -221.5Q40 -172 40 -104Q40 -35 73.5 14.0Q107 63 167.5 89.5Q228 116 310 116H504V0H310Q239 0 206.5 -26.0Q174 -52 174 -104Q174 -156 206.5 -182.0Q239 -208 309 -208Q334 -208 369.0 -205.0Q404 -202 454 -196L473 -303Q428 -312 387.5 -317.5Q347 -323 309 -323ZM192 16Q141 64 115.5 118.0Q90 172 90 233Q90 292 112.0 341.5Q134 391 172.0 427.0Q210 463 260.5 482.5Q311 502 367 502Q397 502 430.0 496.0Q463 490 493 480L454 371Q432 378 411.5 382.0Q391 386 372 386Q327 386 293.5 366.5Q260 347 241.5 313.0Q223 279 223 235Q223 195 239.5 160.0Q256 125 287 97Z';

/** FR / ع: shows the language it switches to. */
export function LocaleSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { setLocale } = useAuth();
  const isArabic = i18n.resolvedLanguage === 'ar';
  const label = isArabic ? t('locale.toFrench') : t('locale.toArabic');
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setLocale(isArabic ? 'fr' : 'ar')}
      aria-label={label}
      title={label}
      data-testid="locale-switch"
      data-locale={isArabic ? 'ar' : 'fr'}
      className={cn('text-base font-bold', className)}
    >
      {isArabic ? (
        <span lang="fr" className="text-sm">
          FR
        </span>
      ) : (
        <svg viewBox="40 -502 464 825" aria-hidden className="fill-current">
          <path transform="scale(1 -1)" d={AIN_PATH} />
        </svg>
      )}
    </Button>
  );
}
