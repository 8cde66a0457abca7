import type { TErrorSection } from './section.ts';

/** Physical boxes delivered by a courier, cash on delivery (issue 38, docs/product/delivery.md). */
export const DELIVERY_ERRORS = {
  VOUCHER_AWAITING_DELIVERY: {
    status: 409,
    fr: "Ce bon n'est pas encore utilisable : le coffret n'a pas encore été livré.",
    ar: 'هذه القسيمة غير قابلة للاستعمال بعد: لم يتم تسليم العلبة بعد.',
  },
  DELIVERY_DISABLED: { status: 409, fr: 'La livraison de coffrets physiques est momentanément indisponible', ar: 'توصيل العلب المادية غير متاح مؤقتًا' },
  DELIVERY_NOT_AVAILABLE: {
    status: 400,
    fr: 'La livraison physique concerne un seul coffret payé seul (pas un panier, une carte cadeau ni une cagnotte)',
    ar: 'التوصيل المادي يخص علبة واحدة تُدفع وحدها (لا سلة ولا بطاقة هدية ولا صندوق جماعي)',
  },
  DELIVERY_METHOD: { status: 400, fr: 'Choisissez la livraison à domicile ou au bureau du transporteur', ar: 'اختر التوصيل إلى المنزل أو إلى مكتب شركة التوصيل' },
  DELIVERY_WILAYA: { status: 400, fr: 'Choisissez une wilaya', ar: 'اختر ولاية' },
  DELIVERY_COMMUNE: { status: 400, fr: 'Choisissez une commune de la liste du transporteur', ar: 'اختر بلدية من قائمة شركة التوصيل' },
  DELIVERY_STOP_DESK: { status: 400, fr: 'Choisissez un bureau du transporteur dans cette wilaya', ar: 'اختر مكتبًا لشركة التوصيل في هذه الولاية' },
  DELIVERY_ADDRESS_REQUIRED: { status: 400, fr: 'Indiquez l’adresse de livraison', ar: 'أدخل عنوان التوصيل' },
  DELIVERY_PHONE: {
    status: 400,
    fr: 'Indiquez un numéro de mobile algérien (05, 06 ou 07) : le livreur vous appellera',
    ar: 'أدخل رقم هاتف نقال جزائري (05 أو 06 أو 07): سيتصل بك عامل التوصيل',
  },
  COD_DISABLED: { status: 409, fr: 'Le paiement à la livraison est momentanément indisponible', ar: 'الدفع عند الاستلام غير متاح مؤقتًا' },
  COD_NEEDS_DELIVERY: {
    status: 400,
    fr: 'Le paiement à la livraison est réservé aux coffrets physiques livrés',
    ar: 'الدفع عند الاستلام مخصص للعلب المادية المُوصَّلة',
  },
  COD_GIFT_CARD: {
    status: 400,
    fr: 'Une carte cadeau se règle en ligne : choisissez un paiement par carte',
    ar: 'تُستعمل بطاقة الهدية في الدفع عبر الإنترنت: اختر الدفع بالبطاقة',
  },
  COD_CEILING: {
    status: 400,
    fr: 'Le paiement à la livraison est possible jusqu’à {max} : payez en ligne',
    ar: 'الدفع عند الاستلام ممكن حتى {max}: ادفع عبر الإنترنت',
  },
  COD_CODE_FORMAT: { status: 400, fr: 'Le code compte 6 chiffres', ar: 'يتكون الرمز من 6 أرقام' },
  COD_CODE_WRONG: { status: 400, fr: 'Code incorrect. Il vous reste {left} essais.', ar: 'رمز غير صحيح. تبقّت لك {left} محاولات.' },
  COD_CODE_EXPIRED: { status: 409, fr: 'Ce code a expiré : demandez-en un nouveau', ar: 'انتهت صلاحية هذا الرمز: اطلب رمزًا جديدًا' },
  COD_TOO_MANY_TRIES: {
    status: 409,
    fr: 'Trop d’essais : la commande n’est pas confirmée. Passez une nouvelle commande.',
    ar: 'محاولات كثيرة: لم يتم تأكيد الطلب. قدّم طلبًا جديدًا.',
  },
  COD_RESEND_TOO_SOON: { status: 429, fr: 'Attendez une minute avant de redemander un code', ar: 'انتظر دقيقة قبل طلب رمز جديد' },
  COD_RESEND_LIMIT: { status: 409, fr: 'Le code a déjà été renvoyé 3 fois', ar: 'أُعيد إرسال الرمز 3 مرات من قبل' },
  ORDER_NOT_AWAITING_CONFIRMATION: { status: 409, fr: 'Cette commande n’attend pas de code de confirmation', ar: 'هذا الطلب لا ينتظر رمز تأكيد' },
  SHIPMENT_NOT_FOUND: { status: 404, fr: 'Envoi introuvable', ar: 'الشحنة غير موجودة' },
  SHIPMENT_STATUS_MOVE: {
    status: 409,
    fr: 'Cet envoi ne peut pas passer à ce statut depuis son statut actuel',
    ar: 'لا يمكن نقل هذه الشحنة إلى هذه الحالة من حالتها الحالية',
  },
  PACKAGING_OUT_OF_STOCK: {
    status: 409,
    fr: 'Plus d’emballage en stock pour ce coffret : mettez le stock à jour',
    ar: 'لم يعد هناك تغليف في المخزون لهذه العلبة: حدّث المخزون',
  },
  COURIER_UNAVAILABLE: {
    status: 503,
    fr: 'Le transporteur ne répond pas : réessayez dans quelques minutes',
    ar: 'شركة التوصيل لا تستجيب: أعد المحاولة بعد بضع دقائق',
  },
  COURIER_LABEL_MISSING: { status: 404, fr: 'L’étiquette de ce colis n’est pas encore disponible', ar: 'ملصق هذا الطرد غير متوفر بعد' },
  REMITTANCE_NOT_FOUND: { status: 404, fr: 'Versement introuvable', ar: 'الدفعة غير موجودة' },
  REMITTANCE_FILE: {
    status: 400,
    fr: 'Fichier de relevé illisible : une ligne d’en-tête puis « suivi;montant » par ligne (ligne {line})',
    ar: 'ملف الكشف غير مقروء: سطر عناوين ثم « رقم التتبع;المبلغ » في كل سطر (السطر {line})',
  },
  REMITTANCE_FILE_TOO_BIG: {
    status: 413,
    fr: 'Le relevé dépasse {max} lignes ou 1 Mo',
    ar: 'الكشف يتجاوز {max} سطر أو 1 ميغابايت',
  },
  REMITTANCE_FILE_TYPE: {
    status: 400,
    fr: 'Choisissez le relevé du transporteur : un fichier CSV (suivi;montant)',
    ar: 'اختر كشف شركة التوصيل: ملف CSV (رقم التتبع;المبلغ)',
  },
  REMITTANCE_DATE: { status: 400, fr: 'Date du relevé invalide (AAAA-MM-JJ)', ar: 'تاريخ الكشف غير صالح (سنة-شهر-يوم)' },
  REMITTANCE_FILE_BUSY: { status: 503, fr: 'Trop de relevés en cours de lecture : réessayez dans une minute', ar: 'عدد كبير من الكشوف قيد القراءة: أعد المحاولة بعد دقيقة' },
  REMITTANCE_FETCH_UNSUPPORTED: {
    status: 409,
    fr: 'Ce transporteur ne fournit pas son relevé : importez le fichier qu’il vous a envoyé',
    ar: 'شركة التوصيل هذه لا توفّر كشفها: استورد الملف الذي أرسلته إليك',
  },
  REMITTANCE_DUPLICATE: { status: 409, fr: 'Ce relevé a déjà été importé', ar: 'تم استيراد هذا الكشف من قبل' },
  REMITTANCE_CONFIRMED: { status: 409, fr: 'Ce rapprochement est déjà validé', ar: 'تم اعتماد هذه المطابقة من قبل' },
  REMITTANCE_NOTHING_TO_FETCH: {
    status: 409,
    fr: 'Le transporteur n’a aucun encaissement à reverser pour l’instant',
    ar: 'ليس لدى شركة التوصيل أي مبالغ محصّلة لتحويلها حاليًا',
  },
  COURIER_WEBHOOK_SIGNATURE: { status: 401, fr: 'Signature du transporteur invalide', ar: 'توقيع شركة التوصيل غير صالح' },
} as const satisfies TErrorSection;
