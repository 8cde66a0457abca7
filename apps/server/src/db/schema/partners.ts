import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, date } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, requiredRef, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';
import { storedFiles } from './platform.ts';

export const KYC_STATUSES = ['pending', 'verified', 'rejected'] as const;
export const SETTLEMENT_CYCLES = ['J+7', 'J+14', 'monthly'] as const;
export const KYC_DOCUMENT_TYPES = ['business_license', 'identity_card', 'bank_statement'] as const;
export const PARTNER_PERMISSIONS = ['scanner', 'view_transactions', 'manage_offers', 'manage_reservations'] as const;

// owner: partners
export const partners = pgTable(
  'partners',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull(),
    wilaya: text('wilaya').notNull(),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    businessType: text('business_type'),
    registrationNumber: text('registration_number'),
    taxNumber: text('tax_number'),
    category: text('category'),
    logoUrl: text('logo_url'),
    kycStatus: text('kyc_status').$type<(typeof KYC_STATUSES)[number]>().notNull().default('pending'),
    /** Issue 12: when the owner last submitted the three documents, the last decision and its reason. */
    kycSubmittedAt: ts('kyc_submitted_at'),
    kycReviewedAt: ts('kyc_reviewed_at'),
    kycRejectionReason: text('kyc_rejection_reason'),
    iban: text('iban'),
    bankName: text('bank_name'),
    settlementCycle: text('settlement_cycle').notNull().default('J+14'),
    /** docs/product/money.md §2: commission in basis points, 1500 = 15 %. */
    commissionBp: integer('commission_bp').notNull().default(1500),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Notification preferences (docs/product/partners.md §7). */
    notificationPreferences: jsonb('notification_preferences').notNull().default({}),
    active: boolean('active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('partners_city_idx').on(t.city),
    index('partners_kyc_idx').on(t.kycStatus),
    check('partners_kyc_check', oneOf(t.kycStatus, KYC_STATUSES)),
    check('partners_cycle_check', oneOf(t.settlementCycle, SETTLEMENT_CYCLES)),
    check('partners_commission_check', sql`${t.commissionBp} between 0 and 10000`),
  ],
);

// owner: partners
export const partnerMembers = pgTable(
  'partner_members',
  {
    id: id(),
    partnerId: requiredRef('partner_id', () => partners.id, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    memberRole: text('member_role').$type<'owner' | 'staff'>().notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    invitedAt: ts('invited_at'),
    joinedAt: ts('joined_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('partner_members_user_key').on(t.userId),
    index('partner_members_partner_idx').on(t.partnerId),
    check('partner_members_role_check', oneOf(t.memberRole, ['owner', 'staff'])),
  ],
);

// owner: partners
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: id(),
    partnerId: requiredRef('partner_id', () => partners.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    fileId: requiredRef('file_id', () => storedFiles.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('kyc_documents_partner_idx').on(t.partnerId),
    check('kyc_documents_type_check', oneOf(t.type, KYC_DOCUMENT_TYPES)),
  ],
);

/** Weekly opening hours, slot length and capacity; reservation slots come from here. */
// owner: partners
export const partnerAvailability = pgTable(
  'partner_availability',
  {
    partnerId: uuid('partner_id')
      .primaryKey()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** { "0": [], "1": [{ "from": "09:00", "to": "17:00" }], … } keyed by ISO weekday 1-7 (7 = Sunday). */
    weeklyHours: jsonb('weekly_hours').notNull(),
    slotMinutes: integer('slot_minutes').notNull().default(60),
    capacity: integer('capacity').notNull().default(20),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('availability_slot_check', sql`${t.slotMinutes} between 15 and 480`),
    check('availability_capacity_check', sql`${t.capacity} between 1 and 1000`),
  ],
);

// owner: partners
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: id(),
    partnerId: requiredRef('partner_id', () => partners.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    closed: boolean('closed').notNull().default(true),
    /** Replacement hours for that day when not closed. */
    hours: jsonb('hours'),
    capacity: integer('capacity'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('availability_exceptions_day_key').on(t.partnerId, t.date)],
);
