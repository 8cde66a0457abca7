import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { COMPANY_DOCUMENT_TYPES, COMPANY_ORDER_STATUSES, COMPANY_STATUSES, LEGAL_FORMS } from '@farha/contracts/company';
import { createdAt, id, oneOf, requiredRef, ts, updatedAt } from './columns.ts';
import { boxes } from './catalog.ts';
import { orders } from './commerce.ts';
import { storedFiles } from './platform.ts';
import { users } from './users.ts';
import { vouchers } from './vouchers.ts';

/** Issue 27: a company that buys gifts for many recipients, verified by finance before it orders. */
// owner: companies
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    legalForm: text('legal_form').notNull(),
    nif: text('nif').notNull(),
    nis: text('nis').notNull(),
    rc: text('rc').notNull(),
    articleImposition: text('article_imposition').notNull(),
    address: text('address').notNull(),
    wilaya: text('wilaya').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** E.164. */
    contactPhone: text('contact_phone').notNull(),
    status: text('status').$type<(typeof COMPANY_STATUSES)[number]>().notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    verifiedAt: ts('verified_at'),
    verifiedBy: uuid('verified_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('companies_nif_key').on(t.nif),
    index('companies_status_idx').on(t.status, t.createdAt),
    check('companies_status_check', oneOf(t.status, COMPANY_STATUSES)),
    check('companies_legal_form_check', oneOf(t.legalForm, LEGAL_FORMS)),
  ],
);


// owner: companies
export const companyDocuments = pgTable(
  'company_documents',
  {
    id: id(),
    companyId: requiredRef('company_id', () => companies.id, { onDelete: 'cascade' }),
    type: text('type').$type<(typeof COMPANY_DOCUMENT_TYPES)[number]>().notNull(),
    fileId: requiredRef('file_id', () => storedFiles.id),
    createdAt: createdAt(),
  },
  (t) => [index('company_documents_company_idx').on(t.companyId, t.createdAt), check('company_documents_type_check', oneOf(t.type, COMPANY_DOCUMENT_TYPES))],
);

// owner: companies
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: requiredRef('company_id', () => companies.id, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    memberRole: text('member_role').$type<'admin' | 'buyer'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    // One company per person.
    uniqueIndex('company_members_user_key').on(t.userId),
    check('company_members_role_check', oneOf(t.memberRole, ['admin', 'buyer'])),
  ],
);

/** One order for many recipients; paid online (an `orders` row of the payments module) or by transfer. */
// owner: companies
export const companyOrders = pgTable(
  'company_orders',
  {
    id: id(),
    companyId: requiredRef('company_id', () => companies.id),
    createdBy: requiredRef('created_by', () => users.id),
    /** The page's key for this order: the same key again is the same order (a double click never orders twice). */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<(typeof COMPANY_ORDER_STATUSES)[number]>().notNull(),
    payment: text('payment').$type<'transfer' | 'cib' | 'edahabia'>().notNull(),
    recipients: integer('recipients').notNull(),
    issued: integer('issued').notNull().default(0),
    subtotal: integer('subtotal').notNull(),
    discountBp: integer('discount_bp').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull(),
    /**
     * Issue 35 (docs/product/promotions.md §13): a promotion's code open to companies, its discount (integer DZD,
     * after the volume discount: total = subtotal − discount − promo_discount) and its use (held with the order,
     * confirmed when paid or when the transfer is recorded, given back when the order is canceled).
     */
    promoCode: text('promo_code'),
    promoDiscount: integer('promo_discount').notNull().default(0),
    promoRedemptionId: uuid('promo_redemption_id'),
    transferReference: text('transfer_reference'),
    /** The payments module's order for an online payment. */
    paymentOrderId: uuid('payment_order_id').references(() => orders.id),
    /** The gateway's page while an online payment is open. */
    checkoutUrl: text('checkout_url'),
    paidAt: ts('paid_at'),
    issuedAt: ts('issued_at'),
    /** Issue 32: why the last batch of its issuance failed (finance sees it), cleared by the next that succeeds. */
    issueError: text('issue_error'),
    issueAttempts: integer('issue_attempts').notNull().default(0),
    /** When the issuing job tries again after a failure (null: at once). */
    issueRetryAt: ts('issue_retry_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('company_orders_idempotency_key').on(t.companyId, t.idempotencyKey),
    index('company_orders_company_idx').on(t.companyId, t.createdAt),
    index('company_orders_status_idx').on(t.status, t.createdAt),
    uniqueIndex('company_orders_payment_order_key').on(t.paymentOrderId),
    check('company_orders_status_check', oneOf(t.status, COMPANY_ORDER_STATUSES)),
    check('company_orders_payment_check', oneOf(t.payment, ['transfer', 'cib', 'edahabia'])),
    check(
      'company_orders_amounts_check',
      sql`${t.total} >= 0 and ${t.discount} >= 0 and ${t.promoDiscount} >= 0 and ${t.total} = ${t.subtotal} - ${t.discount} - ${t.promoDiscount}`,
    ),
  ],
);

/** A recipient of a company order: the file's line, and the voucher once issued. */
// owner: companies
export const companyOrderLines = pgTable(
  'company_order_lines',
  {
    id: id(),
    orderId: requiredRef('order_id', () => companyOrders.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    /** E.164. */
    mobile: text('mobile'),
    boxId: requiredRef('box_id', () => boxes.id),
    unitPrice: integer('unit_price').notNull(),
    message: text('message'),
    /** Algiers day the voucher is sent; null = as soon as paid. */
    deliverOn: date('deliver_on', { mode: 'string' }),
    locale: text('locale').$type<'fr' | 'ar'>().notNull().default('fr'),
    voucherId: uuid('voucher_id').references(() => vouchers.id),
    /** When the recipient's e-mail (and text) were queued: after the order's last voucher (issue 32). */
    notifiedAt: ts('notified_at'),
  },
  (t) => [
    uniqueIndex('company_order_lines_line_key').on(t.orderId, t.line),
    // A line's voucher is its own: a retried batch can never give one voucher to two lines.
    uniqueIndex('company_order_lines_voucher_key').on(t.voucherId),
    check('company_order_lines_contact_check', sql`${t.email} is not null or ${t.mobile} is not null`),
  ],
);

/**
 * Invoices (factures) and credit notes (avoirs): numbered FA-2026-000001 / AV-2026-000001 in an unbroken
 * sequence per kind and year, never edited; a refund is a credit note that points at its invoice.
 */
// owner: companies
export const companyInvoices = pgTable(
  'company_invoices',
  {
    id: id(),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    companyId: requiredRef('company_id', () => companies.id),
    orderId: requiredRef('order_id', () => companyOrders.id),
    /** Integer DZD, positive for both kinds. */
    amount: integer('amount').notNull(),
    /** A credit note's invoice. */
    invoiceId: uuid('invoice_id'),
    reason: text('reason'),
    issuedBy: uuid('issued_by').references(() => users.id),
    issuedAt: ts('issued_at').notNull(),
  },
  (t) => [
    uniqueIndex('company_invoices_number_key').on(t.kind, t.year, t.seq),
    index('company_invoices_order_idx').on(t.orderId),
    index('company_invoices_issued_idx').on(t.issuedAt),
    // One invoice per order; credit notes as many as the invoice's amount allows.
    uniqueIndex('company_invoices_one_per_order').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    check('company_invoices_kind_check', oneOf(t.kind, ['invoice', 'credit_note'])),
    check('company_invoices_amount_check', sql`${t.amount} > 0`),
  ],
);

/** The last number given per kind and year: its row is locked by the issuing transaction, so no number is skipped. */
// owner: companies
export const companyInvoiceCounters = pgTable(
  'company_invoice_counters',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);
