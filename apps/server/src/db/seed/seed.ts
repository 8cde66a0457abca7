import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { DEFAULT_PARTNER_NOTIFICATION_PREFERENCES } from '@farha/contracts/partner';
import type { Db, Tx } from '../client.ts';
import {
  boxes,
  boxOffers,
  exchangeRates,
  faqEntries,
  kycDocuments,
  offers,
  orders,
  partnerAvailability,
  partnerMembers,
  companies,
  companyMembers,
  partners,
  payments,
  storedFiles,
  systemSettings,
  users,
  voucherEvents,
  vouchers,
} from '../schema/index.ts';
import { PARTNER_PERMISSIONS } from '../schema/partners.ts';
import { hashPassword } from '../../lib/password.ts';
import type { FileStorage } from '../../modules/files/index.ts';
import { SAMPLE_AVAILABILITY } from '../../modules/partners/index.ts';
import { generateVoucherCode } from '../../modules/vouchers/index.ts';
import {
  DEMO_PARTNER2_SLUG,
  DEMO_PARTNER_SLUG,
  DEMO_VOUCHER_BOX_SLUG,
  SEED_BOXES,
  SEED_OFFERS,
  SEED_PARTNERS,
} from './catalog-data.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_COMPANY,
  DEMO_CUSTOMER_EMAIL,
  DEMO_PARTNER2_OWNER_EMAIL,
  DEMO_PARTNER_OWNER_EMAIL,
  DEMO_PARTNER_STAFF_EMAIL,
  DEMO_PASSWORD,
} from './demo-accounts.ts';
import { seedDemoHistory } from './demo-history.ts';
import { seedId } from './ids.ts';
import { seedWelcomePromotion } from './promotions.ts';
import { SEED_KYC_DIR, SEED_KYC_FILES } from './kyc-documents.ts';
import { DEFAULT_SYSTEM_SETTINGS, DEMO_EXCHANGE_RATES, DEMO_SELLER_IDENTITY, SEED_FAQ } from './platform-data.ts';

/**
 * system_settings row recording which seed sections were applied (their version). A section runs again
 * only when its version grows, so rows that an admin deletes (a box, an FAQ entry) do not come back at
 * the next start; inserts use stable keys and `onConflictDoNothing` anyway.
 */
export const SEED_STATE_KEY = 'seed_state';
/** 2: the demo entries in Arabic too (filled in where an earlier seed left them without). */
const FAQ_VERSION = 2;
const CATALOG_VERSION = 1;
/** 1: the KYC documents of the partners the catalogue marks as verified. */
const KYC_VERSION = 1;
/** 1: issue 24's demo EUR and USD rates, so that the demo shows and charges euros and dollars. */
const RATES_VERSION = 1;
/** 1: issue 34's demo identity and bank account of Farha (its fields still empty only). */
const SELLER_VERSION = 1;
/** 1: issue 35's BIENVENUE promotion, the homepage's newsletter code. */
const PROMOTIONS_VERSION = 1;
/** 1: issue 34's demo pictures as WebP in the storefront's widths (they were SVG, drawn on the page's thread). */
const PICTURES_VERSION = 1;
type SeedState = {
  faq?: number;
  catalog?: number;
  kyc?: number;
  rates?: number;
  seller?: number;
  promotions?: number;
  pictures?: number;
  fingerprint?: string;
};

/**
 * What a seed with these options writes, as a hash: the section versions, the default settings, the demo
 * accounts. A start whose seed has the fingerprint stored by the last one skips it (a restart is quicker);
 * any change here (a new setting key, a version bump) makes the next start seed again.
 */
function seedFingerprint(options: { demo: boolean; storage?: FileStorage }): string {
  const inputs = {
    versions: [FAQ_VERSION, CATALOG_VERSION, KYC_VERSION, SELLER_VERSION, PROMOTIONS_VERSION, PICTURES_VERSION],
    settings: DEFAULT_SYSTEM_SETTINGS,
    demo: options.demo,
    accounts: options.demo ? DEMO_ACCOUNTS.map((a) => [a.email, a.role]) : [],
    storage: Boolean(options.storage),
  };
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 16);
}

const DEMO_CHECKOUT_ID = 'seed-demo-client-voucher';

/**
 * A database seeded before PICTURES_VERSION points at the demo pictures' SVG files: the same pictures as
 * WebP (db/seed/images.ts). Only the seed's own paths are changed; an uploaded picture is `/api/files/…`.
 */
async function seedPicturesAsWebp(tx: Db): Promise<void> {
  await tx.execute(sql`update boxes set image_url = regexp_replace(image_url, '\.svg$', '.webp') where image_url ~ '^/images/boxes/[a-z0-9-]+\.svg$'`);
  await tx.execute(sql`update offers set image_url = regexp_replace(image_url, '\.svg$', '.webp') where image_url ~ '^/images/offers/[a-z0-9-]+\.svg$'`);
  await tx.execute(sql`update partners set logo_url = regexp_replace(logo_url, '\.svg$', '.webp') where logo_url ~ '^/images/partners/[a-z0-9-]+\.svg$'`);
}

export const seedPartnerId = (slug: string) => seedId('partner', slug);
export const seedOfferId = (slug: string) => seedId('offer', slug);
export const seedBoxId = (slug: string) => seedId('box', slug);

/**
 * Seeds settings and FAQ always; with `demo`, also the catalogue, the demo accounts (one per role,
 * password DEMO_PASSWORD), one delivered voucher of the demo customer and, given the server's file
 * `storage`, the KYC documents of the verified demo partners. Idempotent, one transaction. `once`: nothing
 * at all when the same seed already ran on this database (server start-up); answers whether it seeded.
 */
export async function seedDatabase(db: Db, options: { demo: boolean; now?: Date; storage?: FileStorage; once?: boolean }): Promise<boolean> {
  // The demo data is dated from the moment it is seeded; every row carries that time, none the database's now().
  const now = options.now ?? new Date();
  const fingerprint = seedFingerprint(options);
  if (options.once) {
    const [stateRow] = await db.select().from(systemSettings).where(eq(systemSettings.key, SEED_STATE_KEY));
    if ((stateRow?.value as SeedState | undefined)?.fingerprint === fingerprint) return false;
  }
  await db.transaction(async (tx) => {
    // Several instances may start at once on one PostgreSQL: one seeds, the others wait, then find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(724101)`);
    await seedSettings(tx, now);
    const [stateRow] = await tx.select().from(systemSettings).where(eq(systemSettings.key, SEED_STATE_KEY));
    const state: SeedState = { ...((stateRow?.value as SeedState | undefined) ?? {}) };
    const before = JSON.stringify(state);

    if ((state.faq ?? 0) < 1) await seedFaq(tx, now);
    if ((state.faq ?? 0) < FAQ_VERSION) {
      await seedFaqArabic(tx, now);
      state.faq = FAQ_VERSION;
    }
    if (options.demo) {
      if ((state.catalog ?? 0) < CATALOG_VERSION) {
        await seedCatalog(tx, now);
        state.catalog = CATALOG_VERSION;
      }
      // Without the file storage (tests' templates, benches) the documents wait for a seed that has it.
      if ((state.kyc ?? 0) < KYC_VERSION && options.storage) {
        await seedKycDocuments(tx, options.storage, now);
        state.kyc = KYC_VERSION;
      }
      if ((state.rates ?? 0) < RATES_VERSION) {
        await tx.insert(exchangeRates).values(DEMO_EXCHANGE_RATES.map((r) => ({ ...r, staleAfter: new Date(now.getTime() + 90 * 86_400_000), createdAt: now })));
        state.rates = RATES_VERSION;
      }
      if ((state.seller ?? 0) < SELLER_VERSION) {
        await seedSellerIdentity(tx, now);
        state.seller = SELLER_VERSION;
      }
      if ((state.promotions ?? 0) < PROMOTIONS_VERSION) {
        await seedWelcomePromotion(tx, now);
        state.promotions = PROMOTIONS_VERSION;
      }
      if ((state.pictures ?? 0) < PICTURES_VERSION) {
        await seedPicturesAsWebp(tx);
        state.pictures = PICTURES_VERSION;
      }
      const ids = await seedDemoAccounts(tx, now);
      await seedDemoVoucher(tx, ids.customerId, now);
      await seedDemoHistory(tx, now);
    }
    state.fingerprint = fingerprint;

    if (JSON.stringify(state) !== before) {
      await tx
        .insert(systemSettings)
        .values({ key: SEED_STATE_KEY, value: state, updatedAt: now })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value: state, updatedAt: now } });
    }
  });
  return true;
}

/** Inserts missing setting rows; adds keys missing from existing rows without touching set values. */
async function seedSettings(tx: Tx, now: Date): Promise<void> {
  const keys = Object.keys(DEFAULT_SYSTEM_SETTINGS) as (keyof typeof DEFAULT_SYSTEM_SETTINGS)[];
  const existing = await tx.select().from(systemSettings).where(inArray(systemSettings.key, keys));
  const byKey = new Map(existing.map((r) => [r.key, r.value as Record<string, unknown>]));
  for (const key of keys) {
    const defaults = DEFAULT_SYSTEM_SETTINGS[key] as Record<string, unknown>;
    const current = byKey.get(key);
    if (!current) {
      await tx.insert(systemSettings).values({ key, value: defaults, updatedAt: now }).onConflictDoNothing();
    } else if (Object.keys(defaults).some((k) => !(k in current))) {
      await tx
        .update(systemSettings)
        .set({ value: { ...defaults, ...current }, updatedAt: now })
        .where(eq(systemSettings.key, key));
    }
  }
}

/** The demo's identity of Farha, into the payments settings' fields that are still empty (finance's values stay). */
async function seedSellerIdentity(tx: Tx, now: Date): Promise<void> {
  const [row] = await tx.select().from(systemSettings).where(eq(systemSettings.key, 'payments'));
  const current = (row?.value ?? {}) as Record<string, unknown>;
  const filled = Object.fromEntries(Object.entries(DEMO_SELLER_IDENTITY).filter(([key]) => !(typeof current[key] === 'string' && (current[key] as string).trim())));
  if (Object.keys(filled).length === 0) return;
  const value = { ...current, ...filled };
  await tx
    .insert(systemSettings)
    .values({ key: 'payments', value, updatedAt: now })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now } });
}

async function seedFaq(tx: Tx, now: Date): Promise<void> {
  await tx
    .insert(faqEntries)
    .values(
      SEED_FAQ.map((f) => ({
        id: seedId('faq', f.slug),
        audience: f.audience,
        category: f.category,
        question: f.question,
        answer: f.answer,
        questionAr: f.questionAr,
        answerAr: f.answerAr,
        priority: f.priority,
        published: true,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** The Arabic of the seeded entries still there and still without it (an agent's translation stays). */
async function seedFaqArabic(tx: Tx, now: Date): Promise<void> {
  for (const f of SEED_FAQ) {
    await tx
      .update(faqEntries)
      .set({ questionAr: f.questionAr, answerAr: f.answerAr, updatedAt: now })
      .where(and(eq(faqEntries.id, seedId('faq', f.slug)), isNull(faqEntries.questionAr)));
  }
}

async function seedCatalog(tx: Tx, now: Date): Promise<void> {
  await tx
    .insert(partners)
    .values(
      SEED_PARTNERS.map((p) => ({
        id: seedPartnerId(p.slug),
        name: p.name,
        description: p.description,
        address: p.address,
        city: p.city,
        wilaya: p.wilaya,
        phone: p.phone,
        email: p.email,
        businessType: p.businessType,
        category: p.category,
        registrationNumber: p.registrationNumber,
        taxNumber: p.taxNumber,
        logoUrl: p.logoUrl,
        kycStatus: p.kycStatus,
        iban: p.iban,
        bankName: p.bankName,
        settlementCycle: p.settlementCycle,
        commissionBp: p.commissionBp,
        notificationPreferences: DEFAULT_PARTNER_NOTIFICATION_PREFERENCES,
        active: p.active,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();

  // Only rows whose parents still exist (an admin may have deleted some before a seed version bump).
  const partnerIds = new Set(
    (await tx.select({ id: partners.id }).from(partners).where(inArray(partners.id, SEED_PARTNERS.map((p) => seedPartnerId(p.slug))))).map((r) => r.id),
  );
  await tx
    .insert(partnerAvailability)
    .values(
      [...partnerIds].map((id) => ({
        partnerId: id,
        // The partners start with the spec's sample hours (docs/product/reservations.md §4), the ones shown while none are saved.
        ...SAMPLE_AVAILABILITY,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();

  const offerRows = SEED_OFFERS.filter((o) => partnerIds.has(seedPartnerId(o.partnerSlug))).map((o) => ({
    id: seedOfferId(o.slug),
    partnerId: seedPartnerId(o.partnerSlug),
    title: o.title,
    description: o.description,
    titleAr: o.titleAr,
    descriptionAr: o.descriptionAr,
    category: o.category,
    faceValue: o.faceValue,
    topupAllowed: false,
    imageUrl: o.imageUrl,
    termsConditions: o.termsConditions,
    active: o.active,
    createdAt: now,
    updatedAt: now,
  }));
  if (offerRows.length > 0) await tx.insert(offers).values(offerRows).onConflictDoNothing();

  await tx
    .insert(boxes)
    .values(
      SEED_BOXES.map((b, index) => ({
        id: seedBoxId(b.slug),
        // A catalogue with a history: boxes added over the past months, the last two this week (NOUVEAU).
        createdAt: new Date(now.getTime() - (index >= SEED_BOXES.length - 2 ? SEED_BOXES.length - index : 10 + (SEED_BOXES.length - index) * 6) * 86_400_000),
        name: b.name,
        description: b.description,
        nameAr: b.nameAr,
        descriptionAr: b.descriptionAr,
        price: b.price,
        validityDays: b.validityDays,
        exchangeOnce: b.exchangeOnce,
        category: b.category,
        imageUrl: b.imageUrl,
        active: true,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();

  const offerIds = new Set(
    (await tx.select({ id: offers.id }).from(offers).where(inArray(offers.id, SEED_OFFERS.map((o) => seedOfferId(o.slug))))).map((r) => r.id),
  );
  const boxIds = new Set(
    (await tx.select({ id: boxes.id }).from(boxes).where(inArray(boxes.id, SEED_BOXES.map((b) => seedBoxId(b.slug))))).map((r) => r.id),
  );
  const links = SEED_BOXES.flatMap((b) =>
    b.offerSlugs.map((o) => ({ id: seedId('box_offer', `${b.slug}|${o}`), boxId: seedBoxId(b.slug), offerId: seedOfferId(o), createdAt: now })),
  ).filter((l) => boxIds.has(l.boxId) && offerIds.has(l.offerId));
  if (links.length > 0) await tx.insert(boxOffers).values(links).onConflictDoNothing();
}

/**
 * The verified demo partners' KYC documents (docs/product/partners.md §4: trade register, identity document, bank details),
 * as the owner's upload would have left them: a stored file each (the specimens of assets/kyc, copied into
 * the file storage) and its kyc_documents row, submitted and reviewed six weeks before the seed.
 */
async function seedKycDocuments(tx: Tx, storage: FileStorage, now: Date): Promise<void> {
  const verified = SEED_PARTNERS.filter((p) => p.kycStatus === 'verified');
  const present = new Set(
    (await tx.select({ id: partners.id }).from(partners).where(inArray(partners.id, verified.map((p) => seedPartnerId(p.slug))))).map((r) => r.id),
  );
  const partnersWithFiles = verified.filter((p) => present.has(seedPartnerId(p.slug)));
  if (partnersWithFiles.length === 0) return;
  const submittedAt = new Date(now.getTime() - 45 * 86_400_000);
  const reviewedAt = new Date(now.getTime() - 43 * 86_400_000);
  const files = await Promise.all(SEED_KYC_FILES.map(async (f) => ({ ...f, data: await fs.promises.readFile(path.join(SEED_KYC_DIR, f.asset)) })));
  const rows = partnersWithFiles.flatMap((p) =>
    files.map((f) => {
      const ext = path.extname(f.asset);
      return {
        partnerId: seedPartnerId(p.slug),
        type: f.type,
        fileId: seedId('kyc_file', `${p.slug}|${f.type}`),
        documentId: seedId('kyc_document', `${p.slug}|${f.type}`),
        storageKey: `kyc_document/seed/${p.slug}-${f.type}${ext}`,
        filename: `${path.basename(f.asset, ext)}-${p.slug}${ext}`,
        contentType: f.contentType,
        data: f.data,
      };
    }),
  );
  // Small files (a few kilobytes): written two at a time, as a disk likes it.
  for (let i = 0; i < rows.length; i += 2) await Promise.all(rows.slice(i, i + 2).map((r) => storage.put(r.storageKey, r.data)));
  await tx
    .insert(storedFiles)
    .values(
      rows.map((r) => ({
        id: r.fileId,
        storageKey: r.storageKey,
        filename: r.filename,
        contentType: r.contentType,
        sizeBytes: r.data.length,
        purpose: 'kyc_document',
        ownerUserId: null,
        createdAt: submittedAt,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(kycDocuments)
    .values(rows.map((r) => ({ id: r.documentId, partnerId: r.partnerId, type: r.type, fileId: r.fileId, createdAt: submittedAt })))
    .onConflictDoNothing();
  await tx
    .update(partners)
    .set({ kycSubmittedAt: submittedAt, kycReviewedAt: reviewedAt })
    .where(and(inArray(partners.id, [...present]), eq(partners.kycStatus, 'verified'), isNull(partners.kycSubmittedAt)));
}

type DemoIds = { customerId: string | undefined };

async function seedDemoAccounts(tx: Tx, now: Date): Promise<DemoIds> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  let present = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const missing = DEMO_ACCOUNTS.filter((a) => !present.some((u) => u.email === a.email));
  if (missing.length > 0) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await tx
      .insert(users)
      .values(
        missing.map((a) => ({
          id: seedId('user', a.email),
          email: a.email,
          passwordHash,
          firstName: a.firstName,
          lastName: a.lastName,
          phone: a.phone,
          role: a.role,
          locale: 'fr' as const,
          status: 'active' as const,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
    present = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  }
  const idOf = (email: string) => present.find((u) => u.email === email)?.id;

  const allPermissions = [...PARTNER_PERMISSIONS];
  const memberships: { partnerSlug: string; email: string; memberRole: 'owner' | 'staff'; permissions: string[] }[] = [
    { partnerSlug: DEMO_PARTNER_SLUG, email: DEMO_PARTNER_OWNER_EMAIL, memberRole: 'owner', permissions: allPermissions },
    { partnerSlug: DEMO_PARTNER_SLUG, email: DEMO_PARTNER_STAFF_EMAIL, memberRole: 'staff', permissions: ['scanner', 'view_transactions'] },
    { partnerSlug: DEMO_PARTNER2_SLUG, email: DEMO_PARTNER2_OWNER_EMAIL, memberRole: 'owner', permissions: allPermissions },
  ];
  for (const m of memberships) {
    const userId = idOf(m.email);
    const pid = seedPartnerId(m.partnerSlug);
    const [partner] = await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, pid));
    if (!userId || !partner) continue;
    await tx
      .insert(partnerMembers)
      .values({
        id: seedId('partner_member', m.email),
        partnerId: pid,
        userId,
        memberRole: m.memberRole,
        permissions: m.permissions,
        invitedAt: m.memberRole === 'staff' ? now : null,
        joinedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing();
    if (m.memberRole === 'owner') {
      await tx
        .update(partners)
        .set({ ownerUserId: userId })
        .where(and(eq(partners.id, pid), isNull(partners.ownerUserId)));
    }
  }
  const adminId = idOf(DEMO_COMPANY.adminEmail);
  const buyerId = idOf(DEMO_COMPANY.buyerEmail);
  if (adminId && buyerId) {
    const { adminEmail, buyerEmail: _buyer, ...fields } = DEMO_COMPANY;
    const companyId = seedId('company', DEMO_COMPANY.nif);
    await tx
      .insert(companies)
      .values({ id: companyId, ...fields, contactName: 'Farid Mansouri', contactEmail: adminEmail, contactPhone: '+213664901234', status: 'verified', verifiedAt: now, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    await tx
      .insert(companyMembers)
      .values([
        { companyId, userId: adminId, memberRole: 'admin', createdAt: now },
        { companyId, userId: buyerId, memberRole: 'buyer', createdAt: now },
      ])
      .onConflictDoNothing();
  }
  return { customerId: idOf(DEMO_CUSTOMER_EMAIL) };
}

/** One DELIVERED voucher held by the demo customer, for a box where the first demo partner is present. */
async function seedDemoVoucher(tx: Tx, customerId: string | undefined, now: Date): Promise<void> {
  if (!customerId) return;
  const [owned] = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(or(eq(vouchers.purchaserId, customerId), eq(vouchers.holderUserId, customerId)))
    .limit(1);
  if (owned) return;
  const [box] = await tx.select().from(boxes).where(eq(boxes.id, seedBoxId(DEMO_VOUCHER_BOX_SLUG)));
  if (!box || !box.active) return;
  const [customer] = await tx.select().from(users).where(eq(users.id, customerId));
  if (!customer) return;
  const name = `${customer.firstName} ${customer.lastName}`;

  let orderId: string;
  const [payment] = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.provider, 'sandbox'), eq(payments.providerCheckoutId, DEMO_CHECKOUT_ID)));
  if (payment) {
    orderId = payment.orderId;
  } else {
    const [order] = await tx
      .insert(orders)
      .values({
        kind: 'purchase',
        purchaserId: customerId,
        boxId: box.id,
        amount: box.price,
        status: 'fulfilled',
        recipientName: name,
        recipientEmail: customer.email,
        senderName: name,
        paymentMethod: 'cib',
        paidAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    orderId = order!.id;
    await tx.insert(payments).values({
      orderId,
      provider: 'sandbox',
      providerCheckoutId: DEMO_CHECKOUT_ID,
      status: 'paid',
      amount: box.price,
      method: 'cib',
      raw: { seed: true },
      createdAt: now,
      updatedAt: now,
    });
  }

  let code = generateVoucherCode();
  for (let i = 0; i < 10; i++) {
    const [taken] = await tx.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.code, code));
    if (!taken) break;
    code = generateVoucherCode();
  }
  const [voucher] = await tx
    .insert(vouchers)
    .values({
      code,
      boxId: box.id,
      orderId,
      purchaserId: customerId,
      holderUserId: customerId,
      recipientEmail: customer.email,
      recipientName: name,
      recipientLocale: customer.locale,
      senderName: name,
      status: 'DELIVERED',
      faceValue: box.price,
      deliveredAt: now,
      expiresAt: new Date(now.getTime() + box.validityDays * 86_400_000),
      createdAt: new Date(now.getTime() - 1_000),
      updatedAt: now,
    })
    .returning({ id: vouchers.id });
  const issuedAt = new Date(now.getTime() - 1_000);
  await tx.insert(voucherEvents).values([
    { voucherId: voucher!.id, fromStatus: null, toStatus: 'ISSUED', actorRole: 'system', reason: 'Paiement confirmé', createdAt: issuedAt },
    { voucherId: voucher!.id, fromStatus: 'ISSUED', toStatus: 'DELIVERED', actorRole: 'system', reason: 'E-mail accepté par le serveur', createdAt: now },
  ]);
}

/** Row counts of the seeded tables (for the CLI and tests). */
export async function seedCounts(db: Db): Promise<Record<string, number>> {
  const tables = {
    users,
    partners,
    partner_members: partnerMembers,
    partner_availability: partnerAvailability,
    offers,
    boxes,
    box_offers: boxOffers,
    faq_entries: faqEntries,
    system_settings: systemSettings,
    orders,
    payments,
    vouchers,
    voucher_events: voucherEvents,
  } as const;
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    out[name] = row?.n ?? 0;
  }
  return out;
}
