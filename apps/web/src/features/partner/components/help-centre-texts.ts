import { PARTNER_TICKET_CATEGORIES } from '@farha/contracts/partner';
import { useMemo } from 'react';
import type { HelpCentreTexts } from '@/components/help-centre/texts';
import { partnerMessage, usePartnerTranslation, type PartnerT } from '../i18n';

export function ticketCategoryLabel(t: PartnerT, category: string): string {
  return (PARTNER_TICKET_CATEGORIES as readonly string[]).includes(category)
    ? t(`ticketCategory.${category as (typeof PARTNER_TICKET_CATEGORIES)[number]}`)
    : category;
}

/** The partner help centre's words for the shared help-centre parts (bundle `partner`, `support.*`). */
export function usePartnerHelpTexts(): HelpCentreTexts {
  const { t, locale } = usePartnerTranslation();
  return useMemo(
    () => ({
      t: (key, options) => t(`support.${key}`, options),
      locale,
      ticketStatus: (status) => t(`ticketStatus.${status}`),
      ticketPriority: (priority) => t(`ticketPriority.${priority}`),
      category: (category) => ticketCategoryLabel(t, category),
      message: partnerMessage,
    }),
    [t, locale],
  );
}
