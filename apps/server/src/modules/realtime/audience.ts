import { ADMIN_PAGE_ROLES, ROLES, SUPPORT_ROLES, type TRole } from '@farha/contracts/roles';

/**
 * docs/product/realtime.md §3: who an event is for. One user (their own order, their own feed), the members of
 * a partner (only those holding `permission` when it is given; the owner holds them all), or every user of
 * some roles (the support desk), or the requester side of one live chat (issue 36: a visitor's stream, opened with
 * the `farha_chat` cookie, has no account; a signed-in requester's chat events go to their `userId`).
 */
export type Audience = { userId: string } | { partnerId: string; permission?: string } | { roles: readonly TRole[] } | { chatId: string };

/** The roles that work the support desk (the guard of /api/support): its queue's events go to them. */
export const SUPPORT_DESK_AUDIENCE: Audience = { roles: SUPPORT_ROLES };

/**
 * The roles of the admin dashboard (its figures, which analytics and the settings' tiles share): `admin.figures`
 * says only that figures changed, each page then reads them through its own guarded endpoint.
 */
export const ADMIN_FIGURES_AUDIENCE: Audience = { roles: ADMIN_PAGE_ROLES.dashboard };

/** Every signed-in person (what every page reads: GET /api/site). */
export const EVERYONE_AUDIENCE: Audience = { roles: ROLES };

/** Who holds a stream, resolved from the session when it opens. */
export type StreamViewer = {
  /** The account; for a visitor's stream (issue 36), `chat:<chatId>`, which no event names. */
  userId: string;
  /** null for a visitor: no role's events reach them. */
  role: TRole | null;
  /** The live chat a visitor's stream follows (its only events); null for a signed-in person. */
  chatId?: string | null;
  /** The partner the user is a member of (partner roles), with the member's permissions ('all' for the owner). */
  partner: { id: string; permissions: readonly string[] | 'all' } | null;
};

/** The audience columns of an event row. */
export type AudienceColumns = { userId: string | null; partnerId: string | null; permission: string | null; roles: string[] | null; chatId?: string | null };

export function audienceColumns(audience: Audience): AudienceColumns {
  if ('userId' in audience) return { userId: audience.userId, partnerId: null, permission: null, roles: null };
  if ('partnerId' in audience) return { userId: null, partnerId: audience.partnerId, permission: audience.permission ?? null, roles: null };
  if ('chatId' in audience) return { userId: null, partnerId: null, permission: null, roles: null, chatId: audience.chatId };
  return { userId: null, partnerId: null, permission: null, roles: [...audience.roles] };
}

/** Whether the stream's holder may receive the event: the one rule every delivery and every resume goes through. */
export function canSee(viewer: StreamViewer, event: AudienceColumns): boolean {
  // A visitor's stream (issue 36) follows one chat and nothing else; a chat's requester events reach only it.
  if (viewer.chatId != null || event.chatId != null) return viewer.chatId != null && event.chatId === viewer.chatId;
  if (event.userId !== null) return event.userId === viewer.userId;
  if (event.partnerId !== null) {
    const partner = viewer.partner;
    if (!partner || partner.id !== event.partnerId) return false;
    return event.permission === null || partner.permissions === 'all' || partner.permissions.includes(event.permission);
  }
  return event.roles !== null && viewer.role !== null && event.roles.includes(viewer.role);
}
