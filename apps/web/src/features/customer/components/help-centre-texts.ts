import { useMemo } from 'react';
import type { HelpCentreTexts } from '@/components/help-centre/texts';
import { customerMessage, useCustomerT, type CustomerKey, type CustomerT } from '../i18n';

function categoryLabel(t: CustomerT, category: string): string {
  const key = `ticketCategory.${category}` as CustomerKey;
  const label = t(key);
  return label === key ? category : label;
}

/** The customer help centre's words for the shared help-centre parts (bundle `customer`, `support.*`). */
export function useCustomerHelpTexts(): HelpCentreTexts {
  const { t, locale } = useCustomerT();
  return useMemo(
    () => ({
      t: (key, options) => t(`support.${key}`, options),
      locale,
      ticketStatus: (status) => t(`ticketStatus.${status}`),
      ticketPriority: (priority) => t(`ticketPriority.${priority}`),
      category: (category) => categoryLabel(t, category),
      message: customerMessage,
    }),
    [t, locale],
  );
}
