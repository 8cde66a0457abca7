// The zod-free part of ../vouchers.ts (see ./README.md): the public voucher page and the success page read it.

export const VOUCHER_STATUSES = [
  'ISSUED',
  'DELIVERED',
  'RESERVED',
  'REDEEMED',
  'SETTLED',
  'EXCHANGED',
  'EXTENDED',
  'CANCELLED',
  'EXPIRED',
  // Issue 38 (docs/product/delivery.md §5): a physical box's voucher until the box is delivered (and its cash
  // collected). Last, so that the offline snapshot's status indexes of the others stay.
  'AWAITING_DELIVERY',
] as const;
export type TVoucherStatus = (typeof VOUCHER_STATUSES)[number];

/** docs/product/vouchers.md §3 */
export const VOUCHER_STATUS_LABELS: Record<TVoucherStatus, string> = {
  ISSUED: 'Émis',
  DELIVERED: 'Actif',
  RESERVED: 'Réservé',
  REDEEMED: 'Utilisé',
  SETTLED: 'Réglé',
  EXCHANGED: 'Échangé',
  EXTENDED: 'Prolongé',
  CANCELLED: 'Annulé',
  EXPIRED: 'Expiré',
  AWAITING_DELIVERY: 'En attente de livraison',
};

// docs/product/vouchers.md §5: a reservation returns a voucher to its "previous active status".
const ACTIVE = ['ISSUED', 'DELIVERED', 'EXTENDED'] as const satisfies readonly TVoucherStatus[];
const USABLE = [...ACTIVE, 'RESERVED'] as const satisfies readonly TVoucherStatus[];
const USED = ['REDEEMED', 'SETTLED'] as const satisfies readonly TVoucherStatus[];

/**
 * The one definition of every group of voucher statuses: the server's state machine, its queries and the
 * web app build on these (a test refuses a list of statuses written anywhere else). The groups named for an
 * action are the sources of its transition in the state machine of docs/product/vouchers.md §5; the server's unit test
 * checks that they are.
 */
export const VOUCHER_STATUS_GROUPS = {
  /** Unused, not reserved, not ended: what a reservation returns to; the dashboard's "Reserve" offer (docs/product/vouchers.md §15). */
  active: ACTIVE,
  /** Still usable: active or booked (the dashboard's "Actifs" tab, the breakage forecast). */
  usable: USABLE,
  /** Used at a partner (the dashboard's "Utilisés" tab). */
  used: USED,
  /** Over without being used (the dashboard's "Expirés" tab). */
  closed: ['EXPIRED', 'CANCELLED', 'EXCHANGED'],
  /** The holder acted on the gift: booked or used (the analytics' activation rate). */
  activated: ['RESERVED', ...USED],
  /** → RESERVED by the holder: a booked voucher is not booked again. */
  reservable: ACTIVE,
  /** → REDEEMED by a partner's scan: a booked voucher is redeemed at its appointment. */
  redeemable: USABLE,
  /** → EXCHANGED by the holder: a booked voucher's reservation is cancelled first. */
  exchangeable: ACTIVE,
  /** → CANCELLED (refund): a booked voucher's reservation is cancelled first. */
  cancellable: ACTIVE,
  /** → EXTENDED by the holder or support, expired ones included (up to 90 days after). */
  extendable: [...ACTIVE, 'EXPIRED'],
  /** → EXPIRED by the system once `expires_at` passed. */
  expirable: USABLE,
  /** The voucher e-mail may be sent again: while it can be used. */
  resendable: USABLE,
  /** The holder may review the experience once used. */
  reviewable: USED,
  /**
   * Issue 38 (docs/product/delivery.md §5): a physical box on its way — in no other group (neither booked, redeemed,
   * exchanged nor snapshotted); the customer's « Actifs » tab shows it, waiting.
   */
  awaiting: ['AWAITING_DELIVERY'],
  /** In the recipient's hands and not acted on yet (a company's recipient list, issue 27). */
  delivered: ['DELIVERED', 'EXTENDED'],
} as const satisfies Record<string, readonly TVoucherStatus[]>;
export type TVoucherStatusGroup = keyof typeof VOUCHER_STATUS_GROUPS;

export function isVoucherStatusIn(group: TVoucherStatusGroup, status: string): boolean {
  return (VOUCHER_STATUS_GROUPS[group] as readonly string[]).includes(status);
}

export const VOUCHER_CODE_PREFIX = 'FRH';
/** docs/product/vouchers.md §2: no 0/O, 1/I look-alikes. */
export const VOUCHER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ3789';

/** docs/product/vouchers.md §2: the QR encodes PUBLIC_URL/v/<code>, which a phone camera opens (the web app's voucher page). */
export function voucherPublicUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/v/${code}`;
}

/**
 * docs/product/vouchers.md §2: a code typed in any case, with or without the prefix, dashes or spaces,
 * or the `PUBLIC_URL/v/<code>` URL the QR encodes; returns the canonical `FRH-XXXX-XXXX-XXXX`, or null when
 * it cannot be a Farha code (another URL, a wrong length, a letter outside the alphabet). The server, the
 * partner's scanner and the customer's "add a code" form all read codes through it.
 */
export function normalizeVoucherCode(input: string): string | null {
  let raw = input.trim();
  const fromUrl = /\/v\/([^/?#\s]+)/i.exec(raw);
  if (fromUrl?.[1]) {
    try {
      raw = decodeURIComponent(fromUrl[1]);
    } catch {
      return null;
    }
  }
  const compact = raw.toUpperCase().replace(/[\s\-_]/g, '');
  const body = compact.startsWith(VOUCHER_CODE_PREFIX) ? compact.slice(VOUCHER_CODE_PREFIX.length) : compact;
  if (body.length !== 12) return null;
  for (const ch of body) if (!VOUCHER_CODE_ALPHABET.includes(ch)) return null;
  return `${VOUCHER_CODE_PREFIX}-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8, 12)}`;
}
