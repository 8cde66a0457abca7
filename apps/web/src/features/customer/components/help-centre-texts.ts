import { helpCentreTexts, type HelpCentreTexts } from '@/components/help-centre/texts';
import { customerMessage, useCustomerT, type CustomerKey } from '../i18n';

/** The customer help centre's words for the shared help-centre parts (bundle `customer`, `support.*`). */
export function useCustomerHelpTexts(): HelpCentreTexts {
  const { t, locale } = useCustomerT();
  const category = (value: string) => {
    const key = `ticketCategory.${value}` as CustomerKey;
    const label = t(key);
    return label === key ? value : label;
  };
  return helpCentreTexts(t, { locale, category, message: customerMessage });
}
