import { z } from 'zod';
import { ERROR_MESSAGES } from './errors.ts';

export const SUPPORT_MESSAGES = {
  REQUIRED: ERROR_MESSAGES.VALIDATION,
  CREATE_ERROR: 'Erreur lors de la création du ticket',
  CREATED: 'Ticket créé ! Notre équipe vous répond en moins de 2 h.',
  CLOSED: 'Ce ticket est fermé : ouvrez un nouveau ticket si besoin.',
  TICKET_NOT_FOUND: 'Ticket introuvable',
  ATTACHMENT_NOT_FOUND: 'Fichier introuvable',
  TOO_MANY_FILES: '5 fichiers au maximum',
  REPLY_SENT: 'Message envoyé',
  TICKET_CLOSED_OK: 'Ticket fermé',
  FAQ_NOT_FOUND: 'Question introuvable',
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

export const ZFaqIdParams = z.object({ id: z.uuid({ error: SUPPORT_MESSAGES.FAQ_NOT_FOUND }) });
export const ZFaqViewResponse = z.object({ views: z.number().int() });

/** POST /api/faq/:id/vote (signed in): one vote per user; voting again replaces the earlier vote. */
export const ZFaqVoteRequest = z.object({ helpful: z.boolean({ error: ERROR_MESSAGES.VALIDATION }) });
export const ZFaqVoteResponse = z.object({
  helpful: z.number().int(),
  notHelpful: z.number().int(),
  myVote: z.boolean(),
  message: z.string(),
});

// ---------------------------------------------------------------------------------------------------
// Tickets

/** spec 02 §6 statuses; a closed ticket is read-only. The tickets badge counts everything not closed. */
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
/** spec 01 §4: customers choose low, medium or high. */
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

/** Attachments: images or PDF, 10 MB each (spec 01 §5), 5 per message. */
export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const TICKET_ATTACHMENT_MAX_FILES = 5;

const requiredText = (max: number) =>
  z
    .string({ error: SUPPORT_MESSAGES.REQUIRED })
    .trim()
    .min(1, { error: SUPPORT_MESSAGES.REQUIRED })
    .max(max, { error: `${max} caractères au maximum` });

/**
 * POST /api/client/tickets, as JSON or as multipart/form-data with these fields plus files under
 * `attachments` (repeatable).
 */
export const ZCreateTicketRequest = z.object({
  title: requiredText(200),
  description: requiredText(5000),
  category: z.enum(CUSTOMER_TICKET_CATEGORIES, { error: SUPPORT_MESSAGES.REQUIRED }),
  priority: z.enum(CUSTOMER_TICKET_PRIORITIES, { error: SUPPORT_MESSAGES.REQUIRED }),
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

export const ZTicketIdParams = z.object({ id: z.uuid({ error: SUPPORT_MESSAGES.TICKET_NOT_FOUND }) });
export const ZTicketAttachmentParams = z.object({
  id: z.uuid({ error: SUPPORT_MESSAGES.TICKET_NOT_FOUND }),
  attachmentId: z.uuid({ error: SUPPORT_MESSAGES.ATTACHMENT_NOT_FOUND }),
});
