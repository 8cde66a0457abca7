import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_SUPPORT_EMAIL } from '@farha/contracts/support';
import type { Queryable } from '../../db/client.ts';
import { systemSettings } from '../../db/schema/index.ts';
import { storefrontChanged } from '../../lib/storefront-version.ts';

/** The system settings' sections and their defaults (docs/product/back-office.md §7). */
export const SETTINGS_SCHEMAS = {
  platform: z.object({
    maintenance_mode: z.boolean().default(false),
    max_concurrent_users: z.number().int().default(10_000),
    session_timeout: z.number().int().default(3_600_000),
    rate_limit_per_minute: z.number().int().default(100),
    /** The contact channels every page and e-mail shows (issue 22); '' = no such channel. */
    support_email: z.string().default(DEFAULT_SUPPORT_EMAIL),
    support_phone: z.string().default(''),
    partner_hotline: z.string().default(''),
  }),
  payments: z.object({
    chargily_enabled: z.boolean().default(true),
    international_cards_enabled: z.boolean().default(true),
    min_amount: z.number().int().default(1000),
    max_amount: z.number().int().default(500_000),
    commission_rate_bp: z.number().int().default(1500),
    extension_price: z.number().int().default(1500),
    free_extension_days: z.number().int().default(30),
    /** Issue 27: the volume discount of a company order, from this many recipients (0 = none). */
    company_discount_from: z.number().int().default(50),
    company_discount_bp: z.number().int().default(500),
    company_discount_large_from: z.number().int().default(500),
    company_discount_large_bp: z.number().int().default(1000),
    /** Farha's identifiers on company invoices and pro-formas, and the account a transfer is paid to. */
    seller_legal_name: z.string().default('Farha'),
    seller_address: z.string().default('Alger, Algérie'),
    seller_nif: z.string().default(''),
    seller_nis: z.string().default(''),
    seller_rc: z.string().default(''),
    seller_article: z.string().default(''),
    seller_rib: z.string().default(''),
    /** Issue 34: the bank that holds seller_rib, printed beside it on the pro-forma. */
    seller_bank: z.string().default(''),
    /** Issue 34: the TVA rate in basis points (1900 = 19 %); prices are TTC, invoices show HT, TVA and TTC. */
    tva_rate_bp: z.number().int().default(1900),
    /**
     * Issue 35 (docs/product/gift-cards.md §1): a gift card's amount range, its validity in months, the
     * ceiling of a goodwill card and how many days before expiry its recipient is reminded.
     */
    gift_card_min_amount: z.number().int().default(2_000),
    gift_card_max_amount: z.number().int().default(200_000),
    gift_card_validity_months: z.number().int().min(1).max(60).default(12),
    gift_card_goodwill_max: z.number().int().default(20_000),
    gift_card_reminder_days: z.number().int().min(1).max(365).default(30),
    /**
     * Issue 37 (docs/product/group-gifts.md §1): a group gift's smallest contribution, the days its organiser has to
     * choose when it closes short, the pots one customer may have open, the contributions one e-mail may make to
     * one pot, and the most one pot may hold.
     */
    group_gift_min_contribution: z.number().int().min(1).default(500),
    group_gift_choice_days: z.number().int().min(1).max(60).default(7),
    group_gift_max_open_per_user: z.number().int().min(1).max(100).default(5),
    group_gift_max_contributions_per_email: z.number().int().min(1).max(100).default(5),
    group_gift_max_amount: z.number().int().min(1).default(500_000),
  }),
  notifications: z.object({
    email_provider: z.string().default('smtp'),
    sms_provider: z.string().default('none'),
    webhook_endpoints: z.array(z.string()).default([]),
    retry_attempts: z.number().int().default(3),
    /** Issue 25: what one SMS part costs, in integer DZD (analytics' cost per day). */
    sms_cost_per_segment: z.number().int().default(20),
    /** Texts a customer's actions may send to one number per hour and per day, and per customer per day. */
    sms_per_number_per_hour: z.number().int().default(3),
    sms_per_number_per_day: z.number().int().default(5),
    sms_per_customer_per_day: z.number().int().default(10),
    /** Issue 32: a company's texts to one number per day (all companies together), checked as each is queued. */
    sms_company_per_number_per_day: z.number().int().default(3),
    /** Issue 32: the countries whose mobiles take texts (ISO codes; Algeria, plus the diaspora's as finance chooses). */
    sms_countries: z.array(z.string()).default(['DZ']),
  }),
  security: z.object({
    password_min_length: z.number().int().default(8),
    require_2fa: z.boolean().default(false),
    session_encryption: z.boolean().default(true),
    api_rate_limiting: z.boolean().default(true),
  }),
  features: z.object({
    voucher_auto_expiry: z.boolean().default(true),
    partner_self_registration: z.boolean().default(false),
    real_time_notifications: z.boolean().default(true),
    analytics_tracking: z.boolean().default(true),
    /** Issue 26: partner phones accept scans offline, within the three limits below (docs/product/offline.md §2). */
    offline_mode: z.boolean().default(true),
    offline_max_snapshot_age_minutes: z.number().int().min(1).max(10_080).default(1440),
    offline_max_queued_redemptions: z.number().int().min(0).max(1000).default(50),
    offline_max_queued_value: z.number().int().min(0).default(300_000),
  }),
  /**
   * Issue 36 (docs/product/live-chat.md §2): the live chat. Active chats an adviser may hold at once, how long a
   * chat waits for an adviser before it becomes an e-mail ticket, and its hours every day in Algiers (whole hours,
   * from included, to excluded): customers and visitors 08:00–22:00, partners 09:00–22:00.
   */
  support: z.object({
    chat_max_per_agent: z.number().int().min(1).max(20).default(3),
    chat_wait_limit_seconds: z.number().int().min(30).max(3600).default(120),
    chat_customer_from_hour: z.number().int().min(0).max(24).default(8),
    chat_customer_to_hour: z.number().int().min(0).max(24).default(22),
    chat_partner_from_hour: z.number().int().min(0).max(24).default(9),
    chat_partner_to_hour: z.number().int().min(0).max(24).default(22),
  }),
  /**
   * Issue 38 (docs/product/delivery.md §2): physical boxes delivered by a courier. Whether they are offered, whether
   * cash on delivery is, up to which total (box + fee), from which box value the delivery is free, how long a cash
   * order's code lives (minutes), the packaging stock under which logistics is warned, and after how many hours an
   * unconfirmed cash order expires.
   */
  delivery: z.object({
    enabled: z.boolean().default(true),
    cod_enabled: z.boolean().default(true),
    cod_ceiling: z.number().int().min(0).default(30_000),
    free_delivery_threshold: z.number().int().min(0).default(20_000),
    cod_code_minutes: z.number().int().min(1).max(120).default(15),
    packaging_low_threshold: z.number().int().min(0).default(10),
    unconfirmed_hours: z.number().int().min(1).max(168).default(24),
  }),
} as const;

export type SettingsKey = keyof typeof SETTINGS_SCHEMAS;
export type Settings<K extends SettingsKey> = z.infer<(typeof SETTINGS_SCHEMAS)[K]>;

/** One section of the system settings, stored values over defaults (unknown stored keys ignored). */
export async function getSettings<K extends SettingsKey>(db: Queryable, key: K): Promise<Settings<K>> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, key)).limit(1);
  const stored = row?.value && typeof row.value === 'object' ? row.value : {};
  const parsed = SETTINGS_SCHEMAS[key].safeParse(stored);
  return (parsed.success ? parsed.data : SETTINGS_SCHEMAS[key].parse({})) as Settings<K>;
}

// Read on hot paths (every signed-in request, every login, the outbox): a short per-process cache. A change
// saved here is seen at once by this instance (updateSettings clears it) and within CACHE_MS by the others.
const CACHE_MS = 2_000;
const cache = new WeakMap<object, Map<SettingsKey, { at: number; generation: number; value: Promise<unknown> }>>();
let generation = 0;

/** getSettings through the per-process cache (freshness only: no business rule reads this timer). */
export function cachedSettings<K extends SettingsKey>(db: Queryable, key: K): Promise<Settings<K>> {
  let forDb = cache.get(db);
  if (!forDb) cache.set(db, (forDb = new Map()));
  const hit = forDb.get(key);
  const at = performance.now();
  if (hit && hit.generation === generation && at - hit.at < CACHE_MS) return hit.value as Promise<Settings<K>>;
  const value = getSettings(db, key);
  forDb.set(key, { at, generation, value });
  value.catch(() => forDb.delete(key));
  return value;
}

/** Forgets every cached section (after a save, an import or a reset). */
export function clearSettingsCache(): void {
  generation++;
  storefrontChanged();
}
