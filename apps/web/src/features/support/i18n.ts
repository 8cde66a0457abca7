import {
  DISPUTE_ACTION_LABELS,
  DISPUTE_RESOLUTION_LABELS,
  DISPUTE_STATUS_LABELS,
  DISPUTE_TYPE_LABELS,
  SUPPORT_ERRORS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
} from '@farha/contracts/support';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { errorMessage, i18n } from '@/lib/i18n';

/** The agents' portal strings: i18next namespace 'supportDesk', registered when the feature loads. */
const NS = 'supportDesk';

const fr = {
  kpi: {
    open: 'Tickets ouverts',
    unassigned: 'Non assignés',
    resolvedToday: "Résolus aujourd'hui",
    median: 'Première réponse (médiane)',
    breaches: 'Hors délai (SLA)',
    minutes: '{{count}} min',
    none: '—',
    myOpen: 'Mes tickets en cours',
    disputesOpen: 'Litiges ouverts',
    atStake: 'Montant en jeu',
    awaitingPartner: 'En attente du partenaire',
    resolved: 'Résolus',
  },
  tickets: {
    title: 'Tickets',
    description: 'Les tickets des clients et des partenaires, du plus urgent au plus ancien.',
    search: 'Titre, nom, e-mail ou numéro',
    allStatuses: 'Tous les statuts',
    active: 'À traiter',
    allPriorities: 'Toutes priorités',
    allAssignees: 'Tous les agents',
    me: 'Moi',
    unassigned: 'Non assignés',
    empty: 'Aucun ticket ne correspond.',
    customer: 'Client',
    partner: 'Partenaire',
    assignee: 'Assigné à',
    nobody: 'Personne',
    assignMe: "M'assigner",
    assignTo: 'Assigner à…',
    response: 'Réponse',
    waiting: 'Attente',
    slaBreached: 'SLA dépassé',
    slaDue: 'Réponse attendue avant {{time}}',
    previous: 'Précédent',
    next: 'Suivant',
    page: 'Page {{page}} sur {{pages}}',
    count: '{{count}} tickets',
    open: 'Ouvrir',
  },
  detail: {
    conversation: 'Conversation',
    description: 'Demande initiale',
    internal: 'Note interne',
    internalHint: 'Visible des agents seulement',
    reply: 'Votre réponse',
    internalCheckbox: 'Note interne (jamais montrée au demandeur)',
    resolution: 'Statut après envoi',
    keep: 'Inchangé',
    send: 'Envoyer',
    addNote: 'Ajouter la note',
    closed: 'Ce ticket est fermé.',
    canned: 'Réponse type',
    cannedNone: 'Insérer une réponse type…',
    attachments: 'Pièces jointes',
    context: 'Contexte du demandeur',
    orders: 'Commandes',
    vouchers: 'Vouchers',
    reservations: 'Réservations',
    partnerData: 'Partenaire',
    openDisputes: 'Litiges en cours : {{count}}',
    nothing: 'Rien à afficher.',
    kyc: 'KYC',
    active: 'Actif',
    inactive: 'Inactif',
  },
  canned: {
    manage: 'Réponses types',
    titleField: 'Titre',
    bodyField: 'Texte',
    add: 'Ajouter',
    delete: 'Supprimer',
    empty: 'Aucune réponse type pour le moment.',
  },
  resolution: { resolved: 'Résolu', pending: 'En cours', closed: 'Fermé' },
  disputes: {
    title: 'Litiges',
    description: 'Les litiges ouverts par les clients sur leurs vouchers, avec la réponse du partenaire.',
    search: 'Titre, client, partenaire ou code',
    allTypes: 'Tous les types',
    empty: 'Aucun litige ne correspond.',
    timeline: 'Chronologie',
    customer: 'Client',
    partner: 'Partenaire',
    voucher: 'Voucher',
    expires: "Valable jusqu'au {{date}}",
    amount: 'Montant en jeu',
    resolve: 'Résoudre le litige',
    resolutionType: 'Décision',
    refundAmount: 'Montant remboursé (DA)',
    days: 'Jours de prolongation',
    notes: 'Notes de résolution',
    submit: 'Résoudre',
    resolvedBy: 'Résolu par {{name}} le {{date}}',
    noPartner: 'Aucun partenaire identifié',
  },
  dashboard: {
    greeting: 'Bonjour {{name}}',
    subtitle: 'Votre file de support, en direct.',
    urgent: 'Tickets urgents',
    recent: 'Tickets récents',
    noUrgent: 'Aucun ticket urgent en attente.',
    allTickets: 'Tous les tickets',
    disputes: 'Voir les litiges',
    performance: "Performance du jour",
  },
  ticketStatus: TICKET_STATUS_LABELS,
  ticketPriority: TICKET_PRIORITY_LABELS,
  disputeStatus: DISPUTE_STATUS_LABELS,
  disputeType: DISPUTE_TYPE_LABELS,
  disputeResolution: DISPUTE_RESOLUTION_LABELS,
  disputeAction: DISPUTE_ACTION_LABELS as Record<string, string>,
  messages: Object.fromEntries(Object.entries(SUPPORT_ERRORS).map(([code, text]) => [code, text.fr])) as Record<keyof typeof SUPPORT_ERRORS, string>,
};

const ar: typeof fr = {
  kpi: {
    open: 'التذاكر المفتوحة',
    unassigned: 'غير مسندة',
    resolvedToday: 'المحلولة اليوم',
    median: 'أول رد (الوسيط)',
    breaches: 'خارج الآجال (SLA)',
    minutes: '{{count}} د',
    none: '—',
    myOpen: 'تذاكري الجارية',
    disputesOpen: 'النزاعات المفتوحة',
    atStake: 'المبلغ المعني',
    awaitingPartner: 'في انتظار الشريك',
    resolved: 'المحلولة',
  },
  tickets: {
    title: 'التذاكر',
    description: 'تذاكر العملاء والشركاء، من الأكثر استعجالًا إلى الأقدم.',
    search: 'العنوان، الاسم، البريد أو الرقم',
    allStatuses: 'كل الحالات',
    active: 'للمعالجة',
    allPriorities: 'كل الأولويات',
    allAssignees: 'كل الوكلاء',
    me: 'أنا',
    unassigned: 'غير مسندة',
    empty: 'لا توجد تذكرة مطابقة.',
    customer: 'عميل',
    partner: 'شريك',
    assignee: 'مسندة إلى',
    nobody: 'لا أحد',
    assignMe: 'إسنادها إليّ',
    assignTo: 'إسناد إلى…',
    response: 'الرد',
    waiting: 'الانتظار',
    slaBreached: 'تجاوز الآجال',
    slaDue: 'الرد متوقع قبل {{time}}',
    previous: 'السابق',
    next: 'التالي',
    page: 'الصفحة {{page}} من {{pages}}',
    count: '{{count}} تذكرة',
    open: 'فتح',
  },
  detail: {
    conversation: 'المحادثة',
    description: 'الطلب الأصلي',
    internal: 'ملاحظة داخلية',
    internalHint: 'مرئية للوكلاء فقط',
    reply: 'ردكم',
    internalCheckbox: 'ملاحظة داخلية (لا تظهر أبدًا لصاحب الطلب)',
    resolution: 'الحالة بعد الإرسال',
    keep: 'دون تغيير',
    send: 'إرسال',
    addNote: 'إضافة الملاحظة',
    closed: 'هذه التذكرة مغلقة.',
    canned: 'رد جاهز',
    cannedNone: 'إدراج رد جاهز…',
    attachments: 'المرفقات',
    context: 'سياق صاحب الطلب',
    orders: 'الطلبات',
    vouchers: 'القسائم',
    reservations: 'الحجوزات',
    partnerData: 'الشريك',
    openDisputes: 'نزاعات جارية: {{count}}',
    nothing: 'لا شيء للعرض.',
    kyc: 'التحقق',
    active: 'نشط',
    inactive: 'غير نشط',
  },
  canned: {
    manage: 'الردود الجاهزة',
    titleField: 'العنوان',
    bodyField: 'النص',
    add: 'إضافة',
    delete: 'حذف',
    empty: 'لا توجد ردود جاهزة بعد.',
  },
  resolution: { resolved: 'محلولة', pending: 'جارية', closed: 'مغلقة' },
  disputes: {
    title: 'النزاعات',
    description: 'النزاعات التي فتحها العملاء بشأن قسائمهم، مع رد الشريك.',
    search: 'العنوان، العميل، الشريك أو الرمز',
    allTypes: 'كل الأنواع',
    empty: 'لا يوجد نزاع مطابق.',
    timeline: 'التسلسل الزمني',
    customer: 'العميل',
    partner: 'الشريك',
    voucher: 'القسيمة',
    expires: 'صالحة حتى {{date}}',
    amount: 'المبلغ المعني',
    resolve: 'تسوية النزاع',
    resolutionType: 'القرار',
    refundAmount: 'المبلغ المسترد (دج)',
    days: 'أيام التمديد',
    notes: 'ملاحظات التسوية',
    submit: 'تسوية',
    resolvedBy: 'سوّاه {{name}} في {{date}}',
    noPartner: 'لم يتم تحديد أي شريك',
  },
  dashboard: {
    greeting: 'مرحبًا {{name}}',
    subtitle: 'قائمة الدعم الخاصة بكم، مباشرة.',
    urgent: 'تذاكر عاجلة',
    recent: 'أحدث التذاكر',
    noUrgent: 'لا توجد تذكرة عاجلة في الانتظار.',
    allTickets: 'كل التذاكر',
    disputes: 'عرض النزاعات',
    performance: 'أداء اليوم',
  },
  ticketStatus: { open: 'مفتوحة', assigned: 'مسندة', pending: 'جارية', resolved: 'محلولة', closed: 'مغلقة' },
  ticketPriority: { low: 'منخفضة', medium: 'متوسطة', high: 'عالية', urgent: 'عاجلة' },
  disputeStatus: { open: 'مفتوح', investigating: 'قيد الدراسة', partner_response: 'رد الشريك', resolved: 'محلول', closed: 'مغلق' },
  disputeType: { partner_refuse: 'رفض الشريك', service_quality: 'جودة الخدمة', voucher_invalid: 'قسيمة مرفوضة أو غير صالحة', billing: 'الفوترة', other: 'أخرى' },
  disputeResolution: { refund: 'استرداد', voucher_extension: 'تمديد القسيمة', rejected: 'مرفوض' },
  disputeAction: { opened: 'فتح النزاع', assigned: 'تكفل به الدعم', partner_response: 'رد الشريك', note: 'ملاحظة الدعم', resolved: 'تمت التسوية' },
  messages: Object.fromEntries(Object.entries(SUPPORT_ERRORS).map(([code, text]) => [code, text.ar])) as Record<keyof typeof SUPPORT_ERRORS, string>,
};

i18n.addResourceBundle('fr', NS, fr, true, true);
i18n.addResourceBundle('ar', NS, ar, true, true);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type DeskKey = Leaves<typeof fr> | `${'ticketStatus' | 'ticketPriority' | 'disputeStatus' | 'disputeType' | 'disputeResolution' | 'disputeAction' | 'resolution'}.${string}`;
export type DeskT = (key: DeskKey, options?: Record<string, unknown>) => string;

export function useDeskTranslation(): { t: DeskT; locale: 'fr' | 'ar' } {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage;
  const t = useCallback<DeskT>((key, options) => instance.t(key as never, { ...options, ns: NS, lng: language }) as unknown as string, [instance, language]);
  return { t, locale: language === 'ar' ? 'ar' : 'fr' };
}

/** A server answer in the reader's language: by the support codes, else the app-wide translation. */
export function deskMessage(source: unknown): string {
  const arabic = i18n.resolvedLanguage === 'ar';
  if (source instanceof ApiError && source.code in SUPPORT_ERRORS) {
    return SUPPORT_ERRORS[source.code as keyof typeof SUPPORT_ERRORS][arabic ? 'ar' : 'fr'];
  }
  if (typeof source === 'string') {
    const found = Object.values(SUPPORT_ERRORS).find((m) => m.fr === source);
    return found ? found[arabic ? 'ar' : 'fr'] : source;
  }
  return errorMessage(source);
}
