import { z } from 'zod';
import { zodError } from './errors.ts';
import { ZEmail, ZPassword, ZPhone } from './auth.ts';
import { optionalText, requiredText } from './text.ts';

/** Issue 27: gifts from companies — accounts, bulk orders, transfers, invoices and credit notes. */

export const LEGAL_FORMS = ['SARL', 'EURL', 'SPA', 'SNC', 'SCS', 'EPE', 'EPIC', 'EI', 'ASSOCIATION', 'AUTRE'] as const;
export const COMPANY_STATUSES = ['pending', 'verified', 'rejected'] as const;
export const COMPANY_ORDER_STATUSES = ['awaiting_payment', 'awaiting_transfer', 'issuing', 'issued', 'canceled'] as const;
export type TCompanyOrderStatus = (typeof COMPANY_ORDER_STATUSES)[number];
/** The most rows one order takes. */
export const MAX_COMPANY_ROWS = 5000;

const digits = (n: readonly number[], code: 'COMPANY_NIF' | 'COMPANY_NIS' | 'COMPANY_ARTICLE') =>
  z
    .string({ error: zodError(code) })
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .refine((v) => /^\d+$/.test(v) && n.includes(v.length), { error: zodError(code) });

/** NIF (15 digits, 20 for some), NIS (15), article d'imposition (11): spaces, dots and dashes ignored. */
export const ZNif = digits([15, 20], 'COMPANY_NIF');
export const ZNis = digits([15], 'COMPANY_NIS');
export const ZArticle = digits([11], 'COMPANY_ARTICLE');
/** Registre du commerce, e.g. `16/00-1234567 B 12`: digits, letters, slashes, dashes and spaces. */
export const ZRc = z
  .string({ error: zodError('COMPANY_RC') })
  .trim()
  .regex(/^(?=.*\d)[0-9A-Za-z/\-\s]{6,30}$/, { error: zodError('COMPANY_RC') });

export { toE164 } from './plain/phone.ts';

/** What /entreprises shows of the settings: the volume discount. */
export const ZCompanyOffer = z.object({ discountFrom: z.number().int(), discountBp: z.number().int(), discountLargeFrom: z.number().int(), discountLargeBp: z.number().int(), maxRows: z.number().int() });

export const ZCompanyFields = z.object({
  name: requiredText(160),
  legalForm: z.enum(LEGAL_FORMS, { error: zodError('COMPANY_LEGAL_FORM') }),
  nif: ZNif,
  nis: ZNis,
  rc: ZRc,
  articleImposition: ZArticle,
  address: requiredText(300),
  wilaya: requiredText(60),
});
export const ZCompanyRegistration = ZCompanyFields.extend({
  contactFirstName: requiredText(60),
  contactLastName: requiredText(60),
  contactEmail: ZEmail,
  contactPhone: ZPhone,
  password: ZPassword,
  consent: z.literal(true, { error: zodError('PARTNER_CONSENT') }),
});
export type TCompanyRegistration = z.infer<typeof ZCompanyRegistration>;

export const ZCompany = z.object({
  id: z.string(),
  name: z.string(),
  legalForm: z.string(),
  nif: z.string(),
  nis: z.string(),
  rc: z.string(),
  articleImposition: z.string(),
  address: z.string(),
  wilaya: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  status: z.enum(COMPANY_STATUSES),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
});
export type TCompany = z.infer<typeof ZCompany>;

export const ZCompanyMember = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['company_admin', 'company_buyer']),
  status: z.string(),
});
export const ZCompanyMe = z.object({ company: ZCompany, memberRole: z.enum(['admin', 'buyer']), members: z.array(ZCompanyMember) });
export type TCompanyMe = z.infer<typeof ZCompanyMe>;
export const ZCompanyInvite = z.object({ email: ZEmail, firstName: requiredText(60), lastName: requiredText(60) });

/** One recipient as the company types it (a file's row, or a row corrected in place). */
export const ZRecipientInput = z.object({
  name: z.string().max(200).default(''),
  email: z.string().max(300).default(''),
  mobile: z.string().max(40).default(''),
  /** The box's slug or its name as the catalogue shows it. */
  box: z.string().max(200).default(''),
  message: z.string().max(2000).default(''),
  /** YYYY-MM-DD, Algiers; empty = as soon as paid. */
  deliveryDate: z.string().max(40).default(''),
  language: z.string().max(10).default(''),
});
export type TRecipientInput = z.infer<typeof ZRecipientInput>;

/**
 * GET /api/company/orders/boxes: the active boxes a recipient row may name (docs/product/companies.md §3),
 * by French name then id, for the order form's box select.
 */
export const ZCompanyBoxChoices = z.object({
  boxes: z.array(z.object({ id: z.string(), name: z.string(), nameAr: z.string().nullable(), price: z.number().int() })),
});
export type TCompanyBoxChoices = z.infer<typeof ZCompanyBoxChoices>;

export const ZRowProblem = z.object({ field: z.string(), code: z.string(), message: z.string() });
export const ZCheckedRow = z.object({
  line: z.number().int(),
  input: ZRecipientInput,
  problems: z.array(ZRowProblem),
});
/** `nameAr`: the box's Arabic name, null where the catalogue has none (issue 34: the Arabic quote names boxes in Arabic). */
export const ZBoxTotal = z.object({ boxId: z.string(), name: z.string(), nameAr: z.string().nullable(), unitPrice: z.number().int(), quantity: z.number().int(), amount: z.number().int() });
export const ZCompanyQuote = z.object({
  lines: z.number().int(),
  byBox: z.array(ZBoxTotal),
  subtotal: z.number().int(),
  discountBp: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  /**
   * Issue 35 (docs/product/promotions.md §13): a promotion's code open to companies, judged on the valid rows; its
   * discount comes after the volume discount (total = subtotal − discount − promo.discount). Absent without a code.
   */
  promo: z.object({ code: z.string(), discount: z.number().int() }).optional(),
});
export type TCompanyQuote = z.infer<typeof ZCompanyQuote>;
/** Every row checked at once: the rows with problems (line numbers as in the file) and the quote of the valid ones. */
export const ZCheckResult = z.object({
  rows: z.array(ZCheckedRow),
  invalid: z.number().int(),
  quote: ZCompanyQuote,
});
export type TCheckResult = z.infer<typeof ZCheckResult>;
export const ZCheckRowsRequest = z.object({
  rows: z.array(ZRecipientInput).min(1, { error: zodError('COMPANY_NO_ROWS') }).max(MAX_COMPANY_ROWS, { error: zodError('COMPANY_TOO_MANY_ROWS', { max: MAX_COMPANY_ROWS }) }),
  /** Issue 35: a promo code a promotion opens to companies (docs/product/promotions.md §13); a refusal is its PROMO_* error on `promoCode`. */
  promoCode: z.string().trim().max(64, { error: zodError('PROMO_CODE_FORMAT') }).optional(),
});

export const ZPlaceOrderRequest = ZCheckRowsRequest.extend({
  payment: z.enum(['transfer', 'cib', 'edahabia']),
  /** Set once per order by the page: the same key again returns the first order, never a second one. */
  idempotencyKey: z.string().trim().min(8, { error: zodError('IDEMPOTENCY_KEY') }).max(100, { error: zodError('IDEMPOTENCY_KEY') }),
  reference: optionalText(80),
});

export const ZCompanyOrder = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(COMPANY_ORDER_STATUSES),
  payment: z.enum(['transfer', 'cib', 'edahabia']),
  recipients: z.number().int(),
  issued: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  /** Issue 35: the promo code's discount and its code (0 and null without one). */
  promoDiscount: z.number().int(),
  promoCode: z.string().nullable(),
  total: z.number().int(),
  transferReference: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  creditNotes: z.array(z.object({ id: z.string(), number: z.string(), amount: z.number().int(), issuedAt: z.string() })),
  invoiceId: z.string().nullable(),
  checkoutUrl: z.string().nullable(),
  company: z.object({ id: z.string(), name: z.string() }).optional(),
  /** Finance's list only (issue 32): why the last batch of its issuance failed, and when the job tries again. */
  issueError: z.string().nullable().optional(),
  issueRetryAt: z.string().nullable().optional(),
});
export type TCompanyOrder = z.infer<typeof ZCompanyOrder>;
export const ZCompanyOrderPage = z.object({ orders: z.array(ZCompanyOrder), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const RECIPIENT_FILTERS = ['all', 'scheduled', 'delivered', 'reserved', 'redeemed', 'expired'] as const;
export const ZRecipientQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  status: z.enum(RECIPIENT_FILTERS, { error: zodError('UNKNOWN_STATUS') }).default('all'),
});
export const ZRecipient = z.object({
  id: z.string(),
  line: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  box: z.string(),
  /** Issue 34: the box's Arabic name, null where the catalogue has none. */
  boxAr: z.string().nullable(),
  deliverOn: z.string().nullable(),
  language: z.enum(['fr', 'ar']),
  voucherCode: z.string().nullable(),
  voucherStatus: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type TRecipient = z.infer<typeof ZRecipient>;
export const ZRecipientPage = z.object({ recipients: z.array(ZRecipient), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export const ZMoveRecipient = z.object({ name: requiredText(200), email: ZEmail, mobile: z.string().max(40).optional() });

export const ZIssueProgress = z.object({ status: z.enum(COMPANY_ORDER_STATUSES), recipients: z.number().int(), issued: z.number().int() });

// Back office (finance, superadmin)
export const ZAdminCompanyQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum([...COMPANY_STATUSES, 'all'], { error: zodError('UNKNOWN_STATUS') }).default('all'),
});
/**
 * Issue 34: what finance weighs before verifying a company: how many documents it uploaded (none: it cannot be
 * verified), and the other companies whose registre du commerce (RC) is the same once spaces and punctuation are
 * set aside — a re-used RC.
 */
export const ZAdminCompany = ZCompany.extend({
  documentCount: z.number().int(),
  duplicateOf: z.array(z.object({ id: z.string(), name: z.string(), status: z.enum(COMPANY_STATUSES) })),
});
export type TAdminCompany = z.infer<typeof ZAdminCompany>;
export const ZAdminCompanyPage = z.object({ companies: z.array(ZAdminCompany), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export const ZAdminCompanyOrderQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum([...COMPANY_ORDER_STATUSES, 'all'], { error: zodError('UNKNOWN_STATUS') }).default('all'),
});
export const ZRecordTransfer = z.object({ reference: requiredText(80, zodError('TRANSFER_REFERENCE')), amount: z.number().int().min(0) });
/** A credit note on an issued order; the vouchers it names (of that order) are cancelled through the one cancel-and-refund (docs/product/refunds.md). */
export const ZCreditNoteRequest = z.object({ amount: z.number().int(), reason: requiredText(300), voucherIds: z.array(z.uuid()).max(MAX_COMPANY_ROWS).optional() });
export const ZCompanyReview = z.object({ decision: z.enum(['verify', 'reject']), reason: optionalText(300) });
export const ZInvoiceRow = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  amount: z.number().int(),
  issuedAt: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  orderId: z.string(),
});
export const ZInvoicePage = z.object({ invoices: z.array(ZInvoiceRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export const ZCompaniesOverview = z.object({
  companies: z.number().int(),
  pending: z.number().int(),
  transfersWaiting: z.number().int(),
  companySales: z.number().int(),
  allSales: z.number().int(),
  /** Basis points of all sales (paid amounts, credit notes deducted) made by companies. */
  shareBp: z.number().int(),
});

/** The documents finance asks for before it verifies a company: extrait du RC, carte NIF, statuts. */
export const COMPANY_DOCUMENT_TYPES = ['rc', 'nif', 'statuts'] as const;
export const ZCompanyDocument = z.object({ id: z.string(), type: z.enum(COMPANY_DOCUMENT_TYPES), filename: z.string(), createdAt: z.string() });
export const ZCompanyDocuments = z.object({ documents: z.array(ZCompanyDocument) });
