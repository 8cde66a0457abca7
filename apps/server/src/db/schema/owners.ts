import type { PgTable, TableConfig } from 'drizzle-orm/pg-core';
import type * as schema from './index.ts';

/** The folders of apps/server/src/modules that own a table. */
type OwningModule =
  | 'accounts'
  | 'analytics'
  | 'basket'
  | 'audit'
  | 'catalog'
  | 'companies'
  | 'delivery'
  | 'files'
  | 'giftcards'
  | 'groupgifts'
  | 'ledger'
  | 'notifications'
  | 'partners'
  | 'payments'
  | 'promotions'
  | 'realtime'
  | 'reservations'
  | 'settings'
  | 'support'
  | 'tracking'
  | 'vouchers';

/** The SQL name of every table of the schema. */
type TableName = { [K in keyof typeof schema]: (typeof schema)[K] extends PgTable<infer T extends TableConfig> ? T['name'] : never }[keyof typeof schema];

/**
 * ADR 004, issue 22: each table has one owning module, and only that module's code inserts, updates or
 * deletes its rows (apps/server/test/unit/table-owners.test.ts reads the code and holds it to this map).
 * Another module changes them through the owner's entry, in its own transaction where the change must be
 * atomic (the scan's group commit composes the ledger's and the reservations' SQL fragments, ADR 003).
 * Seed data (db/seed), migrations (their triggers keep the summary tables below) and tests are outside
 * the rule. `satisfies` makes a table added to the schema without an owner a type error.
 */
export const TABLE_OWNERS = {
  // users.ts
  users: 'accounts',
  user_counts: 'accounts', // kept by a trigger
  sessions: 'accounts',
  auth_tokens: 'accounts',
  login_failures: 'accounts',
  notifications: 'partners',
  // partners.ts
  partners: 'partners',
  partner_members: 'partners',
  kyc_documents: 'partners',
  partner_availability: 'partners',
  availability_exceptions: 'partners',
  // catalog.ts
  offers: 'partners',
  boxes: 'catalog',
  box_offers: 'catalog',
  favourites: 'catalog',
  box_sales: 'catalog', // kept by a trigger
  // commerce.ts
  orders: 'payments',
  payments: 'payments',
  payment_webhook_events: 'payments',
  refunds: 'payments',
  sandbox_checkouts: 'payments',
  newsletter_subscriptions: 'catalog',
  // vouchers.ts
  vouchers: 'vouchers',
  voucher_events: 'vouchers',
  voucher_reminders: 'vouchers',
  scan_attempts: 'vouchers',
  offline_redemptions: 'vouchers',
  offline_snapshots: 'vouchers',
  reservations: 'reservations',
  payouts: 'ledger',
  partner_transactions: 'ledger',
  partner_transaction_months: 'ledger', // kept by a trigger
  reviews: 'catalog',
  // support.ts
  support_tickets: 'support',
  ticket_messages: 'support',
  ticket_attachments: 'support',
  disputes: 'support',
  dispute_events: 'support',
  faq_entries: 'support',
  faq_votes: 'support',
  canned_responses: 'support',
  // platform.ts
  landing_configs: 'catalog',
  system_settings: 'settings',
  exchange_rates: 'settings',
  email_outbox: 'notifications',
  // sms.ts
  sms_outbox: 'notifications',
  sms_opt_outs: 'notifications',
  sms_consent_codes: 'notifications',
  stored_files: 'files',
  // audit.ts
  audit_log: 'audit',
  // analytics.ts
  analytics_events: 'tracking',
  analytics_daily: 'tracking',
  analytics_voucher_days: 'analytics', // kept by a trigger
  analytics_usable_expiry: 'analytics', // kept by a trigger
  analytics_customer_days: 'analytics', // kept by a trigger
  // companies.ts (issue 27)
  companies: 'companies',
  company_members: 'companies',
  company_documents: 'companies',
  company_orders: 'companies',
  company_order_lines: 'companies',
  company_invoices: 'companies',
  company_invoice_counters: 'companies',
  // basket.ts (issue 34)
  basket_lines: 'basket',
  // promotions.ts (issue 35)
  promotions: 'promotions',
  promo_codes: 'promotions',
  promo_redemptions: 'promotions',
  // giftcards.ts (issue 35)
  gift_cards: 'giftcards',
  gift_card_movements: 'giftcards',
  // groupgifts.ts (issue 37)
  group_gifts: 'groupgifts',
  group_gift_contributions: 'groupgifts',
  // realtime.ts (issue 36)
  realtime_events: 'realtime',
  // chat.ts (issue 36)
  chat_sessions: 'support',
  chat_agents: 'support',
  // delivery.ts (issue 38)
  shipments: 'delivery',
  shipment_events: 'delivery',
  cod_confirmations: 'delivery',
  box_packaging_stock: 'delivery',
  courier_remittances: 'delivery',
  courier_remittance_lines: 'delivery',
} as const satisfies Record<TableName, OwningModule>;
