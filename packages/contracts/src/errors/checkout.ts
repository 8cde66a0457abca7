import type { TErrorSection } from './section.ts';

/** Buying a box: the order, its payment and the gateway (docs/product/storefront.md §7, §8). */
export const CHECKOUT_ERRORS = {
  TERMS: { status: 400, fr: 'Veuillez accepter les conditions générales', ar: 'يُرجى الموافقة على الشروط العامة' },
  CUSTOMERS_ONLY: { status: 403, fr: 'Seuls les clients peuvent acheter des coffrets', ar: 'شراء العلب متاح للعملاء فقط' },
  BOX_UNAVAILABLE: { status: 409, fr: 'Coffret non disponible', ar: 'العلبة غير متوفرة' },
  PAYMENT_ERROR: { status: 502, fr: 'Erreur de paiement', ar: 'خطأ في الدفع' },
  PAYMENT_NETWORK: { status: 502, fr: 'Erreur réseau', ar: 'خطأ في الشبكة' },
  PAYMENT_UI_ERROR: { status: 500, fr: 'Erreur lors du paiement. Veuillez réessayer.', ar: 'حدث خطأ أثناء الدفع. يُرجى المحاولة مرة أخرى.' },
  SYSTEM_ERROR: { status: 500, fr: "Erreur système lors de l'achat", ar: 'خطأ في النظام أثناء الشراء' },
  AMOUNT_OUT_OF_RANGE: { status: 400, fr: 'Montant hors des limites autorisées ({limits})', ar: 'المبلغ خارج الحدود المسموح بها ({limits})' },
  DELIVERY_DATE: { status: 400, fr: 'Date de livraison invalide', ar: 'تاريخ الإرسال غير صالح' },
  METHOD_UNAVAILABLE: { status: 400, fr: 'Moyen de paiement non disponible', ar: 'وسيلة الدفع غير متاحة' },
  PAYMENT_METHOD_REQUIRED: { status: 400, fr: 'Veuillez choisir un moyen de paiement', ar: 'يُرجى اختيار وسيلة دفع' },
  CARD_INCOMPLETE: { status: 400, fr: 'Veuillez remplir toutes les informations de carte', ar: 'يُرجى ملء جميع معلومات البطاقة' },
  CARD_NUMBER: { status: 400, fr: 'Numéro de carte invalide', ar: 'رقم البطاقة غير صالح' },
  CARD_EXPIRY: { status: 400, fr: 'Date d’expiration invalide (MM/AA)', ar: 'تاريخ انتهاء الصلاحية غير صالح (MM/AA)' },
  CARD_CVV: { status: 400, fr: 'Code CVV invalide', ar: 'رمز CVV غير صالح' },
  ORDER_NOT_FOUND: { status: 404, fr: 'Commande introuvable', ar: 'الطلب غير موجود' },
  INVOICE_UNAVAILABLE: { status: 409, fr: 'La facture est disponible une fois le paiement confirmé', ar: 'تتوفر الفاتورة بعد تأكيد الدفع' },
  PAYMENT_PROVIDER_UNKNOWN: { status: 404, fr: 'Fournisseur de paiement inconnu', ar: 'مزوّد دفع غير معروف' },
  INVALID_SIGNATURE: { status: 403, fr: 'Signature invalide', ar: 'توقيع غير صالح' },
  PAYMENT_EVENT_UNREADABLE: { status: 400, fr: 'Événement de paiement illisible', ar: 'حدث دفع غير مقروء' },
  PAYMENT_MISMATCH: { status: 409, fr: 'Montant ou devise du paiement différents de la commande', ar: 'مبلغ الدفع أو عملته يختلفان عن الطلب' },
  INTERNATIONAL_CARDS_UNAVAILABLE: {
    status: 400,
    fr: 'Les cartes internationales (Visa, Mastercard) ne sont pas acceptées pour le moment : payez par CIB ou EDAHABIA',
    ar: 'البطاقات الدولية (Visa وMastercard) غير مقبولة حاليا: ادفع بـ CIB أو EDAHABIA',
  },
  RATE_UNAVAILABLE: {
    status: 409,
    fr: "Le taux de change en {currency} n'est pas à jour : choisissez l'autre devise ou payez par CIB ou EDAHABIA",
    ar: 'سعر الصرف بـ {currency} غير محدّث: اختر العملة الأخرى أو ادفع بـ CIB أو EDAHABIA',
  },
  CHARGE_CHANGED: {
    status: 409,
    fr: 'Le montant en {currency} a changé avec le taux du jour : vérifiez le nouveau montant avant de payer',
    ar: 'تغيّر المبلغ بـ {currency} مع سعر اليوم: تحقّق من المبلغ الجديد قبل الدفع',
  },
  // Issue 34: the basket (docs/product/basket.md).
  BASKET_FULL: { status: 400, fr: 'Votre panier est plein : {max} coffrets au plus', ar: 'سلّتك ممتلئة: {max} علبة كحد أقصى' },
  BASKET_EMPTY: { status: 400, fr: 'Votre panier est vide', ar: 'سلّتك فارغة' },
  BASKET_LINE_NOT_FOUND: { status: 404, fr: 'Ce coffret n’est plus dans votre panier', ar: 'هذه العلبة لم تعد في سلّتك' },
  BASKET_LINE_INCOMPLETE: {
    status: 400,
    fr: 'Cadeau {line} : renseignez le nom et l’e-mail du destinataire',
    ar: 'الهدية {line}: أدخل اسم المستلم وبريده الإلكتروني',
  },
  BASKET_BOX_UNAVAILABLE: {
    status: 409,
    fr: '« {box} » n’est plus disponible : retirez-le du panier pour payer le reste',
    ar: '«{box}» لم تعد متوفرة: احذفها من السلّة لدفع الباقي',
  },
  BASKET_TOTAL_CHANGED: {
    status: 409,
    fr: 'Le prix d’un coffret a changé : vérifiez le nouveau total ({total}) avant de payer',
    ar: 'تغيّر سعر إحدى العلب: تحقّق من المجموع الجديد ({total}) قبل الدفع',
  },
  CHECKOUT_NOT_FOUND: { status: 404, fr: 'Paiement introuvable', ar: 'الدفع غير موجود' },
} as const satisfies TErrorSection;
