import { z } from 'zod';
import { zodError } from './errors.ts';
import { requiredText } from './text.ts';
import { ZEmail } from './auth.ts';
import { ZRequesterContext } from './support.ts';

// Issue 36 (docs/product/live-chat.md): a live chat with an adviser. A chat IS a support ticket (channel
// `chat`, its id the ticket's id); its live state is a row of chat_sessions.

/** Who started the chat: a signed-in customer, a partner's member, or a visitor (name + e-mail, the `farha_chat` cookie). */
export const CHAT_AUDIENCES = ['customer', 'partner', 'visitor'] as const;
export type TChatAudience = (typeof CHAT_AUDIENCES)[number];
/** waiting: queued for an adviser; active: accepted; ended: closed by either side; missed: became an e-mail ticket. */
export const CHAT_STATUSES = ['waiting', 'active', 'ended', 'missed'] as const;
export type TChatStatus = (typeof CHAT_STATUSES)[number];
export const CHAT_SIDES = ['requester', 'agent'] as const;
export type TChatSide = (typeof CHAT_SIDES)[number];

/** A message's text: plain text, trimmed, 1 to 2000 characters (never HTML: the pages show it as text). */
export const CHAT_MESSAGE_MAX_CHARS = 2000;
/** Messages a person may send in a minute (each side counts alone). */
export const CHAT_MESSAGES_PER_MINUTE = 20;
/** At most one typing event per person in this window; more are accepted and dropped. */
export const CHAT_TYPING_INTERVAL_MS = 2000;
/** The transcript may be e-mailed once per this window. */
export const CHAT_TRANSCRIPT_INTERVAL_MS = 10 * 60_000;
/** The desk page calls presence every 60 s while its toggle is on; an adviser is present when seen within 2 minutes. */
export const CHAT_PRESENCE_INTERVAL_MS = 60_000;
export const CHAT_PRESENCE_TTL_MS = 2 * 60_000;
/** The visitor's cookie (HttpOnly, SameSite=Lax, Path=/api): it opens their chat and their stream. */
export const CHAT_VISITOR_COOKIE = 'farha_chat';
/** The reports' goal for the first answer of a chat. */
export const CHAT_FIRST_ANSWER_GOAL_SECONDS = 60;

/** The chat's successes and states, French and Arabic (errors: the error catalogue, section chat). */
export const CHAT_MESSAGES = {
  /** Out of hours, no adviser present, or nobody accepted in time: the chat became a ticket answered by e-mail. */
  MISSED: {
    fr: 'Nos conseillers ne sont pas disponibles pour le moment : votre message est enregistré comme ticket, nous vous répondrons par e-mail.',
    ar: 'مستشارونا غير متاحين حاليًا: تم تسجيل رسالتكم كتذكرة، وسنرد عليكم عبر البريد الإلكتروني.',
  },
  WAITING: { fr: 'Un conseiller va vous répondre…', ar: 'سيرد عليكم مستشار قريبًا…' },
  ENDED: { fr: 'La discussion est terminée', ar: 'انتهت المحادثة' },
  RATING_SAVED: { fr: 'Merci pour votre note !', ar: 'شكرًا على تقييمكم!' },
  TRANSCRIPT_SENT: { fr: 'La transcription vous a été envoyée par e-mail', ar: 'تم إرسال نص المحادثة إليكم عبر البريد الإلكتروني' },
  ACCEPTED: { fr: 'Discussion prise en charge', ar: 'تم التكفل بالمحادثة' },
  TRANSFERRED: { fr: 'Discussion transférée', ar: 'تم تحويل المحادثة' },
} as const;

/** `{ from: '08:00', to: '22:00' }`, Algiers time, every day. */
export const ZChatHours = z.object({ from: z.string(), to: z.string() });
export type TChatHours = z.infer<typeof ZChatHours>;

/** GET /api/chat/availability (anyone): whether a chat started now reaches an adviser. */
export const ZChatAvailability = z.object({
  open: z.boolean(),
  /** hours: outside the audience's chat hours; no_adviser: in hours but nobody present. */
  reason: z.enum(['hours', 'no_adviser']).nullable(),
  hours: ZChatHours,
});
export type TChatAvailability = z.infer<typeof ZChatAvailability>;

export const ZChatAttachment = z.object({ id: z.string(), name: z.string(), url: z.string(), contentType: z.string() });
export type TChatAttachment = z.infer<typeof ZChatAttachment>;

/** One message (`system` side: the chat's own lines (accepted, transferred, ended, became a ticket). */
export const ZChatMessage = z.object({
  id: z.string(),
  side: z.enum(['requester', 'agent', 'system']),
  authorName: z.string(),
  body: z.string(),
  at: z.string(),
  attachments: z.array(ZChatAttachment),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

const ZPersonRef = z.object({ id: z.string(), name: z.string() });

/** A chat as its requester and its adviser read it (typing is event-only, never stored). */
export const ZChatView = z.object({
  /** The ticket's id. */
  id: z.string(),
  status: z.enum(CHAT_STATUSES),
  audience: z.enum(CHAT_AUDIENCES),
  requesterName: z.string(),
  agent: ZPersonRef.nullable(),
  queuedAt: z.string(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** The requester's 1–5 rating, once ended. */
  rating: z.number().int().nullable(),
  requesterReadAt: z.string().nullable(),
  agentReadAt: z.string().nullable(),
  /** The first page, newest last (older pages: GET …/messages?before=). */
  messages: z.array(ZChatMessage),
  /** More messages exist before the first one shown. */
  hasOlder: z.boolean(),
});
export type TChatView = z.infer<typeof ZChatView>;

export const ZChatResponse = z.object({ chat: ZChatView, message: z.string().optional() });
export type TChatResponse = z.infer<typeof ZChatResponse>;
export const ZCurrentChatResponse = z.object({ chat: ZChatView.nullable() });
export type TCurrentChatResponse = z.infer<typeof ZCurrentChatResponse>;

/**
 * POST /api/chat: the first message; a visitor gives name and e-mail (CHAT_VISITOR_DETAILS otherwise), a
 * signed-in person's come from the account. 201 with the chat, `waiting` or `missed` (then show CHAT_MESSAGES.MISSED).
 */
export const ZStartChatRequest = z.object({
  message: requiredText(CHAT_MESSAGE_MAX_CHARS),
  name: z.string().trim().max(120, { error: zodError('TEXT_TOO_LONG', { max: 120 }) }).optional(),
  email: ZEmail.optional(),
  /** The language of the e-mails (a visitor has no account). */
  locale: z.enum(['fr', 'ar']).optional(),
});
export type TStartChatRequest = z.infer<typeof ZStartChatRequest>;

export const ZChatIdParams = z.object({ id: z.uuid({ error: zodError('CHAT_NOT_FOUND') }) });

/** GET …/messages: `after` a message id (newer ones, oldest first) or `before` one (older ones); newest last either way. */
export const ZChatMessagesQuery = z.object({
  after: z.uuid({ error: zodError('VALIDATION') }).optional(),
  before: z.uuid({ error: zodError('VALIDATION') }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TChatMessagesQuery = z.infer<typeof ZChatMessagesQuery>;
export const ZChatMessagePage = z.object({ messages: z.array(ZChatMessage), hasMore: z.boolean() });
export type TChatMessagePage = z.infer<typeof ZChatMessagePage>;

/** POST …/messages: JSON `{ body }`, or multipart with the field `body` (may be empty with pictures) and files `attachments`. */
export const ZChatSendRequest = z.object({ body: requiredText(CHAT_MESSAGE_MAX_CHARS) });
export type TChatSendRequest = z.infer<typeof ZChatSendRequest>;
export const ZChatSendResponse = z.object({ message: ZChatMessage });
export type TChatSendResponse = z.infer<typeof ZChatSendResponse>;

/** POST …/read → the time stored for the caller's side. */
export const ZChatReadResponse = z.object({ at: z.string() });
/** POST …/typing → 204. */

/** POST /api/chat/:id/rating, once the chat has ended. */
export const ZChatRatingRequest = z.object({
  rating: z.number({ error: zodError('VALIDATION') }).int().min(1).max(5),
  comment: z.string().trim().max(1000, { error: zodError('TEXT_TOO_LONG', { max: 1000 }) }).optional(),
});
export type TChatRatingRequest = z.infer<typeof ZChatRatingRequest>;
/** POST /api/chat/:id/transcript → `{ message }` (CHAT_TRANSCRIPT_LIMIT within 10 minutes of the last). */
export const ZChatMessageOnly = z.object({ message: z.string() });

// ---------------------------------------------------------------------------------------------------
// The desk (/api/support/chats; support, superadmin)

export const DESK_CHAT_VIEWS = ['waiting', 'mine', 'active', 'ended'] as const;
export type TDeskChatView = (typeof DESK_CHAT_VIEWS)[number];
/** GET /api/support/chats: waiting (oldest first), mine (my active), active (everyone's), ended (ended or missed, newest first). */
export const ZDeskChatQuery = z.object({
  view: z.enum(DESK_CHAT_VIEWS, { error: zodError('VALIDATION') }).default('waiting'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TDeskChatQuery = z.infer<typeof ZDeskChatQuery>;

export const ZDeskChatRow = z.object({
  id: z.string(),
  requesterName: z.string(),
  audience: z.enum(CHAT_AUDIENCES),
  status: z.enum(CHAT_STATUSES),
  queuedAt: z.string(),
  /** Seconds waited so far (waiting), or before it was accepted or missed; computed by the server's clock. */
  waitSeconds: z.number().int(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  agent: ZPersonRef.nullable(),
  lastMessage: z.object({ side: z.enum(['requester', 'agent', 'system']), body: z.string(), at: z.string() }).nullable(),
  /** Requester messages after the adviser's last read. */
  unread: z.number().int(),
});
export type TDeskChatRow = z.infer<typeof ZDeskChatRow>;
export const ZDeskChatList = z.object({ chats: z.array(ZDeskChatRow), nextCursor: z.string().nullable() });
export type TDeskChatList = z.infer<typeof ZDeskChatList>;

/** GET /api/support/chats/summary: the sidebar's count and the toggle. */
export const ZDeskChatSummary = z.object({
  waiting: z.number().int(),
  mine: z.number().int(),
  /** The caller's toggle is on and seen within 2 minutes. */
  present: z.boolean(),
  available: z.boolean(),
  maxPerAgent: z.number().int(),
});
export type TDeskChatSummary = z.infer<typeof ZDeskChatSummary>;

/** POST /api/support/chats/presence → the summary. */
export const ZChatPresenceRequest = z.object({ available: z.boolean({ error: zodError('VALIDATION') }) });
export type TChatPresenceRequest = z.infer<typeof ZChatPresenceRequest>;

export const ZChatRequester = z.object({
  /** null for a visitor. */
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  kind: z.enum(CHAT_AUDIENCES),
  locale: z.enum(['fr', 'ar']),
  partnerId: z.string().nullable(),
  partnerName: z.string().nullable(),
});
export type TChatRequester = z.infer<typeof ZChatRequester>;

/** GET /api/support/chats/:id: the chat, its requester and their context (as the ticket detail shows; empty for a visitor). */
export const ZDeskChatDetail = z.object({ chat: ZChatView, requester: ZChatRequester, context: ZRequesterContext, message: z.string().optional() });
export type TDeskChatDetail = z.infer<typeof ZDeskChatDetail>;

/** POST /api/support/chats/:id/transfer: to a present colleague under their maximum. */
export const ZChatTransferRequest = z.object({ agentId: z.uuid({ error: zodError('AGENT_NOT_FOUND') }) });
export type TChatTransferRequest = z.infer<typeof ZChatTransferRequest>;

/** GET /api/support/chats/agents: the present advisers (the caller included) and their active chats. */
export const ZChatAgent = z.object({ id: z.string(), name: z.string(), active: z.number().int(), present: z.boolean() });
export type TChatAgent = z.infer<typeof ZChatAgent>;
export const ZChatAgentList = z.object({ agents: z.array(ZChatAgent), maxPerAgent: z.number().int() });
export type TChatAgentList = z.infer<typeof ZChatAgentList>;
