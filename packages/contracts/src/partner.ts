import { z } from 'zod';
import { zodError } from './errors.ts';
import { optionalText, requiredText } from './text.ts';
import { ZEmail, ZOptionalPhone, ZPhone } from './auth.ts';
import { OFFER_CATEGORIES } from './catalog.ts';
import { RESERVATION_ANSWER_FIELDS, ZDay, ZReservationStatus } from './reservations.ts';
import { TICKET_PRIORITIES } from './support.ts';

// Partner portal (docs/product/partners.md, docs/product/payouts.md). Amounts are integer DZD; instants are ISO strings (UTC); days are
// YYYY-MM-DD in Africa/Algiers.

const REQUIRED = zodError('VALIDATION');

/** The partner portal's messages (docs/product/partners.md, docs/product/payouts.md) and the ones the real server adds. */
export const PARTNER_MESSAGES = {
  // Payouts (docs/product/payouts.md §3)
  PAYOUT_REQUESTED: 'Demande de règlement soumise avec succès !',
  PAYOUT_DELAY: 'Traitement sous 2-3 jours ouvrés',
  // Offers (docs/product/partners.md §8)
  OFFER_DELETED: 'Offre supprimée',
  // Reservations and availability
  RESERVATION_CONFIRMED: 'Réservation confirmée',
  RESERVATION_DECLINED: 'Réservation refusée',
  RESERVATION_PROPOSED: 'Nouveau créneau proposé au client',
  AVAILABILITY_SAVED: 'Disponibilités enregistrées',
  // Profile (docs/product/partners.md §7)
  PROFILE_UPDATED: 'Profil mis à jour avec succès !',
  BUSINESS_UPDATED: 'Informations business mis à jour avec succès !',
  PASSWORD_CHANGED: 'Mot de passe modifié avec succès !',
  // Team (docs/product/partners.md §6)
  INVITATION_SENT: 'Invitation envoyée à {email} !',
  MEMBER_REMOVED: "Membre retiré de l'équipe",
  PERMISSIONS_UPDATED: 'Permissions mises à jour',
  INVITATION_ACCEPTED: 'Bienvenue dans l’équipe !',
  // Settings
  PREFERENCES_SAVED: 'Préférences enregistrées',
  // Support (docs/product/support.md §3)
  TICKET_CREATED: '✅ Ticket créé ! Support partenaire vous contactera sous 1h pour les urgences.',
} as const;

// ---------------------------------------------------------------------------------------------------
// Permissions (docs/product/partners.md §2; enforced by the server)

export const PARTNER_PERMISSIONS = ['scanner', 'view_transactions', 'manage_offers', 'manage_reservations'] as const;
export const ZPartnerPermission = z.enum(PARTNER_PERMISSIONS, { error: zodError('UNKNOWN_PERMISSION') });
export type TPartnerPermission = z.infer<typeof ZPartnerPermission>;
export const PARTNER_PERMISSION_LABELS: Record<TPartnerPermission, string> = {
  scanner: 'Scanner les vouchers',
  view_transactions: 'Voir les transactions et règlements',
  manage_offers: 'Gérer les offres',
  manage_reservations: 'Gérer les réservations',
};

// ---------------------------------------------------------------------------------------------------
// Notifications (header bell and dashboard)

/**
 * The feed's events (issue 15): the server stores `kind` and `params`, the web words them in the reader's
 * language. Older rows (kind `reservation`, …) have no params: their stored French title and body are shown.
 */
export const PARTNER_NOTIFICATION_KINDS = [
  'payout_requested',
  'payout_processing',
  'payout_paid',
  'payout_failed',
  'reservation_requested',
  'reservation_cancelled',
  'reservation_date_accepted',
  'registered',
  'kyc_submitted',
  'kyc_verified',
  'kyc_rejected',
  'terms_changed',
  'deactivated',
  'reactivated',
] as const;
export type TPartnerNotificationKind = (typeof PARTNER_NOTIFICATION_KINDS)[number];
/**
 * Per kind: payout_* `{ amount, automatic?, reference?, reason? }` (amount in DZD); reservation_*
 * `{ customer, offer, offerAr, date: YYYY-MM-DD, time, guests }`; kyc_rejected `{ reason }`;
 * terms_changed `{ commissionBp, settlementCycle: J+7 | J+14 | monthly }`; the others `{}`.
 */
export const ZNotificationParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type TNotificationParams = z.infer<typeof ZNotificationParams>;

export const ZPartnerNotification = z.object({
  id: z.string(),
  kind: z.string(),
  /** Null on rows written before params existed: show `title` and `body` as they are. */
  params: ZNotificationParams.nullable(),
  /** French, for rows without params (and for readers without the web). */
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type TPartnerNotification = z.infer<typeof ZPartnerNotification>;
export const ZPartnerNotificationList = z.object({ notifications: z.array(ZPartnerNotification), unread: z.number().int() });
export type TPartnerNotificationList = z.infer<typeof ZPartnerNotificationList>;
/** POST /api/partner/notifications/read: the given ids, or all of the user's when `ids` is absent. */
export const ZMarkNotificationsRead = z.object({ ids: z.array(z.uuid()).max(200).optional() });

// ---------------------------------------------------------------------------------------------------
// Dashboard (docs/product/partners.md §11)

export const MINIMUM_PAYOUT_DZD = 1000;

export const ZRecentValidation = z.object({
  transactionId: z.string(),
  voucherCode: z.string(),
  customerName: z.string(),
  offerTitle: z.string(),
  offerTitleAr: z.string().nullable(),
  /** Null for staff without the view_transactions permission. */
  amount: z.number().int().nullable(),
  scannedAt: z.string(),
});
export type TRecentValidation = z.infer<typeof ZRecentValidation>;

export const ZPartnerDashboard = z.object({
  partner: z.object({ id: z.string(), name: z.string(), kycStatus: z.string(), active: z.boolean() }),
  /** Successful scans since midnight, Algiers time. */
  scansToday: z.number().int(),
  /** Partner net of this calendar month's validations (null: staff without view_transactions). */
  monthRevenue: z.number().int().nullable(),
  /** Net available for a payout (validated, in no payout); null as above. */
  pendingPayout: z.number().int().nullable(),
  /** Percentage with one decimal (successful scans / attempts this month); null when no attempt. */
  successRate: z.number().nullable(),
  monthScans: z.number().int(),
  lastValidations: z.array(ZRecentValidation),
  payout: z.object({
    available: z.number().int().nullable(),
    minimum: z.number().int(),
    /** Owner, KYC verified, IBAN set and available ≥ minimum. */
    canRequest: z.boolean(),
  }),
  performance: z.object({
    topOffer: z.object({ id: z.string(), title: z.string(), titleAr: z.string().nullable(), scans: z.number().int() }).nullable(),
    /** Busiest two-hour window of the last 30 days' scans, e.g. '15h-17h'; null below 5 scans. */
    peakHour: z.string().nullable(),
    /** Average review rating (one decimal) and count; null when no review. */
    satisfaction: z.number().nullable(),
    reviewCount: z.number().int(),
  }),
  notifications: z.array(ZPartnerNotification),
  unreadNotifications: z.number().int(),
  refreshedAt: z.string(),
});
export type TPartnerDashboard = z.infer<typeof ZPartnerDashboard>;

// ---------------------------------------------------------------------------------------------------
// Transactions (docs/product/payouts.md §1, docs/product/partners.md §12)

export const TRANSACTION_STATUSES = ['validated', 'pending', 'disputed', 'settled'] as const;
export const ZTransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TTransactionStatus = z.infer<typeof ZTransactionStatus>;
export const TRANSACTION_STATUS_LABELS: Record<TTransactionStatus, string> = {
  validated: 'Validé',
  pending: 'En attente',
  disputed: 'Litige',
  settled: 'Réglé',
};
/** today: since midnight (Algiers); week: last 7 days; month: last 30 days (docs/product/partners.md §12). */
export const TRANSACTION_PERIODS = ['today', 'week', 'month'] as const;

const emptyToUndefined = (v: unknown) => (v === '' || v === 'all' ? undefined : v);

export const ZTransactionQuery = z.object({
  q: z.string().trim().max(100, { error: zodError('SEARCH_TOO_LONG') }).optional(),
  status: z.preprocess(emptyToUndefined, z.enum(TRANSACTION_STATUSES, { error: zodError('UNKNOWN_STATUS') }).optional()),
  period: z.preprocess(emptyToUndefined, z.enum(TRANSACTION_PERIODS, { error: zodError('UNKNOWN_PERIOD') }).optional()),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type TTransactionQuery = z.input<typeof ZTransactionQuery>;

export const ZPartnerTransaction = z.object({
  id: z.string(),
  voucherCode: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  boxName: z.string(),
  /** Arabic twins of the catalogue texts (issue 15): null where no translation exists. */
  boxNameAr: z.string().nullable(),
  offer: z.object({ id: z.string(), title: z.string(), titleAr: z.string().nullable() }),
  amount: z.number().int(),
  commission: z.number().int(),
  /** Commission rate applied, in basis points (1500 = 15 %). */
  commissionBp: z.number().int(),
  /**
   * Issue 35 (docs/product/promotions.md §9): the partner's part of a shared promotion's discount, integer DZD,
   * off the net (amount = commission + promoShare + netAmount), and that promotion's code; 0 and null otherwise.
   */
  promoShare: z.number().int(),
  promoCode: z.string().nullable(),
  netAmount: z.number().int(),
  status: ZTransactionStatus,
  statusLabel: z.string(),
  scannedAt: z.string(),
  scannedBy: z.string().nullable(),
  settledAt: z.string().nullable(),
  payout: z.object({ id: z.string(), reference: z.string().nullable(), status: z.string() }).nullable(),
});
export type TPartnerTransaction = z.infer<typeof ZPartnerTransaction>;

export const ZTransactionSummary = z.object({
  count: z.number().int(),
  turnover: z.number().int(),
  commissions: z.number().int(),
  /** Issue 35: the partners' parts of shared discounts (turnover = commissions + promoShares + net). */
  promoShares: z.number().int(),
  net: z.number().int(),
});
/** Issue 39: a search counts and totals its matches up to this many; past it, the newest are listed and the page says « plus de ». */
export const TRANSACTION_SEARCH_CAP = 1000;

export const ZPartnerTransactionList = z.object({
  transactions: z.array(ZPartnerTransaction),
  /** The filtered rows' totals; null when a search matched more than TRANSACTION_SEARCH_CAP (`capped`). */
  summary: ZTransactionSummary.nullable(),
  /** The matching rows; TRANSACTION_SEARCH_CAP when `capped`. */
  total: z.number().int(),
  capped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TPartnerTransactionList = z.infer<typeof ZPartnerTransactionList>;

// ---------------------------------------------------------------------------------------------------
// Payouts (docs/product/payouts.md)

export const PAYOUT_STATUSES = ['requested', 'processing', 'paid', 'failed'] as const;
export type TPayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<TPayoutStatus | 'available', string> = {
  available: 'Disponible',
  requested: 'Demandé',
  processing: 'En cours',
  paid: 'Payé',
  failed: 'Échec',
};

export const ZPayout = z.object({
  id: z.string(),
  /** First and last day (Algiers) of the validations it contains. */
  period: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  status: z.enum(PAYOUT_STATUSES),
  statusLabel: z.string(),
  grossAmount: z.number().int(),
  commissionAmount: z.number().int(),
  /** Issue 35: its transactions' parts of shared promotions' discounts (docs/product/promotions.md §9). */
  promoShareAmount: z.number().int(),
  feesAmount: z.number().int(),
  netAmount: z.number().int(),
  transactionCount: z.number().int(),
  paymentMethod: z.string(),
  reference: z.string().nullable(),
  failureReason: z.string().nullable(),
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type TPayout = z.infer<typeof ZPayout>;

export const ZPayoutOverview = z.object({
  available: z.object({
    gross: z.number().int(),
    commission: z.number().int(),
    /** Issue 35: the parts of shared promotions' discounts in what is available. */
    promoShare: z.number().int(),
    net: z.number().int(),
    count: z.number().int(),
    minimum: z.number().int(),
    /** Owner, KYC verified, IBAN set and net ≥ minimum. */
    canRequest: z.boolean(),
    /** Why a request would be refused (the spec's message), when it would. */
    blockedReason: z.string().nullable(),
    /** Its code in the error catalogue, for the web app to show it in the active language. */
    blockedReasonCode: z.string().nullable(),
  }),
  account: z.object({
    /** e.g. 'DZ58 •••• •••• 1234'; null when no IBAN. */
    ibanMasked: z.string().nullable(),
    bankName: z.string().nullable(),
    settlementCycle: z.string(),
    kycStatus: z.string(),
  }),
  history: z.array(ZPayout),
  tiles: z.object({
    totalReceived: z.number().int(),
    /** Net of payouts requested or in progress. */
    pending: z.number().int(),
    transactionCount: z.number().int(),
    /** Average net per paid payout; null before the first one. */
    averagePerPayout: z.number().int().nullable(),
  }),
});
export type TPayoutOverview = z.infer<typeof ZPayoutOverview>;

export const ZPayoutRequestResponse = z.object({ payout: ZPayout, message: z.string(), detail: z.string() });
export type TPayoutRequestResponse = z.infer<typeof ZPayoutRequestResponse>;

// ---------------------------------------------------------------------------------------------------
// Offers (docs/product/partners.md §8)

export const OFFER_SORTS = ['revenue', 'popularity', 'scans', 'newest'] as const;

/** A URL (http/https) or a file we serve (an uploaded image /api/files/…, a bundled /images/…). */
const ZImageUrl = z
  .string()
  .trim()
  .max(2000, { error: zodError('OFFER_IMAGE_URL') })
  .refine((v) => /^\/(api\/files|images)\/[\w./-]+$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), {
    error: zodError('OFFER_IMAGE_URL'),
  });

const ZFaceValue = z
  .number({ error: REQUIRED })
  .int({ error: zodError('OFFER_FACE_VALUE_STEP') })
  .min(100, { error: zodError('OFFER_FACE_VALUE_MIN') })
  .max(1_000_000, { error: zodError('OFFER_FACE_VALUE_MAX') })
  .refine((v) => v % 100 === 0, { error: zodError('OFFER_FACE_VALUE_STEP') });

export const ZOfferInput = z.object({
  title: requiredText(120),
  description: requiredText(2000),
  /** Arabic title and description (issue 15): optional, empty = no translation (the French is shown). */
  titleAr: optionalText(120),
  descriptionAr: optionalText(2000),
  category: z.enum(OFFER_CATEGORIES, { error: zodError('INVALID_OFFER_CATEGORY') }).default('bien-etre'),
  faceValue: ZFaceValue,
  topupAllowed: z.boolean().default(false),
  imageUrl: z.union([ZImageUrl, z.literal('').transform(() => null), z.null()]).optional(),
  termsConditions: optionalText(2000),
  active: z.boolean().default(true),
});
export type TOfferInput = z.input<typeof ZOfferInput>;

export const ZOfferPatch = z.object({
  title: requiredText(120).optional(),
  description: requiredText(2000).optional(),
  titleAr: optionalText(120).optional(),
  descriptionAr: optionalText(2000).optional(),
  category: z.enum(OFFER_CATEGORIES, { error: zodError('INVALID_OFFER_CATEGORY') }).optional(),
  faceValue: ZFaceValue.optional(),
  topupAllowed: z.boolean().optional(),
  imageUrl: z.union([ZImageUrl, z.literal('').transform(() => null), z.null()]).optional(),
  termsConditions: optionalText(2000).optional(),
  active: z.boolean().optional(),
});
export type TOfferPatch = z.input<typeof ZOfferPatch>;

export const ZOfferListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  category: z.preprocess(emptyToUndefined, z.enum(OFFER_CATEGORIES, { error: zodError('INVALID_OFFER_CATEGORY') }).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(['active', 'inactive'], { error: zodError('UNKNOWN_STATUS') }).optional()),
  sort: z.enum(OFFER_SORTS, { error: zodError('UNKNOWN_SORT') }).default('newest'),
});

export const ZPartnerOffer = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  titleAr: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  category: z.enum(OFFER_CATEGORIES),
  faceValue: z.number().int(),
  topupAllowed: z.boolean(),
  imageUrl: z.string().nullable(),
  termsConditions: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  boxes: z.array(z.object({ id: z.string(), name: z.string(), nameAr: z.string().nullable() })),
  /** Never redeemed: it may be deleted. */
  deletable: z.boolean(),
  stats: z.object({
    scansThisMonth: z.number().int(),
    /** Partner net of this month's validations of the offer. */
    revenueThisMonth: z.number().int(),
    totalRedemptions: z.number().int(),
    rating: z.number().nullable(),
    reviewCount: z.number().int(),
    /** 1 = most redeemed of the partner's offers. */
    popularityRank: z.number().int(),
  }),
});
export type TPartnerOffer = z.infer<typeof ZPartnerOffer>;

export const ZPartnerOfferList = z.object({
  offers: z.array(ZPartnerOffer),
  tiles: z.object({
    totalOffers: z.number().int(),
    activeOffers: z.number().int(),
    scansThisMonth: z.number().int(),
    revenueThisMonth: z.number().int(),
    averageRating: z.number().nullable(),
  }),
});
export type TPartnerOfferList = z.infer<typeof ZPartnerOfferList>;
export const ZOfferImageResponse = z.object({ url: z.string(), fileId: z.string() });

// ---------------------------------------------------------------------------------------------------
// Reservations inbox and availability

export const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: zodError('TIME_FORMAT') });

/**
 * Inbox tabs: pending (pending, proposed), confirmed (confirmed, today or later), past (declined,
 * cancelled, completed, or a date gone by). Confirm / decline / propose bodies are the customer area's
 * ZDeclineReservationRequest and ZProposeReservationRequest (contracts/reservations.ts).
 */
export const RESERVATION_INBOX_TABS = ['pending', 'confirmed', 'past'] as const;
/** Reservations per page of the partner's inbox (and the most one request may ask for). */
export const RESERVATION_PAGE_SIZE = 50;
export const ZReservationInboxQuery = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(RESERVATION_INBOX_TABS, { error: zodError('UNKNOWN_STATUS') }).optional()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(RESERVATION_PAGE_SIZE),
});

export const ZPartnerReservation = z.object({
  id: z.string(),
  status: ZReservationStatus,
  statusLabel: z.string(),
  voucherCode: z.string(),
  boxName: z.string(),
  /** Arabic twins of the catalogue texts (issue 15): null where no translation exists. */
  boxNameAr: z.string().nullable(),
  offer: z.object({ id: z.string(), title: z.string(), titleAr: z.string().nullable() }),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  requestedDate: z.string(),
  /** Null: flexible (the partner calls back). */
  requestedTime: z.string().nullable(),
  guests: z.number().int(),
  ...RESERVATION_ANSWER_FIELDS,
});
export type TPartnerReservation = z.infer<typeof ZPartnerReservation>;
export const ZPartnerReservationList = z.object({
  reservations: z.array(ZPartnerReservation),
  counts: z.object({ pending: z.number().int(), confirmed: z.number().int(), past: z.number().int() }),
  /** Reservations in this tab (all tabs without one); this page holds at most pageSize of them. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TPartnerReservationList = z.infer<typeof ZPartnerReservationList>;
export const ZReservationActionResponse = z.object({ reservation: ZPartnerReservation, message: z.string() });

export const ISO_WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export const WEEKDAY_LABELS: Record<(typeof ISO_WEEKDAYS)[number], string> = {
  '1': 'Lundi',
  '2': 'Mardi',
  '3': 'Mercredi',
  '4': 'Jeudi',
  '5': 'Vendredi',
  '6': 'Samedi',
  '7': 'Dimanche',
};

export const ZTimeRange = z.object({ from: ZTime, to: ZTime }).refine((r) => r.from < r.to, {
  error: zodError('TIME_ORDER'),
  path: ['to'],
});
const ZDayRanges = z
  .array(ZTimeRange)
  .max(6)
  .refine(
    (ranges) => {
      const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from));
      return sorted.every((r, i) => i === 0 || sorted[i - 1]!.to <= r.from);
    },
    { error: zodError('TIME_OVERLAP') },
  );

/** Opening hours keyed by ISO weekday '1' (Monday) … '7' (Sunday); an empty list is a closed day. */
export const ZWeeklyHours = z.object({
  '1': ZDayRanges,
  '2': ZDayRanges,
  '3': ZDayRanges,
  '4': ZDayRanges,
  '5': ZDayRanges,
  '6': ZDayRanges,
  '7': ZDayRanges,
});
export type TWeeklyHours = z.infer<typeof ZWeeklyHours>;

export const ZAvailability = z.object({
  weeklyHours: ZWeeklyHours,
  slotMinutes: z.number().int().min(15, { error: zodError('SLOT_TOO_SHORT') }).max(480, { error: zodError('SLOT_TOO_LONG') }),
  capacity: z.number().int().min(1, { error: zodError('CAPACITY_TOO_LOW') }).max(1000, { error: zodError('CAPACITY_TOO_HIGH') }),
});
export type TAvailability = z.infer<typeof ZAvailability>;
/** GET answer: `configured` false while the partner has not saved hours (customers then see these sample hours). */
export const ZAvailabilityResponse = ZAvailability.extend({ configured: z.boolean() });

export const ZAvailabilityException = z.object({
  id: z.string(),
  date: z.string(),
  closed: z.boolean(),
  hours: z.array(z.object({ from: z.string(), to: z.string() })).nullable(),
  capacity: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type TAvailabilityException = z.infer<typeof ZAvailabilityException>;

/** A closed day (closed true) or special hours for that day (closed false with hours). Same day again: replaced. */
export const ZAvailabilityExceptionInput = z
  .object({
    date: ZDay,
    closed: z.boolean().default(true),
    hours: ZDayRanges.optional(),
    capacity: z.number().int().min(1).max(1000).optional(),
    note: optionalText(200),
  })
  .refine((e) => e.closed || (e.hours?.length ?? 0) > 0, { error: zodError('DAY_HOURS_REQUIRED'), path: ['hours'] });
export const ZAvailabilityExceptionList = z.object({ exceptions: z.array(ZAvailabilityException) });

// ---------------------------------------------------------------------------------------------------
// Profile, password, team, invitations (docs/product/partners.md §6, §7)

export const KYC_STATUS_LABELS: Record<'pending' | 'verified' | 'rejected', string> = {
  pending: 'En attente',
  verified: 'Vérifié',
  rejected: 'Rejeté',
};

export const ZTeamMember = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['owner', 'staff']),
  /** 'Propriétaire' or 'Staff'. */
  roleLabel: z.string(),
  /** Null while the invitation is not accepted. */
  joinedAt: z.string().nullable(),
  invitedAt: z.string().nullable(),
  invitationPending: z.boolean(),
  permissions: z.array(ZPartnerPermission),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZPartnerProfile = z.object({
  business: z.object({
    id: z.string(),
    businessName: z.string(),
    description: z.string(),
    address: z.string(),
    city: z.string(),
    wilaya: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    businessType: z.string().nullable(),
    /** businessType with underscores replaced by spaces. */
    businessTypeLabel: z.string().nullable(),
    registrationNumber: z.string().nullable(),
    taxNumber: z.string().nullable(),
    kycStatus: z.enum(['pending', 'verified', 'rejected']),
    kycStatusLabel: z.string(),
    active: z.boolean(),
    ibanMasked: z.string().nullable(),
    bankName: z.string().nullable(),
    settlementCycle: z.string(),
    commissionBp: z.number().int(),
    /** 15.0 for 1500 bp (header: 0 decimals, business tab: 1 decimal). */
    commissionPercent: z.number(),
    since: z.string(),
    seniorityDays: z.number().int(),
  }),
  ownerInfo: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string().nullable() }).nullable(),
  me: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    memberRole: z.enum(['owner', 'staff']),
    /** 'Propriétaire' or 'Staff' (docs/product/partners.md §1). */
    accountType: z.string(),
    permissions: z.array(ZPartnerPermission),
    createdAt: z.string(),
  }),
  /** Owner and staff (the team tab shows it to the owner only). */
  teamMembers: z.array(ZTeamMember),
});
export type TPartnerProfile = z.infer<typeof ZPartnerProfile>;

export const ZUpdatePersonalProfile = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: ZEmail,
  phone: ZPhone,
});
export type TUpdatePersonalProfile = z.infer<typeof ZUpdatePersonalProfile>;

export const ZUpdateBusinessProfile = z.object({
  businessName: requiredText(160),
  description: z.string().trim().max(4000).optional(),
  address: requiredText(300),
  city: z.string().trim().min(1, { error: REQUIRED }).max(100).optional(),
  phone: ZOptionalPhone.optional(),
  email: z.union([ZEmail, z.literal('').transform(() => null), z.null()]).optional(),
  website: z
    .union([z.string().trim().regex(/^https?:\/\/[^\s]+$/i, { error: zodError('WEBSITE_INVALID') }), z.literal('').transform(() => null), z.null()])
    .optional(),
});
export type TUpdateBusinessProfile = z.input<typeof ZUpdateBusinessProfile>;

/** The answer of a profile step: its success message (docs/product/partners.md §7). */
export const ZMessageResponse = z.object({ message: z.string() });

export const ZInviteMember = z.object({
  email: ZEmail,
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  /** Optional: the member's mobile, stored in E.164 (issue 25). */
  phone: ZOptionalPhone.optional(),
  /** docs/product/partners.md §6: default permission scanner. */
  permissions: z.array(ZPartnerPermission).max(4).default(['scanner']),
});
export type TInviteMember = z.input<typeof ZInviteMember>;
export const ZInviteMemberResponse = z.object({ member: ZTeamMember, message: z.string() });
export const ZUpdateMemberPermissions = z.object({ permissions: z.array(ZPartnerPermission).max(4) });
export const ZTeamMemberResponse = z.object({ member: ZTeamMember, message: z.string() });

/** Public: GET /api/invitations/:token. */
export const ZInvitationInfo = z.object({
  partnerName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  expiresAt: z.string(),
});
export type TInvitationInfo = z.infer<typeof ZInvitationInfo>;
export const ZAcceptInvitation = z.object({
  password: z.string({ error: REQUIRED }).min(6, { error: zodError('PASSWORD_TOO_SHORT', { min: 6 }) }).max(200),
  confirmPassword: z.string({ error: REQUIRED }),
  firstName: requiredText(100),
  lastName: requiredText(100),
});
export type TAcceptInvitation = z.infer<typeof ZAcceptInvitation>;

// ---------------------------------------------------------------------------------------------------
// Settings tab (docs/product/partners.md §7)

export const EMAIL_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export const ZNotificationPreferences = z.object({
  newVouchers: z.boolean(),
  payouts: z.boolean(),
  systemAlerts: z.boolean(),
  marketing: z.boolean(),
  sms: z.boolean(),
  emailFrequency: z.enum(EMAIL_FREQUENCIES, { error: zodError('UNKNOWN_FREQUENCY') }),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;
export const DEFAULT_PARTNER_NOTIFICATION_PREFERENCES: TNotificationPreferences = {
  newVouchers: true,
  payouts: true,
  systemAlerts: true,
  marketing: false,
  sms: false,
  emailFrequency: 'instant',
};
export const ZActivityExportQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: zodError('EXPORT_MONTH') }).optional(),
});

// ---------------------------------------------------------------------------------------------------
// Support: tickets and system status (docs/product/support.md §3, docs/product/partners.md §14)

export const PARTNER_TICKET_CATEGORIES = ['scanner', 'paiements', 'compte', 'equipe', 'technique'] as const;
export const PARTNER_TICKET_CATEGORY_LABELS: Record<(typeof PARTNER_TICKET_CATEGORIES)[number], string> = {
  scanner: 'Scanner',
  paiements: 'Paiements',
  compte: 'Compte',
  equipe: 'Équipe',
  technique: 'Technique',
};
/**
 * POST /api/partner/tickets (JSON, or multipart/form-data with files under `attachments`). Answers,
 * lists, details and replies use the customer area's ticket contracts (contracts/support.ts:
 * ZTicketList, ZTicketDetail, ZTicketResponse, ZTicketReplyRequest). The FAQ is GET /api/faq?audience=partner.
 */
export const ZCreatePartnerTicket = z.object({
  title: requiredText(200),
  description: requiredText(5000),
  category: z.enum(PARTNER_TICKET_CATEGORIES, { error: zodError('UNKNOWN_CATEGORY') }).default('scanner'),
  priority: z.enum(TICKET_PRIORITIES, { error: zodError('UNKNOWN_PRIORITY') }).default('medium'),
});
export type TCreatePartnerTicket = z.input<typeof ZCreatePartnerTicket>;

export const SERVICE_STATUSES = ['operational', 'degraded', 'down'] as const;
export const SERVICE_STATUS_LABELS: Record<(typeof SERVICE_STATUSES)[number], string> = {
  operational: 'Opérationnel',
  degraded: 'Dégradé',
  down: 'Hors service',
};
export const ZServiceStatus = z.object({
  key: z.string(),
  service: z.string(),
  status: z.enum(SERVICE_STATUSES),
  /** French; the web words `detailCode` and `detailParams` in the reader's language (issue 15). */
  detail: z.string(),
  /**
   * db_response `{ ms }`, db_down, scanner_ok, scanner_down, email_queue `{ waiting, lastSentMinutes, failed }`
   * (lastSentMinutes null: nothing sent lately), email_down, payments_chargily `{ mode: live | test }`,
   * payments_sandbox, jobs_on, jobs_off.
   */
  detailCode: z.string(),
  detailParams: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  lastCheck: z.string(),
  /** Measured response time in seconds (docs/product/partners.md §14), when there is one. */
  responseTime: z.number().nullable(),
});
export const ZSystemStatus = z.object({
  overall: z.enum(['healthy', 'degraded', 'down']),
  services: z.array(ZServiceStatus),
  checkedAt: z.string(),
  /** Seconds since this server instance started. */
  instanceUptimeSeconds: z.number().int(),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;
