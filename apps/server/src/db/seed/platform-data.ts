import { DEFAULT_SUPPORT_EMAIL } from '@farha/contracts/support';

/**
 * Rows seeded in every installation, demo or not: system settings (the defaults of docs/product/back-office.md §7) and the
 * customer and partner FAQ (docs/product/support.md §2).
 */

/** One row per section of the admin settings page; values are the defaults of docs/product/back-office.md §7. */
export const DEFAULT_SYSTEM_SETTINGS = {
  platform: {
    maintenance_mode: false,
    max_concurrent_users: 10_000,
    /** Milliseconds (60 min). */
    session_timeout: 3_600_000,
    rate_limit_per_minute: 100,
    support_email: DEFAULT_SUPPORT_EMAIL,
    /** No phone line nor partner hotline until the superadmin gives their numbers. */
    support_phone: '',
    partner_hotline: '',
  },
  payments: {
    chargily_enabled: true,
    international_cards_enabled: true,
    /** Integer DZD. */
    min_amount: 1_000,
    max_amount: 500_000,
    /** Default partner commission, basis points (1500 = 15 %). */
    commission_rate_bp: 1_500,
    /** Price of a voucher validity extension, integer DZD. */
    extension_price: 1_500,
    free_extension_days: 30,
  },
  notifications: {
    email_provider: 'smtp',
    sms_provider: 'none',
    webhook_endpoints: [] as string[],
    retry_attempts: 3,
  },
  security: {
    /** The minimum length of every password a person chooses (docs/product/accounts-and-roles.md §8). */
    password_min_length: 8,
    require_2fa: false,
    session_encryption: true,
    api_rate_limiting: true,
  },
  features: {
    voucher_auto_expiry: true,
    partner_self_registration: false,
    real_time_notifications: true,
    analytics_tracking: true,
    offline_mode: true,
    offline_max_snapshot_age_minutes: 1440,
    offline_max_queued_redemptions: 50,
    offline_max_queued_value: 300_000,
  },
};
/** Issue 24, demo only: 1 € = 150 DA and 1 $ = 135 DA (ten-thousandths of a dinar), stale 90 days after the seed. */
export const DEMO_EXCHANGE_RATES = [
  { currency: 'EUR', rateE4: 1_500_000 },
  { currency: 'USD', rateE4: 1_350_000 },
] as const;

/**
 * Issue 34, demo only: a plausible legal identity and bank account of Farha, so that the demo's pro-formas
 * and invoices can be issued (a real deployment's finance enters its own; until then none is issued).
 */
export const DEMO_SELLER_IDENTITY = {
  seller_legal_name: 'Farha SARL',
  seller_address: '12, rue Didouche Mourad, 16000 Alger-Centre, Alger',
  seller_nif: '001816099123456',
  seller_nis: '001816010012345',
  seller_rc: '16/00-1234567 B 18',
  seller_article: '16012345678',
  seller_bank: 'BNA — Banque nationale d’Algérie, agence Didouche Mourad',
  seller_rib: '001 00123 0300012345 67',
} as const;

export type SystemSettingKey = keyof typeof DEFAULT_SYSTEM_SETTINGS;

export type SeedFaq = {
  slug: string;
  audience: 'customer' | 'partner';
  category: string;
  question: string;
  answer: string;
  /** Shown to Arabic readers (the help centres fall back to French where missing). */
  questionAr: string;
  answerAr: string;
  /** Higher first. */
  priority: number;
};

export const SEED_FAQ: SeedFaq[] = [
  // Customers (docs/product/support.md §2: five entries).
  {
    slug: 'client-livraison',
    audience: 'customer',
    category: 'livraison',
    priority: 50,
    question: 'Comment mon coffret est-il livré ?',
    answer:
      "Votre e-coffret est envoyé par e-mail en moins de 2 minutes après la confirmation du paiement, avec son code, son QR code et un PDF à imprimer. Vous pouvez aussi choisir une date d'envoi (anniversaire, fête…) : le destinataire le recevra ce jour-là. Il est toujours disponible dans « Mes Coffrets ».",
    questionAr: 'كيف يتم توصيل علبتي؟',
    answerAr:
      'تُرسل علبتكم الإلكترونية بالبريد الإلكتروني في أقل من دقيقتين بعد تأكيد الدفع، مع رمزها ورمز QR وملف PDF للطباعة. يمكنكم أيضًا اختيار تاريخ الإرسال (عيد ميلاد، مناسبة…) فيستلمها المهدى إليه في ذلك اليوم. وهي متاحة دائمًا في « علبي ».',
  },
  {
    slug: 'client-validite',
    audience: 'customer',
    category: 'validite',
    priority: 40,
    question: 'Combien de temps mon coffret est-il valable ?',
    answer:
      "La durée de validité est indiquée sur la fiche du coffret et sur l'e-coffret : 12 mois pour la plupart des coffrets, de 3 à 24 mois selon les coffrets. Nous vous envoyons un rappel 30 jours puis 7 jours avant l'échéance, et vous pouvez prolonger la validité depuis « Mes Coffrets ».",
    questionAr: 'ما مدة صلاحية علبتي؟',
    answerAr:
      'مدة الصلاحية مذكورة في صفحة العلبة وفي العلبة الإلكترونية: 12 شهرًا لمعظم العلب، ومن 3 إلى 24 شهرًا حسب العلبة. نرسل لكم تذكيرًا قبل 30 يومًا ثم قبل 7 أيام من انتهاء الصلاحية، ويمكنكم تمديدها من « علبي ».',
  },
  {
    slug: 'client-reservation',
    audience: 'customer',
    category: 'reservation',
    priority: 30,
    question: 'Comment réserver mon expérience ?',
    answer:
      "Dans « Mes Coffrets », choisissez votre coffret puis « Réserver » : sélectionnez le partenaire, la date, l'horaire (ou « Flexible ») et le nombre de participants, de 1 à 8. Le partenaire vous contacte sous 24 h pour confirmer. Toute modification doit être demandée au moins 48 h à l'avance. Le jour J, présentez simplement le QR code de votre coffret.",
    questionAr: 'كيف أحجز تجربتي؟',
    answerAr:
      'في « علبي »، اختاروا علبتكم ثم « حجز »: حددوا الشريك والتاريخ والتوقيت (أو « مرن ») وعدد المشاركين من 1 إلى 8. يتصل بكم الشريك خلال 24 ساعة للتأكيد. يجب طلب أي تعديل قبل 48 ساعة على الأقل. في اليوم المحدد، يكفي تقديم رمز QR الخاص بعلبتكم.',
  },
  {
    slug: 'client-echange',
    audience: 'customer',
    category: 'echange',
    priority: 20,
    question: 'Puis-je échanger mon coffret contre un autre ?',
    answer:
      "Oui, tant qu'il n'a été ni utilisé ni réservé et qu'il est encore valable. Depuis « Mes Coffrets », choisissez « Échanger » puis le nouveau coffret : s'il est plus cher, vous réglez seulement la différence. Les coffrets marqués « Échange unique » peuvent être échangés une fois.",
    questionAr: 'هل يمكنني استبدال علبتي بأخرى؟',
    answerAr:
      'نعم، ما دامت غير مستخدمة وغير محجوزة وما زالت صالحة. من « علبي »، اختاروا « استبدال » ثم العلبة الجديدة: إذا كانت أغلى، تدفعون الفرق فقط. العلب التي تحمل علامة « استبدال واحد » يمكن استبدالها مرة واحدة.',
  },
  {
    slug: 'client-remboursement',
    audience: 'customer',
    category: 'remboursement',
    priority: 10,
    question: 'Puis-je être remboursé ?',
    answer:
      "Oui : tout coffret non utilisé est remboursé intégralement si vous en faites la demande dans les 14 jours qui suivent l'achat, depuis « Mes Coffrets » ou auprès du support. Le remboursement est versé sur votre moyen de paiement sous 3 à 5 jours ouvrés.",
    questionAr: 'هل يمكنني استرداد المبلغ؟',
    answerAr:
      'نعم: كل علبة غير مستخدمة يُسترد مبلغها كاملًا إذا طلبتم ذلك خلال 14 يومًا من الشراء، من « علبي » أو عبر الدعم. يُعاد المبلغ إلى وسيلة الدفع الخاصة بكم خلال 3 إلى 5 أيام عمل.',
  },
  // Partners (docs/product/support.md §2; categories are the partner ticket categories).
  {
    slug: 'partenaire-reglements',
    audience: 'partner',
    category: 'paiements',
    priority: 60,
    question: 'Quand suis-je payé ?',
    answer:
      "Selon le cycle de règlement de votre contrat : J+7, J+14, ou mensuel, le 5 du mois suivant. Dès que 1 000 DA au moins sont disponibles, demandez un règlement depuis « Règlements » (KYC vérifié et IBAN renseigné requis) : il est traité sous 2 à 3 jours ouvrés par virement bancaire.",
    questionAr: 'متى أتلقى مستحقاتي؟',
    answerAr:
      'حسب دورة التسوية في عقدكم: بعد 7 أيام أو 14 يومًا، أو شهريًا في اليوم الخامس من الشهر الموالي. بمجرد توفر 1 000 دج على الأقل، اطلبوا تسوية من « التسويات » (يشترط التحقق من الهوية KYC وإدخال IBAN): تتم معالجتها خلال 2 إلى 3 أيام عمل بتحويل بنكي.',
  },
  {
    slug: 'partenaire-commission',
    audience: 'partner',
    category: 'paiements',
    priority: 50,
    question: 'Comment la commission est-elle calculée ?',
    answer:
      "La commission est un pourcentage de la valeur de votre offre, prélevé à chaque validation : 15 % par défaut, le taux de votre contrat figure dans « Profil ». Exemple : pour une offre à 8 500 DA, la commission est de 1 275 DA et vous recevez 7 225 DA.",
    questionAr: 'كيف تُحسب العمولة؟',
    answerAr:
      'العمولة نسبة مئوية من قيمة عرضكم تُقتطع عند كل تحقق: 15 % افتراضيًا، ونسبة عقدكم مذكورة في « الملف الشخصي ». مثال: لعرض بقيمة 8 500 دج، تبلغ العمولة 1 275 دج وتتلقون 7 225 دج.',
  },
  {
    slug: 'partenaire-iban',
    audience: 'partner',
    category: 'compte',
    priority: 40,
    question: 'Comment modifier mon IBAN ?',
    answer:
      "Envoyez votre nouveau RIB avec un ticket de catégorie « Paiements » ou depuis « Profil ». Pour votre sécurité, le changement est vérifié par notre équipe finance et validé sous 48 h ; les règlements en cours restent versés sur l'ancien compte.",
    questionAr: 'كيف أغير رقم IBAN الخاص بي؟',
    answerAr:
      'أرسلوا كشف هويتكم البنكية الجديد عبر تذكرة من فئة « المدفوعات » أو من « الملف الشخصي ». لأمانكم، يتحقق فريق المالية من التغيير ويصادق عليه خلال 48 ساعة؛ وتُدفع التسويات الجارية إلى الحساب القديم.',
  },
  {
    slug: 'partenaire-scanner',
    audience: 'partner',
    category: 'scanner',
    priority: 30,
    question: 'Comment valider un coffret avec le scanner ?',
    answer:
      "Ouvrez « Scanner QR » sur votre téléphone, autorisez la caméra et visez le QR code du client ; vous pouvez aussi saisir le code FRH-XXXX-XXXX-XXXX à la main. La validation est immédiate : le montant apparaît dans vos transactions. Un code déjà utilisé, expiré ou d'un coffret qui ne contient pas vos offres est refusé avec le motif.",
    questionAr: 'كيف أتحقق من علبة بالماسح؟',
    answerAr:
      'افتحوا « ماسح QR » على هاتفكم، واسمحوا باستخدام الكاميرا ووجهوها نحو رمز QR الخاص بالعميل؛ ويمكنكم أيضًا إدخال الرمز FRH-XXXX-XXXX-XXXX يدويًا. التحقق فوري: يظهر المبلغ في معاملاتكم. يُرفض الرمز المستخدم أو المنتهي أو الخاص بعلبة لا تتضمن عروضكم مع ذكر السبب.',
  },
  {
    slug: 'partenaire-equipe',
    audience: 'partner',
    category: 'equipe',
    priority: 20,
    question: 'Comment ajouter un membre à mon équipe ?',
    answer:
      "Le propriétaire du compte invite ses collaborateurs depuis « Profil », onglet « Gestion Équipe » : saisissez l'e-mail, choisissez les permissions (scanner, transactions, offres, réservations) et envoyez l'invitation. Vous pouvez retirer un membre à tout moment.",
    questionAr: 'كيف أضيف عضوًا إلى فريقي؟',
    answerAr:
      'يدعو صاحب الحساب معاونيه من « الملف الشخصي »، تبويب « إدارة الفريق »: أدخلوا البريد الإلكتروني واختاروا الصلاحيات (الماسح، المعاملات، العروض، الحجوزات) وأرسلوا الدعوة. يمكنكم سحب عضو في أي وقت.',
  },
];
