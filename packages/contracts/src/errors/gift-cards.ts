import type { TErrorSection } from './section.ts';

/** Gift cards (issue 35, docs/product/gift-cards.md): buying one, reading its balance, spending it. */
export const GIFT_CARD_ERRORS = {
  GIFT_CARD_AMOUNT: {
    status: 400,
    fr: 'Le montant d’une carte cadeau est un nombre entier de dinars de {min} à {max}',
    ar: 'مبلغ بطاقة الهدية عدد صحيح من الدنانير من {min} إلى {max}',
  },
  GIFT_CARD_UNKNOWN: { status: 404, fr: 'Carte cadeau introuvable : vérifiez le code', ar: 'بطاقة الهدية غير موجودة: تحقّق من الرمز' },
  GIFT_CARD_EXPIRED: { status: 409, fr: 'Cette carte cadeau a expiré le {date}', ar: 'انتهت صلاحية بطاقة الهدية هذه في {date}' },
  GIFT_CARD_INSUFFICIENT: {
    status: 409,
    fr: 'Le solde de cette carte cadeau est insuffisant ({balance} disponibles)',
    ar: 'رصيد بطاقة الهدية هذه غير كافٍ ({balance} متاحة)',
  },
  GIFT_CARD_EMPTY: { status: 409, fr: 'Le solde de cette carte cadeau est épuisé', ar: 'نفد رصيد بطاقة الهدية هذه' },
  GIFT_CARD_CANCELLED: { status: 409, fr: 'Cette carte cadeau a été annulée', ar: 'أُلغيت بطاقة الهدية هذه' },
  GIFT_CARD_ALREADY_HELD: { status: 409, fr: 'Cette carte cadeau est déjà utilisée pour cette commande', ar: 'بطاقة الهدية هذه مستخدمة بالفعل لهذا الطلب' },
} as const satisfies TErrorSection;
