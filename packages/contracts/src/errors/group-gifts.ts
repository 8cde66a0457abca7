import type { TErrorSection } from './section.ts';

/** Group gifts (issue 37, docs/product/group-gifts.md): a pot many people fill to buy one box or one gift card. */
export const GROUP_GIFT_ERRORS = {
  GROUP_GIFT_NOT_FOUND: { status: 404, fr: 'Cagnotte introuvable', ar: 'الصندوق الجماعي غير موجود' },
  GROUP_GIFT_TARGET: {
    status: 400,
    fr: 'Choisissez un coffret ou le montant d’une carte cadeau',
    ar: 'اختر علبة أو مبلغ بطاقة هدية',
  },
  GROUP_GIFT_MAX_AMOUNT: {
    status: 400,
    fr: 'Une cagnotte ne peut pas dépasser {max}',
    ar: 'لا يمكن أن يتجاوز الصندوق الجماعي {max}',
  },
  GROUP_GIFT_CLOSING_DATE: {
    status: 400,
    fr: 'La date de clôture doit être entre aujourd’hui et la date de remise',
    ar: 'يجب أن يكون تاريخ الإغلاق بين اليوم وتاريخ التسليم',
  },
  GROUP_GIFT_SHARE_COUNT: {
    status: 400,
    fr: 'Le nombre de participants est un entier de 2 à {max}',
    ar: 'عدد المشاركين عدد صحيح من 2 إلى {max}',
  },
  GROUP_GIFT_OPEN_LIMIT: {
    status: 409,
    fr: 'Vous avez déjà {max} cagnottes ouvertes : attendez qu’une se termine',
    ar: 'لديك بالفعل {max} صناديق جماعية مفتوحة: انتظر انتهاء أحدها',
  },
  GROUP_GIFT_CLOSED: {
    status: 409,
    fr: 'Cette cagnotte n’accepte plus de participation',
    ar: 'لم يعد هذا الصندوق الجماعي يقبل المساهمات',
  },
  GROUP_GIFT_MIN_CONTRIBUTION: {
    status: 400,
    fr: 'Une participation est d’au moins {min}',
    ar: 'المساهمة لا تقل عن {min}',
  },
  GROUP_GIFT_MAX_CONTRIBUTION: {
    status: 400,
    fr: 'Il ne manque plus que {max} dans cette cagnotte',
    ar: 'لم يتبقَّ في هذا الصندوق الجماعي سوى {max}',
  },
  GROUP_GIFT_EMAIL_LIMIT: {
    status: 409,
    fr: 'Cette adresse e-mail a déjà participé {max} fois à cette cagnotte',
    ar: 'ساهم هذا البريد الإلكتروني بالفعل {max} مرات في هذا الصندوق الجماعي',
  },
  GROUP_GIFT_NOT_AWAITING_CHOICE: {
    status: 409,
    fr: 'Cette cagnotte n’attend pas votre choix',
    ar: 'هذا الصندوق الجماعي لا ينتظر اختيارك',
  },
  GROUP_GIFT_CHEAPER_BOX: {
    status: 409,
    fr: 'Choisissez un coffret disponible d’au plus {collected}',
    ar: 'اختر علبة متاحة لا يتجاوز سعرها {collected}',
  },
  GROUP_GIFT_NOT_CANCELLABLE: {
    status: 409,
    fr: 'Seule une cagnotte ouverte peut être annulée',
    ar: 'لا يمكن إلغاء إلا صندوق جماعي مفتوح',
  },
  GROUP_GIFT_REMIND_LIMIT: {
    status: 409,
    fr: 'Les participants ont déjà été relancés aujourd’hui',
    ar: 'تم تذكير المشاركين بالفعل اليوم',
  },
  GROUP_GIFT_NOTHING_TO_REMIND: {
    status: 409,
    fr: 'Personne n’a encore participé à cette cagnotte',
    ar: 'لم يساهم أحد بعد في هذا الصندوق الجماعي',
  },
  GROUP_GIFT_CARD_NOT_READY: {
    status: 409,
    fr: 'La carte de groupe est prête dès qu’une participation est payée',
    ar: 'تكون بطاقة المجموعة جاهزة بمجرد دفع مساهمة',
  },
} as const satisfies TErrorSection;
