import type { TErrorSection } from './section.ts';

/**
 * Promotions and promo codes (issue 35, docs/product/promotions.md): the buyer's refusals, in the order the
 * checks run (docs/product/promotions.md §4), then the back office's.
 */
export const PROMOTION_ERRORS = {
  // ---- A code typed at checkout (docs/product/promotions.md §4) ------------------------------------
  PROMO_UNKNOWN: { status: 404, fr: 'Code promo inconnu', ar: 'رمز الترويج غير معروف' },
  PROMO_PAUSED: { status: 409, fr: 'Ce code promo est suspendu pour le moment', ar: 'رمز الترويج هذا معلّق حاليًا' },
  PROMO_NOT_STARTED: { status: 409, fr: 'Ce code promo sera valable à partir du {start}', ar: 'سيكون رمز الترويج هذا صالحًا ابتداءً من {start}' },
  PROMO_EXPIRED: { status: 409, fr: 'Ce code promo a expiré', ar: 'انتهت صلاحية رمز الترويج هذا' },
  PROMO_EXHAUSTED: { status: 409, fr: 'Ce code promo a atteint sa limite d’utilisation', ar: 'بلغ رمز الترويج هذا حدّ استخدامه' },
  PROMO_ALREADY_USED: { status: 409, fr: 'Ce code promo a déjà été utilisé', ar: 'سبق استخدام رمز الترويج هذا' },
  PROMO_FIRST_PURCHASE: { status: 409, fr: 'Ce code est réservé à un premier achat', ar: 'هذا الرمز مخصص لأول عملية شراء' },
  PROMO_NOT_APPLICABLE: { status: 409, fr: 'Ce code ne s’applique pas à ce coffret', ar: 'لا ينطبق هذا الرمز على هذه العلبة' },
  PROMO_NOT_FOR_COMPANIES: { status: 409, fr: 'Ce code promo n’est pas ouvert aux commandes de votre entreprise', ar: 'رمز الترويج هذا غير مفتوح لطلبات مؤسستكم' },
  PROMO_MIN_AMOUNT: { status: 409, fr: 'Ce code promo demande un achat d’au moins {min}', ar: 'يتطلب رمز الترويج هذا شراءً بقيمة {min} على الأقل' },

  // ---- The back office (docs/product/promotions.md §8) ----------------------------------------------
  PROMOTION_NOT_FOUND: { status: 404, fr: 'Promotion introuvable', ar: 'العرض الترويجي غير موجود' },
  PROMOTION_NAME_REQUIRED: { status: 400, fr: 'Le nom de la promotion est obligatoire', ar: 'اسم العرض الترويجي إلزامي' },
  PROMOTION_PERCENT_RANGE: { status: 400, fr: 'Pourcentage : de 0,01 à 100 %', ar: 'النسبة المئوية: من 0,01 إلى 100 %' },
  PROMOTION_FIXED_POSITIVE: { status: 400, fr: 'Le montant de la réduction est un nombre entier de dinars supérieur à 0', ar: 'مبلغ التخفيض عدد صحيح من الدنانير أكبر من 0' },
  PROMOTION_AMOUNT_INTEGER: { status: 400, fr: 'Montant en dinars entiers, de 0 à 10 000 000', ar: 'مبلغ بالدنانير الصحيحة، من 0 إلى 10 000 000' },
  PROMOTION_LIMIT_POSITIVE: { status: 400, fr: 'Une limite est un nombre entier supérieur à 0', ar: 'الحدّ عدد صحيح أكبر من 0' },
  PROMOTION_DATE_INVALID: { status: 400, fr: 'Date invalide (AAAA-MM-JJTHH:MM, heure d’Alger)', ar: 'تاريخ غير صالح (AAAA-MM-JJTHH:MM، بتوقيت الجزائر)' },
  PROMOTION_END_BEFORE_START: { status: 400, fr: 'La fin doit être postérieure au début', ar: 'يجب أن تكون النهاية بعد البداية' },
  PROMOTION_SCOPE_EMPTY: { status: 400, fr: 'Choisissez au moins une gamme ou un coffret', ar: 'اختر فئة أو علبة واحدة على الأقل' },
  PROMOTION_BOX_NOT_FOUND: { status: 400, fr: 'Coffret introuvable dans le catalogue', ar: 'العلبة غير موجودة في الكتالوج' },
  PROMOTION_COMPANY_NOT_FOUND: { status: 400, fr: 'Entreprise introuvable parmi les comptes entreprise', ar: 'المؤسسة غير موجودة ضمن حسابات المؤسسات' },
  PROMOTION_COMPANIES_EMPTY: { status: 400, fr: 'Choisissez au moins une entreprise', ar: 'اختر مؤسسة واحدة على الأقل' },
  PROMOTION_PARTNER_SHARE: { status: 400, fr: 'Part des partenaires : de 0,01 à 100 % quand la réduction est partagée, 0 sinon', ar: 'حصة الشركاء: من 0,01 إلى 100 % عندما يكون التخفيض مشتركًا، و0 خلاف ذلك' },
  PROMOTION_STATUS_CHANGE: { status: 409, fr: 'Impossible de passer cette promotion de « {from} » à « {to} »', ar: 'لا يمكن نقل هذا العرض الترويجي من « {from} » إلى « {to} »' },
  PROMOTION_ENDED: { status: 409, fr: 'Cette promotion est terminée : elle ne peut plus être modifiée', ar: 'انتهى هذا العرض الترويجي: لم يعد من الممكن تعديله' },
  PROMOTION_LIMIT_BELOW_USED: { status: 409, fr: 'La limite ne peut pas être inférieure à ce qui est déjà utilisé ({used})', ar: 'لا يمكن أن يكون الحدّ أقل مما استُخدم بالفعل ({used})' },
  PROMO_CODE_FORMAT: { status: 400, fr: 'Code : de 3 à 32 lettres, chiffres ou tirets', ar: 'الرمز: من 3 إلى 32 حرفًا أو رقمًا أو شرطة' },
  PROMO_CODE_TAKEN: { status: 409, fr: 'Ce code promo existe déjà', ar: 'رمز الترويج هذا موجود بالفعل' },
  PROMO_CODE_PREFIX: { status: 400, fr: 'Préfixe : de 1 à 10 lettres ou chiffres', ar: 'البادئة: من 1 إلى 10 أحرف أو أرقام' },
  PROMO_CODES_COUNT: { status: 400, fr: 'Nombre de codes : de 1 à 100 000', ar: 'عدد الرموز: من 1 إلى 100 000' },
} as const satisfies TErrorSection;
