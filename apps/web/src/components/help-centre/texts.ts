import type { TLocale } from '@farha/contracts/auth';
import type { TTicketSummary } from '@farha/contracts/support';

/**
 * The strings the help-centre parts show. Each audience words them in its own bundle under `support.`
 * (the customer's and the partner's help centres do not speak alike), so the parts take them from the
 * page: a key missing from a bundle is a type error in the feature that passes `t`.
 */
export type HelpCentreKey =
  | 'tabs.tickets'
  | 'tickets.open'
  | 'tickets.messages'
  | 'tickets.createdOn'
  | 'tickets.updatedOn'
  | 'tickets.priorityValue'
  | 'ticket.loadError'
  | 'ticket.thread'
  | 'ticket.you'
  | 'ticket.supportTeam'
  | 'ticket.attachments'
  | 'ticket.reply'
  | 'ticket.replyPlaceholder'
  | 'ticket.send'
  | 'ticket.replyRequired'
  | 'ticket.closed'
  | 'new.addFiles'
  | 'new.attachmentsHint'
  | 'new.remove'
  | 'new.fileType'
  | 'new.fileSize'
  | 'new.tooMany'
  | 'corner.title'
  | 'corner.all'
  | 'corner.none'
  | FaqKey;

/** The strings of an FAQ entry. */
export type FaqKey = 'faq.views' | 'faq.helpfulCount' | 'faq.wasHelpful' | 'faq.thanks' | 'faq.yes' | 'faq.no';

export interface HelpCentreTexts {
  t: (key: HelpCentreKey, options?: Record<string, unknown>) => string;
  locale: TLocale;
  ticketStatus: (status: TTicketSummary['status']) => string;
  ticketPriority: (priority: TTicketSummary['priority']) => string;
  /** A ticket's or an FAQ entry's category in words (an unknown one as it is). */
  category: (category: string) => string;
  /** A server answer or a failed call, in the interface language. */
  message: (source: unknown, fallback?: string) => string;
}

/** The keys a feature's bundle must hold for the help-centre parts: `support.*` and the ticket labels. */
export type HelpCentreBundleKey =
  | `support.${HelpCentreKey}`
  | `ticketStatus.${TTicketSummary['status']}`
  | `ticketPriority.${TTicketSummary['priority']}`;

/** The help-centre texts from a feature's typed `t` (which must hold every key the parts show). */
export function helpCentreTexts(
  t: (key: HelpCentreBundleKey, options?: Record<string, unknown>) => string,
  { locale, category, message }: Pick<HelpCentreTexts, 'locale' | 'category' | 'message'>,
): HelpCentreTexts {
  return {
    t: (key, options) => t(`support.${key}`, options),
    locale,
    ticketStatus: (status) => t(`ticketStatus.${status}`),
    ticketPriority: (priority) => t(`ticketPriority.${priority}`),
    category,
    message,
  };
}
