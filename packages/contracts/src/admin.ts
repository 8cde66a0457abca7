import { z } from 'zod';
// The `min` metadata's country list (the web's forms load it already): the countries a number can be of.
import { isSupportedCountry } from 'libphonenumber-js/min';
import { zodError } from './errors.ts';
import { requiredText } from './text.ts';
import { ZProfile } from './account.ts';
import { ZSystemStatus } from './analytics.ts';
import { ZPayout } from './partner.ts';
import { ZEmail, ZOptionalPhone, ZPassword, ZPhone } from './auth.ts';
import { OFFER_CATEGORIES } from './catalog.ts';
import { ZRole } from './roles.ts';

/** The back office's `/:id` routes (users, partners, boxes, offers…): a path id that is not one answers the catalogue's code. */
export const ZAdminIdParams = z.object({ id: z.uuid({ error: zodError('INVALID_ID') }) });
export const ZKycDocumentParams = ZAdminIdParams.extend({ documentId: z.uuid({ error: zodError('KYC_DOCUMENT_NOT_FOUND') }) });

/** Successes shown by the back office, French and Arabic. */
export const ADMIN_MESSAGES = {
  PAYOUT_APPROVED: { fr: 'Règlement approuvé : en cours de traitement', ar: 'تمت الموافقة على التسوية: قيد المعالجة' },
  PAYOUT_PAID: { fr: 'Règlement marqué payé', ar: 'تم تسجيل التسوية كمدفوعة' },
  PAYOUT_FAILED: { fr: 'Règlement marqué en échec', ar: 'تم تسجيل فشل التسوية' },
  KYC_VERIFIED: { fr: 'Partenaire validé', ar: 'تم التحقق من الشريك' },
  KYC_REJECTED: { fr: 'KYC rejeté', ar: 'تم رفض التحقق' },
  KYC_SUBMITTED: { fr: 'Documents soumis : vérification sous 48 h', ar: 'تم إرسال الوثائق: التحقق خلال 48 ساعة' },
  KYC_UPLOADED: { fr: 'Document ajouté', ar: 'تمت إضافة الوثيقة' },
  PARTNER_UPDATED: { fr: 'Partenaire mis à jour', ar: 'تم تحديث الشريك' },
  USER_SUSPENDED: { fr: 'Compte suspendu', ar: 'تم تعليق الحساب' },
  USER_REACTIVATED: { fr: 'Compte réactivé', ar: 'تمت إعادة تفعيل الحساب' },
  USER_CREATED: { fr: 'Compte créé : une invitation a été envoyée', ar: 'تم إنشاء الحساب: أرسلت دعوة' },
  USER_UPDATED: { fr: 'Compte mis à jour', ar: 'تم تحديث الحساب' },
  USER_RESET_SENT: { fr: 'Lien de réinitialisation envoyé', ar: 'تم إرسال رابط إعادة التعيين' },
  USER_INVITATION_SENT: { fr: 'Invitation envoyée à nouveau', ar: 'تم إرسال الدعوة مرة أخرى' },
  SETTINGS_SAVED: { fr: 'Configuration système sauvegardée !', ar: 'تم حفظ إعدادات النظام!' },
  SETTINGS_IMPORTED: { fr: 'Configuration importée', ar: 'تم استيراد الإعدادات' },
  SETTINGS_RESET: { fr: 'Paramètres réinitialisés aux valeurs par défaut', ar: 'تمت إعادة الإعدادات إلى القيم الافتراضية' },
  REFUND_PAID: { fr: 'Remboursement effectué', ar: 'تم تنفيذ الاسترداد' },
  REFUND_FAILED: { fr: 'Remboursement marqué en échec', ar: 'تم تسجيل فشل الاسترداد' },
  REFUND_TRANSFER_RECORDED: { fr: 'Virement manuel enregistré : le client est prévenu', ar: 'تم تسجيل التحويل اليدوي: تم إعلام الزبون' },
} as const satisfies Record<string, { fr: string; ar: string }>;

export const ZPage = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

// ---------------------------------------------------------------------------------------------------
// Payouts (finance)

export const ADMIN_PAYOUT_FILTERS = ['requested', 'processing', 'paid', 'failed', 'all'] as const;
export const ZAdminPayoutQuery = ZPage.extend({ status: z.enum(ADMIN_PAYOUT_FILTERS).default('requested') });
export const ZAdminPayout = ZPayout.extend({
  partner: z.object({ id: z.string(), name: z.string(), city: z.string() }),
  /** Full IBAN: finance needs it for the transfer. */
  iban: z.string().nullable(),
});
export type TAdminPayout = z.infer<typeof ZAdminPayout>;
export const ZAdminPayoutList = z.object({
  payouts: z.array(ZAdminPayout),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Count per status, for the tabs. */
  counts: z.record(z.string(), z.number().int()),
});
export type TAdminPayoutList = z.infer<typeof ZAdminPayoutList>;
export const ZPayoutPaidInput = z.object({
  reference: z.string({ error: zodError('PAYOUT_REFERENCE_REQUIRED') }).trim().min(3, { error: zodError('PAYOUT_REFERENCE_REQUIRED') }).max(80),
});
export const ZPayoutFailedInput = z.object({
  reason: z.string({ error: zodError('PAYOUT_REASON_REQUIRED') }).trim().min(3, { error: zodError('PAYOUT_REASON_REQUIRED') }).max(300),
});
export const ZAdminPayoutActionResponse = z.object({ payout: ZPayout, message: z.string() });

// ---------------------------------------------------------------------------------------------------
// Refunds (finance)

export const ADMIN_REFUND_FILTERS = ['pending', 'paid', 'failed', 'all'] as const;
export const ZAdminRefundQuery = ZPage.extend({ status: z.enum(ADMIN_REFUND_FILTERS).default('pending') });
/**
 * Why money is owed back (issue 15: the web words it per language): an unused box within 14 days, a dispute
 * (`{ type, title, boxName, boxNameAr }`: the web words its title from the type and the box's names;
 * older rows carry only the French `title`), a paid extension or exchange that could no longer be applied, a
 * basket's gift paid by a second payment of the same lines (issue 34, docs/product/basket.md §8).
 */
/** Issue 37: `group_gift`, a contribution to a group gift paid back (docs/product/group-gifts.md §6). */
export const REFUND_REASON_CODES = ['unused_box', 'dispute', 'extension_impossible', 'exchange_impossible', 'duplicate_payment', 'group_gift', 'parcel_returned'] as const;
export type TRefundReasonCode = (typeof REFUND_REASON_CODES)[number];

export const ZAdminRefund = z.object({
  id: z.string(),
  orderId: z.string(),
  amount: z.number().int(),
  /** French, as stored; shown when `reasonCode` is null (older rows). */
  reason: z.string(),
  reasonCode: z.enum(REFUND_REASON_CODES).nullable(),
  reasonParams: z.record(z.string(), z.string()).nullable(),
  status: z.enum(['pending', 'paid', 'failed']),
  paymentMethod: z.string().nullable(),
  /** The gateway the order was paid through, and whether it can refund by API (else a manual bank refund). */
  provider: z.string().nullable(),
  gatewayRefund: z.boolean(),
  /**
   * Issue 34: the gateway refused to refund it (REFUND_GATEWAY, 502): finance sends a bank transfer and records
   * it (POST /api/admin/refunds/:id/manual-transfer).
   */
  gatewayRefused: z.boolean(),
  /**
   * Issue 24: what goes back to the card, in the currency it was charged in (an international card's euros
   * or dollars, the share of the charge this dinar refund is); dinars for CIB and EDAHABIA.
   */
  charged: z.object({ currency: z.enum(['DZD', 'EUR', 'USD']), amount: z.number().int() }),
  customer: z.object({ email: z.string(), name: z.string() }).nullable(),
  voucherCode: z.string().nullable(),
  boxName: z.string().nullable(),
  /** Its Arabic twin (issue 15), null where no translation exists. */
  boxNameAr: z.string().nullable(),
  reference: z.string().nullable(),
  failureReason: z.string().nullable(),
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type TAdminRefund = z.infer<typeof ZAdminRefund>;
export const ZAdminRefundList = z.object({
  refunds: z.array(ZAdminRefund),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
});
export type TAdminRefundList = z.infer<typeof ZAdminRefundList>;
export const ZAdminRefundActionResponse = z.object({ refund: ZAdminRefund, message: z.string() });
/** POST /api/admin/refunds/:id/manual-transfer (issue 34): the bank transfer finance made instead, by its reference. */
export const ZRefundManualTransferInput = z.object({
  reference: z.string({ error: zodError('REFUND_TRANSFER_REFERENCE_REQUIRED') }).trim().min(3, { error: zodError('REFUND_TRANSFER_REFERENCE_REQUIRED') }).max(80, { error: zodError('REFUND_TRANSFER_REFERENCE_REQUIRED') }),
});
export type TRefundManualTransferInput = z.infer<typeof ZRefundManualTransferInput>;

// ---------------------------------------------------------------------------------------------------
// Partners and KYC

export const KYC_DOCUMENT_TYPES = ['business_license', 'identity_card', 'bank_statement'] as const;
export const ZKycDocumentType = z.enum(KYC_DOCUMENT_TYPES, { error: zodError('KYC_DOCUMENT_TYPE') });
export const KYC_DOCUMENT_LABELS: Record<(typeof KYC_DOCUMENT_TYPES)[number], string> = {
  business_license: 'Registre de commerce',
  identity_card: "Pièce d'identité",
  bank_statement: 'Relevé bancaire (RIB)',
};
export const ZKycStatus = z.enum(['pending', 'verified', 'rejected']);
export const SETTLEMENT_CYCLES = ['J+7', 'J+14', 'monthly'] as const;

export const ZKycDocument = z.object({
  id: z.string(),
  type: ZKycDocumentType,
  typeLabel: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
  url: z.string(),
});
export const ZKycState = z.object({
  status: ZKycStatus,
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** Latest document per type. */
  documents: z.array(ZKycDocument),
  missing: z.array(ZKycDocumentType),
});
export type TKycState = z.infer<typeof ZKycState>;

export const ZAdminPartnerQuery = ZPage.extend({
  kyc: ZKycStatus.optional(),
  q: z.string().trim().max(100).optional(),
});
export const ZAdminPartner = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  kycStatus: ZKycStatus,
  kycSubmittedAt: z.string().nullable(),
  active: z.boolean(),
  commissionBp: z.number().int(),
  settlementCycle: z.string(),
  iban: z.string().nullable(),
  offersCount: z.number().int(),
  redemptions: z.number().int(),
  /** Gross of every redemption, in DZD. */
  revenueTotal: z.number().int(),
  createdAt: z.string(),
});
export type TAdminPartner = z.infer<typeof ZAdminPartner>;
export const ZAdminPartnerList = z.object({
  partners: z.array(ZAdminPartner),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({ all: z.number().int(), pending: z.number().int(), verified: z.number().int(), rejected: z.number().int() }),
});
export type TAdminPartnerList = z.infer<typeof ZAdminPartnerList>;
export const ZAdminPartnerDetail = z.object({ partner: ZAdminPartner, kyc: ZKycState });
export type TAdminPartnerDetail = z.infer<typeof ZAdminPartnerDetail>;

export const ZKycDecisionInput = z
  .object({ decision: z.enum(['verified', 'rejected']), reason: z.string().trim().max(500).optional() })
  .refine((d) => d.decision === 'verified' || (d.reason?.length ?? 0) >= 3, { error: zodError('KYC_REASON_REQUIRED'), path: ['reason'] });
export const ZPartnerTermsInput = z
  .object({
    commissionBp: z.number().int().min(0).max(10_000).optional(),
    settlementCycle: z.enum(SETTLEMENT_CYCLES).optional(),
    active: z.boolean().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { error: zodError('NOTHING_TO_UPDATE') });
export const ZAdminPartnerActionResponse = z.object({ partner: ZAdminPartner, message: z.string() });
export const ZKycUploadResponse = z.object({ document: ZKycDocument, kyc: ZKycState, message: z.string() });
export const ZKycSubmitResponse = z.object({ kyc: ZKycState, message: z.string() });

/** "Devenir partenaire" (docs/product/partners.md §3): the business, its first contact (the owner account) and their consent. */
export const ZPartnerRegistration = z.object({
  businessName: requiredText(120),
  category: z.enum(OFFER_CATEGORIES, { error: zodError('UNKNOWN_CATEGORY') }),
  city: requiredText(60),
  /** Defaults to the city. */
  wilaya: z.string().trim().max(60, { error: zodError('TEXT_TOO_LONG', { max: 60 }) }).optional(),
  phone: ZPhone,
  firstName: requiredText(60),
  lastName: requiredText(60),
  email: ZEmail,
  /** The minimum length is the setting security.password_min_length, checked by the server. */
  password: ZPassword,
  consent: z.literal(true, { error: zodError('PARTNER_CONSENT') }),
});
export type TPartnerRegistration = z.infer<typeof ZPartnerRegistration>;

// ---------------------------------------------------------------------------------------------------
// Users (superadmin)

export const ZAdminUserQuery = ZPage.extend({
  q: z.string().trim().max(100).optional(),
  role: ZRole.optional(),
  status: z.enum(['active', 'suspended', 'pending']).optional(),
});
export const ZAdminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRole,
  status: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Wrong passwords since the last successful login, and the latest. */
  failedLogins: z.number().int(),
  lastFailedLoginAt: z.string().nullable(),
  twoFactor: z.boolean(),
  openSessions: z.number().int(),
  vouchersCount: z.number().int(),
  totalSpent: z.number().int(),
});
export type TAdminUserRow = z.infer<typeof ZAdminUserRow>;
export const ZAdminUserPage = z.object({
  users: z.array(ZAdminUserRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAdminUserPage = z.infer<typeof ZAdminUserPage>;
export const ZUserActionResponse = z.object({ user: ZAdminUserRow, message: z.string() });

/** Roles a superadmin creates from the users page (customers register themselves). */
export const CREATABLE_ROLES = ['superadmin', 'finance', 'catalog_admin', 'logistics', 'support', 'partner_owner', 'partner_staff'] as const;
/** Roles edited on the users page: the back office's (a partner's role follows its membership). */
export const STAFF_ROLES = ['superadmin', 'finance', 'catalog_admin', 'logistics', 'support'] as const;
const personName = z.string().trim().min(1, { error: zodError('NAME_REQUIRED') }).max(100);
export const ZCreateUserInput = z
  .object({
    email: z.email({ error: zodError('INVALID_EMAIL') }).max(254).transform((e) => e.trim().toLowerCase()),
    firstName: personName,
    lastName: personName,
    role: z.enum(CREATABLE_ROLES, { error: zodError('ROLE_NOT_CREATABLE') }),
    /** Required for partner roles: the business the account belongs to. */
    partnerId: z.uuid().optional(),
  })
  .refine((v) => !v.role.startsWith('partner_') || v.partnerId, { error: zodError('PARTNER_REQUIRED'), path: ['partnerId'] });
export type TCreateUserInput = z.infer<typeof ZCreateUserInput>;
export const ZUpdateUserInput = z
  .object({
    firstName: personName.optional(),
    lastName: personName.optional(),
    phone: ZOptionalPhone.optional(),
    role: z.enum(STAFF_ROLES).optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { error: zodError('NOTHING_TO_UPDATE') });
export type TUpdateUserInput = z.infer<typeof ZUpdateUserInput>;

// ---------------------------------------------------------------------------------------------------
// Audit (superadmin)

export const ZAuditQuery = ZPage.extend({
  action: z.string().trim().max(60).optional(),
  entityType: z.string().trim().max(40).optional(),
  entityId: z.string().trim().max(60).optional(),
  actor: z.string().trim().max(100).optional(),
});
export const ZAuditEntry = z.object({
  id: z.string(),
  actorEmail: z.string(),
  actorRole: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /** French; what older entries (params null) show. */
  summary: z.string(),
  /** What the web words from `action` in the reader's language (names, amounts, fields); null on older entries. */
  params: z.record(z.string(), z.unknown()).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = z.object({ entries: z.array(ZAuditEntry), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TAuditPage = z.infer<typeof ZAuditPage>;

// ---------------------------------------------------------------------------------------------------
// Dashboard (every admin role)

export const ZDashboardQuery = z.object({ days: z.coerce.number().int().refine((d) => d === 7 || d === 30 || d === 90).default(30) });
export const ZAdminKpi = z.object({
  key: z.string(),
  value: z.number(),
  /** Same figure over the previous period, when it has one. */
  previous: z.number().nullable(),
  /** Percentage change vs the previous period, null when it was zero. */
  growth: z.number().nullable(),
});
export const ZAdminDashboard = z.object({
  periodDays: z.number().int(),
  kpis: z.object({
    activeCustomers: ZAdminKpi,
    verifiedPartners: ZAdminKpi,
    vouchers: ZAdminKpi,
    gmv: ZAdminKpi,
    activationRate: ZAdminKpi,
    breakageRate: ZAdminKpi,
    retentionRate: ZAdminKpi,
  }),
  /** Issue 12: GMV (DZD) and vouchers issued per Algiers day of the period, for the charts. */
  series: z.array(z.object({ day: z.string(), gmv: z.number().int(), vouchers: z.number().int() })),
  /** Issue 12: system status from real checks (database, outbox, webhooks, job runs) and its alerts. */
  system: ZSystemStatus,
  queues: z.object({ payoutsRequested: z.number().int(), payoutsProcessing: z.number().int(), kycPending: z.number().int() }),
  /** Recent audit entries; only superadmin reads the audit log, others get an empty list. */
  recentActivity: z.array(ZAuditEntry),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

// ---------------------------------------------------------------------------------------------------
// Settings (superadmin): docs/product/back-office.md §7

export const PASSWORD_MIN_LENGTH_CHOICES = [6, 8, 12, 16] as const;
export const ZSettingsSections = z.object({
  platform: z.object({
    maintenance_mode: z.boolean(),
    max_concurrent_users: z.number().int().min(1).max(10_000_000),
    /** Milliseconds (docs/product/back-office.md §7: edited in minutes, stored in ms). */
    session_timeout: z.number().int().min(60_000).max(86_400_000),
    rate_limit_per_minute: z.number().int().min(1).max(100_000),
    /** Contact channels shown on every page and e-mail; '' = none (no phone line is invented). */
    support_email: ZEmail,
    support_phone: z.union([z.literal(''), ZPhone]),
    partner_hotline: z.union([z.literal(''), ZPhone]),
  }),
  payments: z.object({
    chargily_enabled: z.boolean(),
    international_cards_enabled: z.boolean(),
    min_amount: z.number().int().min(0).max(10_000_000),
    max_amount: z.number().int().min(1).max(10_000_000),
    commission_rate_bp: z.number().int().min(0).max(10_000),
    extension_price: z.number().int().min(0).max(1_000_000),
    free_extension_days: z.number().int().min(0).max(365),
    company_discount_from: z.number().int().min(0).max(5000),
    company_discount_bp: z.number().int().min(0).max(5000),
    company_discount_large_from: z.number().int().min(0).max(5000),
    company_discount_large_bp: z.number().int().min(0).max(5000),
    seller_legal_name: z.string().trim().max(120),
    seller_address: z.string().trim().max(300),
    seller_nif: z.string().trim().max(30),
    seller_nis: z.string().trim().max(30),
    seller_rc: z.string().trim().max(40),
    seller_article: z.string().trim().max(30),
    seller_rib: z.string().trim().max(40),
    seller_bank: z.string().trim().max(80),
    tva_rate_bp: z.number().int().min(0).max(10_000),
    /** Issue 35 (docs/product/gift-cards.md §1): the gift card's range, validity, goodwill ceiling and reminder. */
    gift_card_min_amount: z.number().int().min(1).max(10_000_000),
    gift_card_max_amount: z.number().int().min(1).max(10_000_000),
    gift_card_validity_months: z.number().int().min(1).max(60),
    gift_card_goodwill_max: z.number().int().min(1).max(10_000_000),
    gift_card_reminder_days: z.number().int().min(1).max(365),
    /** Issue 37 (docs/product/group-gifts.md §1): group gifts' smallest contribution, choice days and limits. */
    group_gift_min_contribution: z.number().int().min(1).max(10_000_000),
    group_gift_choice_days: z.number().int().min(1).max(60),
    group_gift_max_open_per_user: z.number().int().min(1).max(100),
    group_gift_max_contributions_per_email: z.number().int().min(1).max(100),
    group_gift_max_amount: z.number().int().min(1).max(10_000_000),
  }),
  notifications: z.object({
    email_provider: z.string().max(40),
    sms_provider: z.string().max(40),
    webhook_endpoints: z.array(z.url()).max(20),
    retry_attempts: z.number().int().min(0).max(10),
    sms_cost_per_segment: z.number().int().min(0).max(1000),
    sms_per_number_per_hour: z.number().int().min(1).max(100),
    sms_per_number_per_day: z.number().int().min(1).max(1000),
    sms_per_customer_per_day: z.number().int().min(1).max(1000),
    sms_company_per_number_per_day: z.number().int().min(1).max(100),
    /** Issue 32: ISO codes of the countries whose mobiles take texts (ADR 013). */
    sms_countries: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .refine(isSupportedCountry, { error: (issue) => zodError('SMS_COUNTRY_UNKNOWN', { country: String(issue.input).slice(0, 10) }) }),
      )
      .min(1, { error: zodError('SMS_COUNTRY_UNKNOWN', { country: '—' }) })
      .max(60),
  }),
  security: z.object({
    password_min_length: z.union(PASSWORD_MIN_LENGTH_CHOICES.map((n) => z.literal(n))),
    require_2fa: z.boolean(),
    session_encryption: z.boolean(),
    api_rate_limiting: z.boolean(),
  }),
  features: z.object({
    voucher_auto_expiry: z.boolean(),
    partner_self_registration: z.boolean(),
    real_time_notifications: z.boolean(),
    analytics_tracking: z.boolean(),
    offline_mode: z.boolean(),
    offline_max_snapshot_age_minutes: z.number().int(),
    offline_max_queued_redemptions: z.number().int(),
    offline_max_queued_value: z.number().int(),
  }),
  /** Issue 36 (docs/product/live-chat.md §2): the live chat's maximum per adviser, wait limit and hours (Algiers, whole hours). */
  support: z.object({
    chat_max_per_agent: z.number().int().min(1).max(20),
    chat_wait_limit_seconds: z.number().int().min(30).max(3600),
    chat_customer_from_hour: z.number().int().min(0).max(24),
    chat_customer_to_hour: z.number().int().min(0).max(24),
    chat_partner_from_hour: z.number().int().min(0).max(24),
    chat_partner_to_hour: z.number().int().min(0).max(24),
  }),
  /** Issue 38 (docs/product/delivery.md §2): physical boxes, cash on delivery and its code, packaging alert. */
  delivery: z.object({
    enabled: z.boolean(),
    cod_enabled: z.boolean(),
    cod_ceiling: z.number().int().min(0).max(10_000_000),
    free_delivery_threshold: z.number().int().min(0).max(10_000_000),
    cod_code_minutes: z.number().int().min(1).max(120),
    packaging_low_threshold: z.number().int().min(0).max(100_000),
    unconfirmed_hours: z.number().int().min(1).max(168),
  }),
});
export type TSettingsSections = z.infer<typeof ZSettingsSections>;
/** PATCH: any subset of sections, each with any subset of its fields. */
export const ZSettingsPatch = z
  .object({
    platform: ZSettingsSections.shape.platform.partial(),
    payments: ZSettingsSections.shape.payments.partial(),
    notifications: ZSettingsSections.shape.notifications.partial(),
    security: ZSettingsSections.shape.security.partial(),
    features: ZSettingsSections.shape.features.partial(),
    support: ZSettingsSections.shape.support.partial(),
    delivery: ZSettingsSections.shape.delivery.partial(),
  })
  .partial();
export type TSettingsPatch = z.infer<typeof ZSettingsPatch>;
// ---------------------------------------------------------------------------------------------------
// Staff profile and 2FA (/admin/profile)

export const ZTwoFactorState = z.object({
  enabled: z.boolean(),
  /** The setting security.require_2fa applies to this role. */
  required: z.boolean(),
});
export type TTwoFactorState = z.infer<typeof ZTwoFactorState>;
export const ZTwoFactorSetup = z.object({ secret: z.string(), otpauthUri: z.string(), qrDataUrl: z.string() });
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;
export const ZTotpCodeInput = z.object({
  code: z.string({ error: zodError('TOTP_INVALID') }).trim().regex(/^\d{6}$/, { error: zodError('TOTP_INVALID') }),
});
export const ZStaffProfileResponse = z.object({ profile: ZProfile, twoFactor: ZTwoFactorState, message: z.string().optional() });
export type TStaffProfileResponse = z.infer<typeof ZStaffProfileResponse>;
export const ZTwoFactorResponse = z.object({ twoFactor: ZTwoFactorState, message: z.string().optional() });
export const TWO_FACTOR_MESSAGES = {
  ENABLED: { fr: 'Double authentification activée', ar: 'تم تفعيل المصادقة الثنائية' },
  DISABLED: { fr: 'Double authentification désactivée', ar: 'تم تعطيل المصادقة الثنائية' },
} as const;

/** GET /api/admin/settings/system: the settings page's four tiles. */
export const ZSystemFigures = z.object({
  uptimeSeconds: z.number().int(),
  activeUsers15m: z.number().int(),
  transactionsLastHour: z.number().int(),
  transactionsPerMinute: z.number(),
  storage: z.object({ databaseBytes: z.number(), filesBytes: z.number() }),
});
export type TSystemFigures = z.infer<typeof ZSystemFigures>;
export const ZSettingsResetInput = z.object({ confirm: z.string().max(40) });

/** GET /api/site: public. */
export const ZSiteStatus = z.object({
  maintenance: z.boolean(),
  passwordMinLength: z.number().int(),
  /** features.partner_self_registration: the public partners page offers "Devenir partenaire". */
  partnerSelfRegistration: z.boolean(),
  /** platform.support_*: the channels the storefront, the help centres and the partner portal show; null = none. */
  contact: z.object({ email: z.string(), phone: z.string().nullable(), partnerHotline: z.string().nullable() }),
  /**
   * Issue 24: whether the checkout offers Visa and Mastercard — payments.international_cards_enabled and a
   * gateway to take them (Stripe, or the sandbox when no real gateway is configured).
   */
  internationalCards: z.boolean(),
  /** ADR 017: the sandbox takes the payments outside demo mode (ALLOW_SANDBOX_PAYMENTS): every page says so. */
  testPayments: z.boolean(),
  /** ADR 017: whether a text can reach a phone (Twilio, or the demo's mailbox): checkout offers « Envoyer aussi par SMS ». */
  sms: z.boolean(),
});
export type TSiteStatus = z.infer<typeof ZSiteStatus>;
export const ZSettingsResponse = z.object({ settings: ZSettingsSections, updatedAt: z.string().nullable(), message: z.string().optional() });
