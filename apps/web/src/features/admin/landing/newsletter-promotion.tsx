import type { TLandingConfig } from '@farha/contracts/landing';
import { formatDate } from '@farha/contracts/money';
import { fillNewsletterTokens, formatPromotionDiscount } from '@farha/contracts/plain/landing';
import type { TPromotion } from '@farha/contracts/promotions';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { usePublicPromotions } from '../promotions/api';
import { usePromotionsT } from '../promotions/i18n';

type Locale = 'fr' | 'ar';

/** The last day a promotion's code works: its end is the first instant refused (docs/product/promotions.md §1). */
const lastDay = (p: TPromotion, locale: Locale) => (p.endsAt ? formatDate(new Date(Date.parse(p.endsAt) - 1), locale) : null);

/** The promotion whose public code the newsletter names, among those the editor lists. */
export function promotionOfCode(promotions: readonly TPromotion[] | undefined, code: string): TPromotion | undefined {
  const folded = code.trim().toUpperCase();
  return promotions?.find((p) => p.publicCode === folded);
}

/**
 * The configuration as the homepage will show it (the preview frame): the newsletter's `{code}`, `{discount}`
 * and `{until}` filled from its promotion, in each language, as the server does (docs/product/storefront.md §3).
 */
export function withNewsletterFigures(config: TLandingConfig, promotion: TPromotion | undefined): TLandingConfig {
  const n = config.newsletter;
  const fill = (locale: Locale, text: string) =>
    fillNewsletterTokens(text, {
      code: promotion?.publicCode ?? n.promoCode,
      discount: promotion ? formatPromotionDiscount(promotion.kind, promotion.value, locale) : formatPromotionDiscount('percent', n.discount * 100, locale),
      until: promotion ? lastDay(promotion, locale) : null,
    });
  const both = (text: { fr: string; ar: string }) => ({ fr: fill('fr', text.fr), ar: text.ar ? fill('ar', text.ar) : '' });
  return { ...config, newsletter: { ...n, title: both(n.title), subtitle: both(n.subtitle) } };
}

/**
 * The newsletter's code, chosen among the promotions' public codes (issue 35: the server refuses any other);
 * its discount and last day come from the promotion, shown here and written into the texts by `{discount}`
 * and `{until}`.
 */
export function NewsletterPromotionFields({ newsletter, onChange }: { newsletter: TLandingConfig['newsletter']; onChange: (next: { promoCode: string; discount: number }) => void }) {
  const { t, locale } = usePromotionsT();
  const promotions = usePublicPromotions();
  const chosen = promotionOfCode(promotions.data, newsletter.promoCode);
  // A code saved earlier that no listed promotion has any more stays visible, so that the refusal makes sense.
  const orphan = newsletter.promoCode && promotions.data && !chosen ? newsletter.promoCode : null;
  const choose = (code: string) => {
    const p = promotionOfCode(promotions.data, code);
    onChange({ promoCode: code, discount: p?.kind === 'percent' ? Math.min(100, Math.round(p.value / 100)) : newsletter.discount });
  };
  return (
    <div className="space-y-2">
      <Field label={t('landing.code')} hint={t('landing.codeHint')}>
        {(control) => (
          <NativeSelect {...control} value={newsletter.promoCode} onChange={(e) => choose(e.target.value)} disabled={!promotions.data} data-testid="newsletter-promo-code">
            <option value="">{t('landing.noCode')}</option>
            {orphan && <option value={orphan}>{t('landing.unknownCode', { code: orphan })}</option>}
            {promotions.data?.map((p) => (
              <option key={p.id} value={p.publicCode!}>
                {`${p.publicCode} — ${p.name} (${t(`status.${p.status}`)})`}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {chosen && (
        <p className="text-sm text-muted-foreground" data-testid="newsletter-promo-figures">
          {t('landing.figures', {
            discount: formatPromotionDiscount(chosen.kind, chosen.value, locale),
            until: lastDay(chosen, locale) ?? t('list.noEnd'),
          })}
        </p>
      )}
      <p className="text-xs text-muted-foreground">{t('landing.tokensHint')}</p>
    </div>
  );
}
