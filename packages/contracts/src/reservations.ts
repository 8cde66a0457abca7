import { z } from 'zod';
import { zodError } from './errors.ts';
import { ZPhone } from './auth.ts';

/** The reservations' success messages (docs/product/reservations.md §3, §6). */
export const RESERVATION_MESSAGES = {
  SUCCESS: 'Réservation confirmée ! Le partenaire vous contactera pour finaliser.',
  CANCELLED: 'Réservation annulée. Votre coffret est de nouveau disponible.',
  PROPOSAL_ACCEPTED: 'Nouvelle date acceptée : votre réservation est confirmée.',
} as const;

/** docs/product/reservations.md §3, §6: reservation horizon, party size, changes at least 48 h ahead. */
export const RESERVATION_MAX_MONTHS = 6;
export const RESERVATION_MIN_GUESTS = 1;
export const RESERVATION_MAX_GUESTS = 8;
export const RESERVATION_CANCEL_HOURS = 48;
/** docs/product/reservations.md §1: the form's time choices ('Flexible' = no fixed time; the partner calls back). */
export const RESERVATION_FLEXIBLE = 'Flexible';
export const SAMPLE_RESERVATION_TIMES = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00', '17:00'] as const;

export const RESERVATION_STATUSES = ['pending', 'confirmed', 'declined', 'cancelled', 'proposed', 'completed'] as const;
export const ZReservationStatus = z.enum(RESERVATION_STATUSES);
export type TReservationStatus = z.infer<typeof ZReservationStatus>;
export const RESERVATION_STATUS_LABELS: Record<TReservationStatus, string> = {
  pending: 'En attente',
  confirmed: 'Confirmée',
  declined: 'Refusée',
  cancelled: 'Annulée',
  proposed: 'Nouvelle date proposée',
  completed: 'Terminée',
};

/** A calendar day, YYYY-MM-DD, in Africa/Algiers. */
export const ZDay = z
  .string({ error: zodError('DATE_REQUIRED') })
  .min(1, { error: zodError('DATE_REQUIRED') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: zodError('DATE_INVALID') })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: zodError('DATE_INVALID'),
  });
/** HH:MM, 24 h. */
export const ZSlotTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: zodError('TIME_INVALID') });

// ---------------------------------------------------------------------------------------------------
// Slots

/** GET /api/client/vouchers/:id/slots */
export const ZSlotsQuery = z.object({
  partnerId: z.uuid({ error: zodError('OFFER_UNAVAILABLE') }),
  offerId: z.uuid({ error: zodError('OFFER_UNAVAILABLE') }).optional(),
  date: ZDay,
  /** Party size: a slot is `available` when at least this many places remain (default 1). */
  guests: z.coerce
    .number({ error: zodError('GUESTS') })
    .int({ error: zodError('GUESTS') })
    .min(RESERVATION_MIN_GUESTS, { error: zodError('GUESTS') })
    .max(RESERVATION_MAX_GUESTS, { error: zodError('GUESTS') })
    .optional(),
});
export type TSlotsQuery = z.infer<typeof ZSlotsQuery>;

export const ZSlot = z.object({
  /** HH:MM, start of the slot in Africa/Algiers. */
  time: z.string(),
  capacity: z.number().int(),
  /** Guests of pending and confirmed reservations in that slot. */
  booked: z.number().int(),
  remaining: z.number().int(),
  /** Bookable now: remaining capacity and not already started (today). */
  available: z.boolean(),
});
export type TSlot = z.infer<typeof ZSlot>;

export const ZDaySlots = z.object({
  date: z.string(),
  /** Closed all day (weekly hours or an exception). */
  closed: z.boolean(),
  /** 'Flexible' may be chosen on any open day that is not in the past. */
  flexibleAvailable: z.boolean(),
  slots: z.array(ZSlot),
  /** The partner has not set hours yet: the sample hours of docs/product/reservations.md §4 are used. */
  sampleHours: z.boolean(),
});
export type TDaySlots = z.infer<typeof ZDaySlots>;

/** The most days one calendar request covers (docs/product/reservations.md §4). */
export const CALENDAR_MAX_DAYS = 62;
/**
 * GET /api/client/vouchers/:id/calendar — which days may be booked, for the date picker
 * (docs/product/reservations.md §4): a bounded range of at most 62 days from `from`.
 */
export const ZCalendarQuery = z.object({
  partnerId: z.uuid({ error: zodError('OFFER_UNAVAILABLE') }),
  offerId: z.uuid({ error: zodError('OFFER_UNAVAILABLE') }).optional(),
  from: ZDay,
  days: z.coerce.number().int().min(1).max(CALENDAR_MAX_DAYS).default(31),
  /** Party size: a day is `full` when no slot keeps this many places (default 1). */
  guests: z.coerce
    .number({ error: zodError('GUESTS') })
    .int({ error: zodError('GUESTS') })
    .min(RESERVATION_MIN_GUESTS, { error: zodError('GUESTS') })
    .max(RESERVATION_MAX_GUESTS, { error: zodError('GUESTS') })
    .optional(),
});
export type TCalendarQuery = z.input<typeof ZCalendarQuery>;
/**
 * A day of the calendar: `open` (a slot to come keeps the party's places), `closed` (weekly hours or an
 * exceptional closure), `full` (open, but no slot left for the party), `outside` (past, beyond the 6 months
 * or the voucher's expiry).
 */
export const CALENDAR_DAY_STATUSES = ['open', 'closed', 'full', 'outside'] as const;
export type TCalendarDayStatus = (typeof CALENDAR_DAY_STATUSES)[number];
export const ZCalendar = z.object({
  /** The first and the last day the voucher may be booked for (today; the 6 months or its expiry). */
  firstDay: z.string(),
  lastDay: z.string(),
  /** The partner has not set hours yet: the sample hours apply. */
  sampleHours: z.boolean(),
  days: z.array(
    z.object({ date: z.string(), open: z.boolean(), status: z.enum(CALENDAR_DAY_STATUSES), remaining: z.number().int() }),
  ),
});
export type TCalendar = z.infer<typeof ZCalendar>;

// ---------------------------------------------------------------------------------------------------
// Reservations

/** POST /api/client/reservations (docs/product/reservations.md §3). */
export const ZCreateReservationRequest = z.object({
  voucherId: z.uuid({ error: zodError('VOUCHER_NOT_FOUND') }),
  partnerId: z.uuid({ error: zodError('OFFER_UNAVAILABLE') }),
  offerId: z.uuid({ error: zodError('OFFER_UNAVAILABLE') }),
  date: ZDay,
  /** 'Flexible', '' or absent: no fixed time; otherwise one of the day's slots (HH:MM). */
  time: z
    .union([z.literal(RESERVATION_FLEXIBLE), z.literal(''), ZSlotTime], { error: zodError('TIME_INVALID') })
    .nullish()
    .transform((v) => (v && v !== RESERVATION_FLEXIBLE ? v : null)),
  guests: z
    .number({ error: zodError('GUESTS') })
    .int({ error: zodError('GUESTS') })
    .min(RESERVATION_MIN_GUESTS, { error: zodError('GUESTS') })
    .max(RESERVATION_MAX_GUESTS, { error: zodError('GUESTS') }),
  phone: z
    .string({ error: zodError('PHONE_REQUIRED') })
    .trim()
    .min(1, { error: zodError('PHONE_REQUIRED') })
    .pipe(ZPhone),
  notes: z
    .string()
    .trim()
    .max(1000, { error: zodError('TEXT_TOO_LONG', { max: 1000 }) })
    .optional()
    .transform((v) => (v ? v : null)),
});
export type TCreateReservationRequest = z.input<typeof ZCreateReservationRequest>;

/**
 * What the customer's (ZReservation) and the partner's (ZPartnerReservation) views both show after the
 * request itself: the customer's notes, the partner's answer and when it changed.
 */
export const RESERVATION_ANSWER_FIELDS = {
  notes: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** Set while status is 'proposed': the partner's counter-proposal. */
  proposedDate: z.string().nullable(),
  proposedTime: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const ZReservation = z.object({
  id: z.string(),
  status: ZReservationStatus,
  /** `boxNameAr`, `titleAr`: the Arabic twins (issue 15), null where no translation exists. */
  voucher: z.object({ id: z.string(), code: z.string(), boxName: z.string(), boxNameAr: z.string().nullable() }),
  partner: z.object({
    id: z.string(),
    name: z.string(),
    city: z.string(),
    address: z.string(),
    phone: z.string().nullable(),
  }),
  offer: z.object({ id: z.string(), title: z.string(), titleAr: z.string().nullable() }),
  /** YYYY-MM-DD */
  date: z.string(),
  /** HH:MM, or null for 'Flexible'. */
  time: z.string().nullable(),
  guests: z.number().int(),
  phone: z.string(),
  ...RESERVATION_ANSWER_FIELDS,
  /** The customer may still cancel (48 h rule, docs/product/reservations.md §6). */
  canCancel: z.boolean(),
  /** Last moment to cancel (ISO), null when not applicable. */
  cancelDeadline: z.string().nullable(),
  canAcceptProposal: z.boolean(),
});
export type TReservation = z.infer<typeof ZReservation>;

export const ZReservationList = z.object({ reservations: z.array(ZReservation) });
export const ZReservationResponse = z.object({ reservation: ZReservation, message: z.string() });
export type TReservationResponse = z.infer<typeof ZReservationResponse>;

export const ZReservationIdParams = z.object({ id: z.uuid({ error: zodError('RESERVATION_NOT_FOUND') }) });

/** Partner side (used by the partner portal): decline with a reason, propose another date. */
export const ZDeclineReservationRequest = z.object({
  reason: z.string({ error: zodError('VALIDATION') }).trim().min(1, { error: zodError('VALIDATION') }).max(500),
});
export const ZProposeReservationRequest = z.object({
  date: ZDay,
  time: z
    .union([z.literal(RESERVATION_FLEXIBLE), z.literal(''), ZSlotTime], { error: zodError('TIME_INVALID') })
    .nullish()
    .transform((v) => (v && v !== RESERVATION_FLEXIBLE ? v : null)),
  message: z.string().trim().max(500).optional(),
});
