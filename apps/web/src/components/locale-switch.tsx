import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';

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
        <span lang="ar" className="-translate-y-[3px] font-['Cairo'] text-xl leading-none">
          ع
        </span>
      )}
    </Button>
  );
}
