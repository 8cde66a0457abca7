import { PARTNER_TICKET_CATEGORIES } from '@farha/contracts/partner';
import { helpCentreTexts, type HelpCentreTexts } from '@/components/help-centre/texts';
import { partnerMessage, usePartnerTranslation, type PartnerT } from '../i18n';

export function ticketCategoryLabel(t: PartnerT, category: string): string {
  return (PARTNER_TICKET_CATEGORIES as readonly string[]).includes(category)
    ? t(`ticketCategory.${category as (typeof PARTNER_TICKET_CATEGORIES)[number]}`)
    : category;
}

/** The partner help centre's words for the shared help-centre parts (bundle `partner`, `support.*`). */
export function usePartnerHelpTexts(): HelpCentreTexts {
  const { t, locale } = usePartnerTranslation();
  return helpCentreTexts(t, { locale, category: (value) => ticketCategoryLabel(t, value), message: partnerMessage });
}
