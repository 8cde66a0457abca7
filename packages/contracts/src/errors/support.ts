import type { TErrorSection } from './section.ts';

/** Tickets, knowledge base, the agents’ desk and disputes (docs/product/support.md). */
export const SUPPORT_ERRORS = {
  TICKET_NOT_FOUND: { status: 404, fr: 'Ticket introuvable', ar: 'التذكرة غير موجودة' },
  AGENT_NOT_FOUND: { status: 404, fr: 'Agent support introuvable', ar: 'وكيل الدعم غير موجود' },
  TICKET_CLOSED: { status: 409, fr: 'Ce ticket est fermé : il ne peut plus recevoir de réponse.', ar: 'هذه التذكرة مغلقة: لا يمكن الرد عليها.' },
  CANNED_NOT_FOUND: { status: 404, fr: 'Réponse type introuvable', ar: 'الرد الجاهز غير موجود' },
  DISPUTE_NOT_FOUND: { status: 404, fr: 'Litige introuvable', ar: 'النزاع غير موجود' },
  DISPUTE_ALREADY_OPEN: { status: 409, fr: 'Un litige est déjà en cours pour ce voucher', ar: 'يوجد نزاع جارٍ بالفعل لهذه القسيمة' },
  DISPUTE_ALREADY_RESOLVED: { status: 409, fr: 'Ce litige est déjà résolu ou fermé', ar: 'تمت تسوية هذا النزاع أو إغلاقه بالفعل' },
  DISPUTE_RESOLVE_ERROR: { status: 500, fr: 'Erreur lors de la résolution', ar: 'خطأ أثناء تسوية النزاع' },
  DISPUTE_DAYS_REQUIRED: { status: 400, fr: 'Indiquez le nombre de jours de prolongation', ar: 'حدد عدد أيام التمديد' },
  DISPUTE_NO_VOUCHER: { status: 409, fr: 'Ce litige ne concerne aucun voucher', ar: 'هذا النزاع لا يخص أي قسيمة' },
  DISPUTE_REFUND_IMPOSSIBLE: { status: 409, fr: 'Remboursement impossible : le voucher a déjà été utilisé ou annulé', ar: 'الاسترداد غير ممكن: القسيمة مستخدمة أو ملغاة' },
  DISPUTE_EXTENSION_IMPOSSIBLE: { status: 409, fr: 'Prolongation impossible pour ce voucher', ar: 'لا يمكن تمديد هذه القسيمة' },
  TICKET_NOT_RESOLVED: { status: 409, fr: 'Vous pourrez noter la réponse une fois le ticket résolu', ar: 'يمكنكم تقييم الرد بعد حل التذكرة' },
  DISPUTE_NOT_PARTNER: { status: 403, fr: 'Ce litige ne concerne pas votre établissement', ar: 'هذا النزاع لا يخص مؤسستك' },
  TICKET_CREATE_ERROR: { status: 500, fr: 'Erreur lors de la création du ticket', ar: 'خطأ أثناء إنشاء التذكرة' },
  REQUESTER_TICKET_CLOSED: { status: 409, fr: 'Ce ticket est fermé : ouvrez un nouveau ticket si besoin.', ar: 'هذه التذكرة مغلقة: افتح تذكرة جديدة عند الحاجة.' },
  FAQ_NOT_FOUND: { status: 404, fr: 'Question introuvable', ar: 'السؤال غير موجود' },
  REPORT_RANGE: { status: 400, fr: 'Période invalide : 1 à 366 jours, la date de début avant la date de fin', ar: 'فترة غير صالحة: من 1 إلى 366 يومًا، وتاريخ البداية قبل تاريخ النهاية' },
  DISPUTE_PARTNER_TICKET: { status: 409, fr: 'Un litige se rattache au ticket d’un client, pas d’un partenaire', ar: 'يرتبط النزاع بتذكرة عميل وليس بتذكرة شريك' },
  LOGIN_NOT_LOCKED: { status: 409, fr: 'Ce compte n’est pas bloqué : aucune tentative de connexion échouée à effacer', ar: 'هذا الحساب غير محظور: لا توجد محاولات دخول فاشلة لمسحها' },
  SUPPORT_RESET_SUSPENDED: { status: 409, fr: 'Compte suspendu : aucun lien de réinitialisation ne peut lui être envoyé', ar: 'الحساب موقوف: لا يمكن إرسال رابط إعادة التعيين إليه' },
  SUPPORT_RESET_LIMIT: { status: 429, fr: 'Trois liens de réinitialisation ont déjà été envoyés dans l’heure : réessayez plus tard', ar: 'تم إرسال ثلاثة روابط لإعادة التعيين خلال الساعة: أعد المحاولة لاحقًا' },
  SUPPORT_EXTENSION_DAYS: { status: 400, fr: 'Indiquez une prolongation de 1 à 365 jours', ar: 'حدد تمديدًا من 1 إلى 365 يومًا' },
  SUPPORT_EXTENSION_IMPOSSIBLE: { status: 409, fr: 'Prolongation impossible : ce voucher a été utilisé, échangé, remboursé ou annulé', ar: 'لا يمكن التمديد: هذه القسيمة مستخدمة أو مستبدلة أو مستردة أو ملغاة' },
  /** docs/product/gift-cards.md §9: a goodwill gift card, whole dinars up to the setting `payments.gift_card_goodwill_max`. */
  GOODWILL_AMOUNT: {
    status: 400,
    fr: 'Une carte cadeau de geste commercial est un nombre entier de dinars, de 1 DA à {max}',
    ar: 'بطاقة الهدية كبادرة تجارية عدد صحيح من الدنانير، من 1 دج إلى {max}',
  },
  GOODWILL_PARTNER_TICKET: {
    status: 409,
    fr: 'Une carte cadeau de geste commercial va au client d’un ticket, pas à un partenaire',
    ar: 'تُمنح بطاقة الهدية كبادرة تجارية لعميل التذكرة، لا لشريك',
  },
} as const satisfies TErrorSection;
