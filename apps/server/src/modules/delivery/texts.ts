import { formatDzd } from '@farha/contracts/money';
import type { TShipmentStatus } from '@farha/contracts/delivery';

type Locale = 'fr' | 'ar';

/**
 * Issue 38 (docs/product/delivery.md §3, §4): the texts to the delivery mobile, in French or Arabic. French keeps to
 * the GSM-7 alphabet (no ç, no circumflex, plain spaces in amounts) so that a text is one 160-character part;
 * Arabic is UCS-2. Each fits in SMS_MAX_SEGMENTS parts (apps/server/test/unit/delivery-texts.test.ts).
 */

/** Amounts with a plain space (a no-break space is not GSM-7). */
const dinars = (amount: number, locale: Locale) => formatDzd(amount, locale).replace(/\u00a0/g, ' ');

export function codCodeSms(input: { locale: Locale; code: string; minutes: number; amount: number }): string {
  if (input.locale === 'ar') return `فرحة: رمز تأكيد طلبك ${input.code} (صالح ${input.minutes} دقيقة). المبلغ عند الاستلام: ${dinars(input.amount, 'ar')}. لا تشارك هذا الرمز.`;
  return `Farha : votre code de confirmation est ${input.code} (valable ${input.minutes} min). A payer a la livraison : ${dinars(input.amount, 'fr')}. Ne le partagez pas.`;
}

/** The statuses a text is sent for (in_transit is not worth a text). */
export const TEXTED_STATUSES = ['printed', 'handed_over', 'out_for_delivery', 'delivered', 'returned'] as const satisfies readonly TShipmentStatus[];
export type TextedStatus = (typeof TEXTED_STATUSES)[number];

export function isTextedStatus(status: TShipmentStatus): status is TextedStatus {
  return (TEXTED_STATUSES as readonly TShipmentStatus[]).includes(status);
}

export function parcelSms(input: { locale: Locale; status: TextedStatus; tracking: string | null; codAmount: number; stopDesk: string | null }): string {
  const ar = input.locale === 'ar';
  switch (input.status) {
    case 'printed':
      return ar ? 'فرحة: تم تحضير علبتك، وستُسلَّم قريبًا لشركة التوصيل.' : 'Farha : votre coffret est prepare, il sera remis au transporteur tres bientot.';
    case 'handed_over':
      return ar
        ? `فرحة: سُلّمت علبتك لشركة التوصيل. رقم التتبع: ${input.tracking ?? ''}`
        : `Farha : votre coffret est confie au transporteur. Numero de suivi : ${input.tracking ?? ''}`;
    case 'out_for_delivery': {
      const where = input.stopDesk ? (ar ? ` في ${input.stopDesk}` : ` au bureau ${input.stopDesk}`) : '';
      if (input.codAmount > 0) {
        return ar
          ? `فرحة: علبتك في طريقها إليك اليوم${where}. جهّز ${dinars(input.codAmount, 'ar')} نقدًا.`
          : `Farha : votre coffret arrive aujourd'hui${where}. Preparez ${dinars(input.codAmount, 'fr')} en especes.`;
      }
      return ar ? `فرحة: علبتك في طريقها إليك اليوم${where}. أبقِ هاتفك قريبًا.` : `Farha : votre coffret arrive aujourd'hui${where}. Gardez votre telephone a portee.`;
    }
    case 'delivered':
      return ar ? 'فرحة: تم تسليم علبتك. القسيمة التي بداخلها صالحة للاستعمال الآن. تجربة سعيدة!' : 'Farha : votre coffret a ete livre. Le bon qu\'il contient est utilisable des maintenant. Belle experience !';
    case 'returned':
      return ar
        ? 'فرحة: تعذّر تسليم علبتك وهي في طريق العودة إلينا. أُلغيت القسيمة التي بداخلها.'
        : 'Farha : votre coffret n\'a pas pu etre livre et nous est retourne. Le bon qu\'il contient est annule.';
  }
}
