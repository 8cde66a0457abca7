import { z } from 'zod';
import { zodError } from './errors.ts';
import { optionalText, requiredText } from './text.ts';
import { ZOptionalPhone } from './auth.ts';
import { ZSmsMessage } from './sms.ts';
export { DEFAULT_SUPPORT_EMAIL, SUPPORT_BUSINESS_HOURS, supportHoursRows, supportHoursText } from './plain/support.ts';

export const SUPPORT_MESSAGES = {
  CREATED: 'Ticket créé ! Notre équipe vous répond en moins de 2 h.',
  REPLY_SENT: 'Message envoyé',
  TICKET_CLOSED_OK: 'Ticket fermé',
  VOTE_SAVED: 'Merci pour votre retour !',
} as const;

// ---------------------------------------------------------------------------------------------------
// FAQ

export const FAQ_AUDIENCES = ['customer', 'partner'] as const;

/** GET /api/faq (public). */
export const ZFaqQuery = z.object({
  audience: z.enum(FAQ_AUDIENCES).default('customer'),
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().max(50).optional(),
  /** 'ar': the Arabic text of entries that have one (search in both languages). */
  locale: z.enum(['fr', 'ar']).default('fr'),
});

export const ZFaqEntry = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  category: z.string(),
  views: z.number().int(),
  helpful: z.number().int(),
  notHelpful: z.number().int(),
  /** The signed-in caller's vote: true (oui), false (non), null (none or anonymous). */
  myVote: z.boolean().nullable(),
});
export type TFaqEntry = z.infer<typeof ZFaqEntry>;

export const ZFaqList = z.object({
  entries: z.array(ZFaqEntry),
  /** Categories of the audience's published entries, with counts (before the q/category filters). */
  categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
});
export type TFaqList = z.infer<typeof ZFaqList>;

export const ZFaqIdParams = z.object({ id: z.uuid({ error: zodError('FAQ_NOT_FOUND') }) });
export const ZFaqViewResponse = z.object({ views: z.number().int() });

/** POST /api/faq/:id/vote (signed in): one vote per user; voting again replaces the earlier vote. */
export const ZFaqVoteRequest = z.object({ helpful: z.boolean({ error: zodError('VALIDATION') }) });
export const ZFaqVoteResponse = z.object({
  helpful: z.number().int(),
  notHelpful: z.number().int(),
  myVote: z.boolean(),
  message: z.string(),
});

// ---------------------------------------------------------------------------------------------------
// Tickets

/** Ticket statuses (docs/product/support.md §3); a closed ticket is read-only. The tickets badge counts everything not closed. */
export const TICKET_STATUSES = ['open', 'assigned', 'pending', 'resolved', 'closed'] as const;
export const ZTicketStatus = z.enum(TICKET_STATUSES);
export const TICKET_STATUS_LABELS: Record<(typeof TICKET_STATUSES)[number], string> = {
  open: 'Ouvert',
  assigned: 'Assigné',
  pending: 'En cours',
  resolved: 'Résolu',
  closed: 'Fermé',
};
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const ZTicketPriority = z.enum(TICKET_PRIORITIES);
/** docs/product/support.md §3: customers choose low, medium or high. */
export const CUSTOMER_TICKET_PRIORITIES = ['low', 'medium', 'high'] as const;
export const TICKET_PRIORITY_LABELS: Record<(typeof TICKET_PRIORITIES)[number], string> = {
  low: 'Basse',
  medium: 'Moyenne',
  high: 'Haute',
  urgent: 'Urgente',
};

/** Customer ticket categories (the spec leaves them open; these follow the customer FAQ's topics). */
export const CUSTOMER_TICKET_CATEGORIES = ['commande', 'livraison', 'reservation', 'echange', 'remboursement', 'paiement', 'compte', 'autre'] as const;
export const CUSTOMER_TICKET_CATEGORY_LABELS: Record<(typeof CUSTOMER_TICKET_CATEGORIES)[number], string> = {
  commande: 'Commande',
  livraison: 'Livraison du coffret',
  reservation: 'Réservation',
  echange: 'Échange ou prolongation',
  remboursement: 'Remboursement',
  paiement: 'Paiement',
  compte: 'Mon compte',
  autre: 'Autre',
};

/** Attachments: images or PDF, 10 MB each (docs/product/support.md §3), 5 per message. */
export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const TICKET_ATTACHMENT_MAX_FILES = 5;

/**
 * POST /api/client/tickets, as JSON or as multipart/form-data with these fields plus files under
 * `attachments` (repeatable).
 */
export const ZCreateTicketRequest = z.object({
  title: requiredText(200),
  description: requiredText(5000),
  category: z.enum(CUSTOMER_TICKET_CATEGORIES, { error: zodError('VALIDATION') }),
  priority: z.enum(CUSTOMER_TICKET_PRIORITIES, { error: zodError('VALIDATION') }),
});
export type TCreateTicketRequest = z.infer<typeof ZCreateTicketRequest>;

/** POST /api/client/tickets/:id/messages, JSON or multipart (field `message`, files `attachments`). */
export const ZTicketReplyRequest = z.object({ message: requiredText(5000) });

export const ZTicketAttachment = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Readable by the ticket's owner (and support staff through /api/files/:fileId). */
  url: z.string(),
  /** The message it came with; null for the ticket's opening attachments. */
  messageId: z.string().nullable(),
});

export const ZTicketMessage = z.object({
  id: z.string(),
  sender: z.enum(['user', 'support']),
  authorName: z.string(),
  message: z.string(),
  createdAt: z.string(),
  attachments: z.array(ZTicketAttachment),
});

export const ZTicketSummary = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  priority: ZTicketPriority,
  status: ZTicketStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
  /** Last message from support, if any (ISO). */
  lastResponseAt: z.string().nullable(),
  /** The requester's 1-5 rating of the answer, once resolved (issue 14). */
  satisfaction: z.number().int().nullable(),
});
export type TTicketSummary = z.infer<typeof ZTicketSummary>;

export const ZTicketList = z.object({
  tickets: z.array(ZTicketSummary),
  /** Badge: tickets not closed. */
  openCount: z.number().int(),
});
export type TTicketList = z.infer<typeof ZTicketList>;

export const ZTicketDetail = ZTicketSummary.extend({
  description: z.string(),
  /** Files sent with the ticket itself. */
  attachments: z.array(ZTicketAttachment),
  messages: z.array(ZTicketMessage),
  canReply: z.boolean(),
});
export type TTicketDetail = z.infer<typeof ZTicketDetail>;

export const ZTicketResponse = z.object({ ticket: ZTicketDetail, message: z.string() });

export const ZTicketIdParams = z.object({ id: z.uuid({ error: zodError('TICKET_NOT_FOUND') }) });
export const ZTicketAttachmentParams = z.object({
  id: z.uuid({ error: zodError('TICKET_NOT_FOUND') }),
  attachmentId: z.uuid({ error: zodError('FILE_NOT_FOUND') }),
});

// ---------------------------------------------------------------------------------------------------
// Support desk (issue 14): the agents' queue, replies, internal notes, canned responses, disputes.

/** The support desk's and disputes' successes, French and Arabic, by code (errors: the error catalogue). */
export const SUPPORT_DESK_MESSAGES = {
  RATING_SAVED: { fr: 'Merci pour votre note !', ar: 'شكرًا على تقييمكم!' },
  TICKET_ASSIGNED: { fr: 'Ticket assigné', ar: 'تم إسناد التذكرة' },
  REPLY_SENT: { fr: 'Réponse envoyée', ar: 'تم إرسال الرد' },
  NOTE_ADDED: { fr: 'Note interne ajoutée', ar: 'تمت إضافة ملاحظة داخلية' },
  CANNED_SAVED: { fr: 'Réponse type enregistrée', ar: 'تم حفظ الرد الجاهز' },
  CANNED_DELETED: { fr: 'Réponse type supprimée', ar: 'تم حذف الرد الجاهز' },
  DISPUTE_OPENED: { fr: 'Litige ouvert : notre équipe support l’examine sous 24 h.', ar: 'تم فتح النزاع: سيدرسه فريق الدعم خلال 24 ساعة.' },
  DISPUTE_OPENED_BY_SUPPORT: { fr: 'Litige ouvert pour le client', ar: 'تم فتح نزاع لصالح العميل' },
  DISPUTE_RESPONDED: { fr: 'Réponse transmise au support', ar: 'تم إرسال ردكم إلى الدعم' },
  DISPUTE_RESOLVED: { fr: 'Litige résolu avec succès !', ar: 'تمت تسوية النزاع بنجاح!' },
  GOODWILL_ISSUED: { fr: 'Carte cadeau envoyée au client', ar: 'تم إرسال بطاقة الهدية إلى العميل' },
} as const;

/** docs/product/support.md §5: first response due within these minutes, by priority. */
export const TICKET_SLA_MINUTES: Record<(typeof TICKET_PRIORITIES)[number], number> = { urgent: 60, high: 240, medium: 1440, low: 1440 };
/** docs/product/support.md §5, response-time badges: green up to 30 min, yellow up to 120 min, red beyond. */
export function responseTimeTone(minutes: number): 'green' | 'yellow' | 'red' {
  return minutes <= 30 ? 'green' : minutes <= 120 ? 'yellow' : 'red';
}
/** The statuses an agent's reply can set (docs/product/support.md §4, the resolution select). */
export const DESK_REPLY_STATUSES = ['resolved', 'pending', 'closed'] as const;

const pageFields = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** GET /api/support/tickets. `assignee`: me, unassigned or an agent's id; `status`: one status or `active` (not resolved/closed). */
export const ZDeskTicketQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum([...TICKET_STATUSES, 'active', 'all']).default('all'),
  priority: ZTicketPriority.optional(),
  category: z.string().trim().max(50).optional(),
  assignee: z.union([z.enum(['me', 'unassigned']), z.uuid()]).optional(),
  ...pageFields,
});
export type TDeskTicketQuery = z.infer<typeof ZDeskTicketQuery>;

const ZPersonRef = z.object({ id: z.string(), name: z.string() });
export const ZDeskRequester = z.object({
  /** '' for a visitor's chat (issue 36: no account; name and e-mail as they gave them). */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  kind: z.enum(['customer', 'partner', 'visitor']),
  locale: z.enum(['fr', 'ar']),
  partnerId: z.string().nullable(),
  partnerName: z.string().nullable(),
});

export const ZDeskTicketRow = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  priority: ZTicketPriority,
  status: ZTicketStatus,
  requester: ZDeskRequester,
  assignee: ZPersonRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  firstResponseAt: z.string().nullable(),
  /** Minutes to the first response, or waiting so far when none yet (stops counting once resolved/closed). */
  responseMinutes: z.number().int(),
  responseTone: z.enum(['green', 'yellow', 'red']),
  slaDueAt: z.string(),
  slaBreached: z.boolean(),
  satisfaction: z.number().int().nullable(),
});
export type TDeskTicketRow = z.infer<typeof ZDeskTicketRow>;

export const ZDeskKpis = z.object({
  open: z.number().int(),
  unassigned: z.number().int(),
  resolvedToday: z.number().int(),
  medianFirstResponseMinutes: z.number().int().nullable(),
  slaBreaches: z.number().int(),
});
export type TDeskKpis = z.infer<typeof ZDeskKpis>;

export const ZDeskTicketList = z.object({
  tickets: z.array(ZDeskTicketRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  kpis: ZDeskKpis,
  agents: z.array(ZPersonRef),
});
export type TDeskTicketList = z.infer<typeof ZDeskTicketList>;

export const ZDeskAttachment = z.object({ id: z.string(), filename: z.string(), contentType: z.string(), size: z.number().int(), url: z.string() });
export const ZDeskMessage = z.object({
  id: z.string(),
  sender: z.enum(['user', 'support']),
  internal: z.boolean(),
  authorName: z.string(),
  message: z.string(),
  createdAt: z.string(),
  attachments: z.array(ZDeskAttachment),
});

/**
 * A dispute in a short list (ticket detail, diagnostics): the web words its title from `type` and the box's
 * names (null without a voucher); `title` is the French text stored at opening, for types it does not know (decision 009).
 */
export const ZDisputeSummary = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  boxName: z.string().nullable(),
  boxNameAr: z.string().nullable(),
  status: z.string(),
});
export type TDisputeSummary = z.infer<typeof ZDisputeSummary>;

export const ZRequesterContext = z.object({
  orders: z.array(z.object({ id: z.string(), boxName: z.string(), boxNameAr: z.string().nullable(), amount: z.number().int(), status: z.string(), createdAt: z.string() })),
  vouchers: z.array(z.object({ id: z.string(), code: z.string(), boxName: z.string(), boxNameAr: z.string().nullable(), status: z.string(), expiresAt: z.string() })),
  reservations: z.array(z.object({ id: z.string(), partnerName: z.string(), requestedDate: z.string(), status: z.string() })),
  partner: z
    .object({ id: z.string(), name: z.string(), city: z.string(), phone: z.string().nullable(), email: z.string().nullable(), kycStatus: z.string(), active: z.boolean() })
    .nullable(),
  openDisputes: z.number().int(),
});

export const ZDeskTicketDetail = ZDeskTicketRow.extend({
  description: z.string(),
  attachments: z.array(ZDeskAttachment),
  messages: z.array(ZDeskMessage),
  context: ZRequesterContext,
  /** Disputes opened from this ticket. */
  disputes: z.array(ZDisputeSummary.extend({ createdAt: z.string() })),
  canReply: z.boolean(),
});
export type TDeskTicketDetail = z.infer<typeof ZDeskTicketDetail>;

export const ZAssignTicketRequest = z.object({ agentId: z.uuid({ error: zodError('AGENT_NOT_FOUND') }).optional() });
export const ZDeskReplyRequest = z.object({
  message: requiredText(5000),
  internal: z.boolean().default(false),
  status: z.enum(DESK_REPLY_STATUSES).optional(),
});
export type TDeskReplyRequest = z.infer<typeof ZDeskReplyRequest>;
export const ZDeskTicketResponse = z.object({ ticket: ZDeskTicketDetail, message: z.string() });

/** The sidebar badge and the dashboard. */
export const ZSupportOverview = z.object({
  kpis: ZDeskKpis,
  myOpen: z.number().int(),
  urgent: z.array(ZDeskTicketRow),
  recent: z.array(ZDeskTicketRow),
  disputes: z.object({ open: z.number().int(), amountAtStake: z.number().int() }),
});
export type TSupportOverview = z.infer<typeof ZSupportOverview>;

// Canned responses
export const ZCannedResponse = z.object({ id: z.string(), title: z.string(), body: z.string(), updatedAt: z.string() });
export type TCannedResponse = z.infer<typeof ZCannedResponse>;
export const ZCannedList = z.object({ responses: z.array(ZCannedResponse) });
export const ZCannedRequest = z.object({ title: requiredText(120), body: requiredText(5000) });
export const ZCannedResponseResponse = z.object({ response: ZCannedResponse, message: z.string() });
export const ZIdParams = z.object({ id: z.uuid({ error: zodError('NOT_FOUND') }) });
export const ZMessageOnly = z.object({ message: z.string() });

// ---------------------------------------------------------------------------------------------------
// Disputes (docs/product/support.md §6)

export const DISPUTE_TYPES = ['partner_refuse', 'service_quality', 'voucher_invalid', 'billing', 'other'] as const;
export const DISPUTE_TYPE_LABELS: Record<(typeof DISPUTE_TYPES)[number], string> = {
  partner_refuse: 'Refus du partenaire',
  service_quality: 'Qualité du service',
  voucher_invalid: 'Voucher refusé ou invalide',
  billing: 'Facturation',
  other: 'Autre',
};
/** The same in Arabic (issue 15): the web words a dispute's title with them, the server its e-mails and the disputes search. */
export const DISPUTE_TYPE_LABELS_AR: Record<(typeof DISPUTE_TYPES)[number], string> = {
  partner_refuse: 'رفض الشريك',
  service_quality: 'جودة الخدمة',
  voucher_invalid: 'قسيمة مرفوضة أو غير صالحة',
  billing: 'الفوترة',
  other: 'أخرى',
};
export const DISPUTE_STATUSES = ['open', 'investigating', 'partner_response', 'resolved', 'closed'] as const;
export const DISPUTE_STATUS_LABELS: Record<(typeof DISPUTE_STATUSES)[number], string> = {
  open: 'Ouvert',
  investigating: 'En examen',
  partner_response: 'Réponse partenaire',
  resolved: 'Résolu',
  closed: 'Fermé',
};
export const DISPUTE_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export const DISPUTE_RESOLUTIONS = ['refund', 'voucher_extension', 'rejected'] as const;
export const DISPUTE_RESOLUTION_LABELS: Record<(typeof DISPUTE_RESOLUTIONS)[number], string> = {
  refund: 'Remboursement',
  voucher_extension: 'Prolongation du voucher',
  rejected: 'Rejeté',
};
/** Timeline actions. */
export const DISPUTE_ACTION_LABELS: Record<string, string> = {
  opened: 'Litige ouvert',
  assigned: 'Pris en charge par le support',
  partner_response: 'Réponse du partenaire',
  note: 'Note du support',
  resolved: 'Litige résolu',
};

export const ZCreateDisputeRequest = z.object({
  voucherId: z.uuid({ error: zodError('VOUCHER_MISSING') }),
  type: z.enum(DISPUTE_TYPES, { error: zodError('VALIDATION') }),
  description: requiredText(5000),
});
export type TCreateDisputeRequest = z.infer<typeof ZCreateDisputeRequest>;
/** POST /api/support/tickets/:id/dispute: support opens a dispute for the ticket's customer, on one of their vouchers or none. */
export const ZDeskDisputeRequest = z.object({
  voucherId: z.uuid({ error: zodError('VOUCHER_NOT_FOUND') }).optional(),
  type: z.enum(DISPUTE_TYPES, { error: zodError('VALIDATION') }),
  description: requiredText(5000),
});
export type TDeskDisputeRequest = z.infer<typeof ZDeskDisputeRequest>;

export const ZDisputeEvent = z.object({ id: z.string(), action: z.string(), actor: z.string(), notes: z.string().nullable(), createdAt: z.string() });
export const ZDispute = z.object({
  id: z.string(),
  type: z.enum(DISPUTE_TYPES),
  title: z.string(),
  description: z.string(),
  amount: z.number().int(),
  status: z.enum(DISPUTE_STATUSES),
  priority: z.enum(DISPUTE_PRIORITIES),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  partner: z.object({ id: z.string(), name: z.string() }).nullable(),
  voucher: z
    .object({ id: z.string(), code: z.string(), boxName: z.string(), boxNameAr: z.string().nullable(), status: z.string(), expiresAt: z.string(), purchasedAt: z.string() })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolution: z
    .object({ type: z.enum(DISPUTE_RESOLUTIONS), amount: z.number().int().nullable(), notes: z.string(), resolvedBy: z.string(), resolvedAt: z.string() })
    .nullable(),
  timeline: z.array(ZDisputeEvent),
});
export type TDispute = z.infer<typeof ZDispute>;

export const ZDisputeQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum([...DISPUTE_STATUSES, 'active', 'all']).default('all'),
  type: z.enum(DISPUTE_TYPES).optional(),
  ...pageFields,
});
export const ZDisputeList = z.object({
  disputes: z.array(ZDispute),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  kpis: z.object({ open: z.number().int(), awaitingPartner: z.number().int(), resolved: z.number().int(), amountAtStake: z.number().int() }),
});
export type TDisputeList = z.infer<typeof ZDisputeList>;
export const ZDisputeResponse = z.object({ dispute: ZDispute, message: z.string() });
/** GET /api/client/disputes and /api/partner/disputes: the caller's own, newest first, paginated. */
export const ZOwnDisputeQuery = z.object({ ...pageFields });
export const ZOwnDisputeList = z.object({ disputes: z.array(ZDispute), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export const ZDisputeRespondRequest = z.object({ message: requiredText(5000) });
export const ZResolveDisputeRequest = z.object({
  resolution: z.enum(DISPUTE_RESOLUTIONS, { error: zodError('VALIDATION') }),
  amount: z.number().int().min(0).max(10_000_000).optional(),
  days: z.number().int().min(1).max(365).optional(),
  notes: requiredText(2000),
});
export type TResolveDisputeRequest = z.infer<typeof ZResolveDisputeRequest>;

// ---------------------------------------------------------------------------------------------------
// Goodwill gift cards (issue 35, docs/product/gift-cards.md §9): issued by an agent from a ticket or a dispute.

/** POST /api/support/tickets/:id/gift-cards and /api/support/disputes/:id/gift-cards. The server checks the amount (GOODWILL_AMOUNT). */
export const ZGoodwillGiftCardRequest = z.object({
  /** Whole dinars, 1 to the setting `payments.gift_card_goodwill_max`. */
  amount: z.number({ error: zodError('VALIDATION') }),
  /** Why (kept on the card and in the audit log; not sent to the customer). */
  reason: requiredText(500),
  /** A word to the customer, printed in the card's e-mail. */
  message: optionalText(500),
});
export type TGoodwillGiftCardRequest = z.input<typeof ZGoodwillGiftCardRequest>;
export const ZGoodwillGiftCard = z.object({
  id: z.string(),
  code: z.string(),
  /** Integer DZD loaded, and what is left. */
  amount: z.number().int(),
  balance: z.number().int(),
  status: z.enum(['active', 'expired', 'cancelled']),
  recipientName: z.string(),
  recipientEmail: z.string(),
  reason: z.string(),
  issuedBy: z.string(),
  ticketId: z.string().nullable(),
  disputeId: z.string().nullable(),
  /** The last day (YYYY-MM-DD, Algiers) the card pays. */
  lastValidDay: z.string(),
  createdAt: z.string(),
});
export type TGoodwillGiftCard = z.infer<typeof ZGoodwillGiftCard>;
export const ZGoodwillGiftCardQuery = z.object({ ...pageFields });
/** A ticket's or a dispute's goodwill cards, oldest first, with the ceiling an agent may give. */
export const ZGoodwillGiftCardList = z.object({
  giftCards: z.array(ZGoodwillGiftCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  maxAmount: z.number().int(),
});
export type TGoodwillGiftCardList = z.infer<typeof ZGoodwillGiftCardList>;
export const ZGoodwillGiftCardResponse = z.object({ giftCard: ZGoodwillGiftCard, message: z.string() });

/** POST /api/client/tickets/:id/rate, once resolved or closed. */
export const ZRateTicketRequest = z.object({ rating: z.number({ error: zodError('VALIDATION') }).int().min(1).max(5) });

// ---------------------------------------------------------------------------------------------------
// Support portal II (issue 14): user and partner diagnostics, knowledge base, reports, agent profile.

/** The support portal's successes, French and Arabic, by code (errors: the error catalogue). */
export const SUPPORT_PORTAL_MESSAGES = {
  FAQ_SAVED: { fr: 'Article enregistré', ar: 'تم حفظ المقال' },
  FAQ_DELETED: { fr: 'Article supprimé', ar: 'تم حذف المقال' },
  PROFILE_SAVED: { fr: 'Profil mis à jour', ar: 'تم تحديث الملف الشخصي' },
  VOUCHER_EMAIL_RESENT: { fr: 'E-mail du voucher renvoyé au destinataire', ar: 'تمت إعادة إرسال بريد القسيمة إلى المستلم' },
  PASSWORD_RESET_SENT: { fr: 'Lien de réinitialisation du mot de passe envoyé', ar: 'تم إرسال رابط إعادة تعيين كلمة المرور' },
  LOGIN_UNLOCKED: { fr: 'Blocage de connexion levé', ar: 'تم رفع حظر تسجيل الدخول' },
  VOUCHER_EXTENDED: { fr: 'Voucher prolongé', ar: 'تم تمديد القسيمة' },
} as const;

/** The agents' actions on an account (issue 14), each audited and shown in the account's recent activity. */
export const ZUserVoucherParams = z.object({
  id: z.uuid({ error: zodError('USER_NOT_FOUND') }),
  voucherId: z.uuid({ error: zodError('VOUCHER_NOT_FOUND') }),
});
export const ZUserIdParams = z.object({ id: z.uuid({ error: zodError('USER_NOT_FOUND') }) });
export const ZSupportExtendVoucherRequest = z.object({
  days: z.number({ error: zodError('SUPPORT_EXTENSION_DAYS') }).int({ error: zodError('SUPPORT_EXTENSION_DAYS') }).min(1, { error: zodError('SUPPORT_EXTENSION_DAYS') }).max(365, { error: zodError('SUPPORT_EXTENSION_DAYS') }),
  reason: requiredText(500),
});
export type TSupportExtendVoucherRequest = z.infer<typeof ZSupportExtendVoucherRequest>;
export const ZUserActionResponse = z.object({ message: z.string(), expiresAt: z.string().optional() });
/** The kinds of `recentActivity` an agent's action leaves (the audit log's actions, dots as underscores). */
export const SUPPORT_USER_ACTIONS = ['support.voucher_resend', 'support.password_reset', 'support.login_unlock', 'support.voucher_extend'] as const;

/** docs/product/support.md §7: health score bands. */
export function healthBand(score: number): 'excellent' | 'good' | 'attention' | 'critical' {
  return score >= 90 ? 'excellent' : score >= 70 ? 'good' : score >= 50 ? 'attention' : 'critical';
}
export const HEALTH_ISSUE_TYPES = ['security', 'payment', 'usage', 'technical'] as const;
export const HEALTH_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

export const ZSupportUserQuery = z.object({
  q: z.string().trim().max(200).optional(),
  role: z.enum(['customer', 'partner_owner', 'partner_staff', 'finance', 'catalog_admin', 'support', 'superadmin']).optional(),
  ...pageFields,
});
export const ZSupportUserRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
  status: z.string(),
  locale: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export const ZSupportUserList = z.object({ users: z.array(ZSupportUserRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TSupportUserList = z.infer<typeof ZSupportUserList>;

export const ZHealthIssue = z.object({
  type: z.enum(HEALTH_ISSUE_TYPES),
  severity: z.enum(HEALTH_SEVERITIES),
  code: z.string(),
  count: z.number().int(),
  penalty: z.number().int(),
});
export const ZUserDiagnostics = z.object({
  user: ZSupportUserRow,
  healthScore: z.number().int(),
  band: z.enum(['excellent', 'good', 'attention', 'critical']),
  issues: z.array(ZHealthIssue),
  metrics: z.object({
    orders: z.number().int(),
    vouchers: z.number().int(),
    failedPayments: z.number().int(),
    failedEmails: z.number().int(),
    openTickets: z.number().int(),
    openDisputes: z.number().int(),
    activeSessions: z.number().int(),
    /** Wrong passwords since the last successful login (users.failed_logins). */
    failedLogins: z.number().int(),
    lastFailedLoginAt: z.string().nullable(),
    /** The login throttle refuses this account now (lifted by support). */
    loginLocked: z.boolean(),
  }),
  orders: z.array(z.object({ id: z.string(), boxName: z.string(), boxNameAr: z.string().nullable(), amount: z.number().int(), status: z.string(), createdAt: z.string() })),
  vouchers: z.array(z.object({ id: z.string(), code: z.string(), boxName: z.string(), boxNameAr: z.string().nullable(), status: z.string(), expiresAt: z.string() })),
  reservations: z.array(z.object({ id: z.string(), partnerName: z.string(), requestedDate: z.string(), status: z.string() })),
  tickets: z.array(z.object({ id: z.string(), title: z.string(), status: z.string(), priority: z.string(), createdAt: z.string() })),
  disputes: z.array(ZDisputeSummary.extend({ amount: z.number().int(), createdAt: z.string() })),
  devices: z.array(z.object({ userAgent: z.string().nullable(), ip: z.string().nullable(), createdAt: z.string(), lastSeenAt: z.string(), expiresAt: z.string(), active: z.boolean() })),
  /**
   * Newest first; `status` is the code of an order, reservation, ticket or dispute (null otherwise); `labelAr`: an order's box in Arabic;
   * `disputeId`: a dispute's, whose title the page words from `disputes` (its `label` is the stored French title).
   */
  recentActivity: z.array(z.object({ kind: z.string(), label: z.string(), labelAr: z.string().nullable(), status: z.string().nullable(), at: z.string(), disputeId: z.string().optional() })),
  /** Issue 25: the person's latest text messages (to their account or number, or sent by their actions), newest first. */
  sms: z.array(ZSmsMessage),
  /** Their number answered STOP: no text goes to it. */
  smsOptedOut: z.boolean(),
});
export type TUserDiagnostics = z.infer<typeof ZUserDiagnostics>;

export const ZSupportPartnerQuery = z.object({ q: z.string().trim().max(200).optional(), ...pageFields });
export const ZSupportPartnerRow = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  kycStatus: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export const ZSupportPartnerList = z.object({ partners: z.array(ZSupportPartnerRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TSupportPartnerList = z.infer<typeof ZSupportPartnerList>;
/** A partner for support: contacts, offers, redemptions, payouts' status (never bank data), tickets, disputes. */
export const ZSupportPartnerDetail = z.object({
  partner: ZSupportPartnerRow,
  members: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() })),
  offers: z.array(z.object({ id: z.string(), title: z.string(), titleAr: z.string().nullable(), faceValue: z.number().int(), active: z.boolean() })),
  redemptions: z.array(
    z.object({ id: z.string(), voucherCode: z.string(), offerTitle: z.string(), offerTitleAr: z.string().nullable(), grossAmount: z.number().int(), status: z.string(), createdAt: z.string() }),
  ),
  payouts: z.array(z.object({ id: z.string(), status: z.string(), netAmount: z.number().int(), requestedAt: z.string(), paidAt: z.string().nullable() })),
  tickets: z.array(z.object({ id: z.string(), title: z.string(), status: z.string(), priority: z.string(), createdAt: z.string() })),
  disputes: z.array(ZDisputeSummary.extend({ amount: z.number().int(), createdAt: z.string() })),
});
export type TSupportPartnerDetail = z.infer<typeof ZSupportPartnerDetail>;

// Knowledge base: the FAQ entries, managed by agents.
export const ZKbQuery = z.object({
  audience: z.enum(FAQ_AUDIENCES).optional(),
  q: z.string().trim().max(200).optional(),
  ...pageFields,
});
export const ZKbArticle = z.object({
  id: z.string(),
  audience: z.enum(FAQ_AUDIENCES),
  question: z.string(),
  answer: z.string(),
  questionAr: z.string().nullable(),
  answerAr: z.string().nullable(),
  category: z.string(),
  published: z.boolean(),
  priority: z.number().int(),
  views: z.number().int(),
  helpful: z.number().int(),
  notHelpful: z.number().int(),
  updatedAt: z.string(),
});
export type TKbArticle = z.infer<typeof ZKbArticle>;
export const ZKbList = z.object({ articles: z.array(ZKbArticle), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TKbList = z.infer<typeof ZKbList>;
export const ZKbRequest = z.object({
  audience: z.enum(FAQ_AUDIENCES, { error: zodError('VALIDATION') }),
  question: requiredText(300),
  answer: requiredText(5000),
  questionAr: optionalText(300),
  answerAr: optionalText(5000),
  category: requiredText(50),
  published: z.boolean().default(true),
  priority: z.number().int().min(0).max(1000).default(0),
});
export type TKbRequest = z.infer<typeof ZKbRequest>;
export const ZKbResponse = z.object({ article: ZKbArticle, message: z.string() });

// Reports.
export const ZSupportReportQuery = z.object({
  from: z.iso.date({ error: zodError('REPORT_RANGE') }),
  to: z.iso.date({ error: zodError('REPORT_RANGE') }),
});
export const ZSupportReport = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({ created: z.number().int(), resolved: z.number().int(), open: z.number().int() }),
  byDay: z.array(z.object({ date: z.string(), created: z.number().int(), resolved: z.number().int() })),
  byCategory: z.array(z.object({ category: z.string(), count: z.number().int() })),
  firstResponse: z.object({ count: z.number().int(), medianMinutes: z.number().int().nullable(), averageMinutes: z.number().int().nullable() }),
  resolution: z.object({ count: z.number().int(), medianMinutes: z.number().int().nullable(), averageMinutes: z.number().int().nullable() }),
  sla: z.object({ answered: z.number().int(), withinSla: z.number().int(), rate: z.number().nullable() }),
  satisfaction: z.object({ count: z.number().int(), average: z.number().nullable(), distribution: z.array(z.number().int()) }),
  disputes: z.object({
    byType: z.array(z.object({ type: z.string(), count: z.number().int() })),
    byOutcome: z.array(z.object({ outcome: z.string(), count: z.number().int() })),
  }),
  perAgent: z.array(
    z.object({ id: z.string(), name: z.string(), assigned: z.number().int(), resolved: z.number().int(), medianFirstResponseMinutes: z.number().int().nullable(), averageRating: z.number().nullable() }),
  ),
  /** Issue 36: the live chats started in the period (docs/product/live-chat.md §7); first answer goal: under 60 s. */
  chats: z.object({
    count: z.number().int(),
    answered: z.number().int(),
    missed: z.number().int(),
    firstAnswer: z.object({ medianSeconds: z.number().int().nullable(), averageSeconds: z.number().int().nullable(), goalSeconds: z.number().int() }),
    averageDurationSeconds: z.number().int().nullable(),
    rating: z.object({ count: z.number().int(), average: z.number().nullable() }),
  }),
});
export type TSupportReport = z.infer<typeof ZSupportReport>;

// The agent's own profile and figures.
export const ZAgentStats = z.object({
  openAssigned: z.number().int(),
  resolvedTotal: z.number().int(),
  resolvedLast30Days: z.number().int(),
  medianFirstResponseMinutes: z.number().int().nullable(),
  averageRating: z.number().nullable(),
  ratings: z.number().int(),
  disputesResolved: z.number().int(),
});
export const ZAgentProfile = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  stats: ZAgentStats,
});
export type TAgentProfile = z.infer<typeof ZAgentProfile>;
export const ZAgentProfileRequest = z.object({
  firstName: requiredText(80),
  lastName: requiredText(80),
  phone: ZOptionalPhone.default(null),
});
export const ZAgentProfileResponse = z.object({ profile: ZAgentProfile, message: z.string().optional() });
