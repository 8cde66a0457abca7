import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BOX_VALIDITY_CHOICES, OFFER_CATEGORIES, PRODUCT_LINES, STOREFRONT_CATEGORIES } from '@farha/contracts/catalog';
import { defaultLandingConfig } from '@farha/contracts/plain/landing';
import { ROLES } from '@farha/contracts/roles';
import { DEMO_PARTNER2_SLUG, DEMO_PARTNER_SLUG, DEMO_VOUCHER_BOX_SLUG, SEED_BOXES, SEED_OFFERS, SEED_PARTNERS } from '../../src/db/seed/catalog-data.ts';
import { BOX_AR, OFFER_AR } from '../../src/db/seed/catalog-data-ar.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/db/seed/demo-accounts.ts';
import { SEED_LOGO_WIDTH, SEED_PICTURE_WIDTHS } from '../../src/db/seed/images.ts';
import { seedPictureAt } from '@farha/contracts/plain/pictures';
import { seedId } from '../../src/db/seed/ids.ts';
import { SEED_KYC_DIR, SEED_KYC_FILES } from '../../src/db/seed/kyc-documents.ts';
import { KYC_DOCUMENT_TYPES } from '../../src/db/schema/partners.ts';
import { DEFAULT_SYSTEM_SETTINGS, SEED_FAQ } from '../../src/db/seed/platform-data.ts';

const IMAGES_DIR = fileURLToPath(new URL('../../assets/images/', import.meta.url));
const offerBySlug = new Map(SEED_OFFERS.map((o) => [o.slug, o]));
const partnerBySlug = new Map(SEED_PARTNERS.map((p) => [p.slug, p]));
const partnersOfBox = (b: (typeof SEED_BOXES)[number]) => new Set(b.offerSlugs.map((s) => offerBySlug.get(s)?.partnerSlug));

describe('seed catalogue', () => {
  it('is as rich as docs/product/storefront.md §13 says', () => {
    expect(SEED_BOXES.length).toBeGreaterThanOrEqual(25);
    expect(SEED_PARTNERS.length).toBeGreaterThanOrEqual(30);
    expect(SEED_OFFERS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(SEED_PARTNERS.map((p) => p.wilaya)).size).toBeGreaterThanOrEqual(10);
    for (const line of STOREFRONT_CATEGORIES) expect(SEED_BOXES.some((b) => b.category === line)).toBe(true);
  });

  it('has unique slugs and stable ids', () => {
    for (const list of [SEED_BOXES, SEED_OFFERS, SEED_PARTNERS]) {
      expect(new Set(list.map((x) => x.slug)).size).toBe(list.length);
    }
    expect(new Set(SEED_BOXES.map((b) => b.name)).size).toBe(SEED_BOXES.length);
    expect(new Set(SEED_PARTNERS.map((p) => p.email)).size).toBe(SEED_PARTNERS.length);
    expect(seedId('box', 'x')).toBe(seedId('box', 'x'));
    expect(seedId('box', 'x')).not.toBe(seedId('offer', 'x'));
    expect(seedId('box', 'x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('prices boxes in integer DZD from 3,500 to 60,000, multiples of 500', () => {
    for (const b of SEED_BOXES) {
      expect(Number.isInteger(b.price)).toBe(true);
      expect(b.price).toBeGreaterThanOrEqual(3_500);
      expect(b.price).toBeLessThanOrEqual(60_000);
      expect(b.price % 500).toBe(0);
      expect(BOX_VALIDITY_CHOICES).toContain(b.validityDays);
      expect(PRODUCT_LINES).toContain(b.category);
    }
    expect(Math.min(...SEED_BOXES.map((b) => b.price))).toBe(3_500);
    expect(Math.max(...SEED_BOXES.map((b) => b.price))).toBe(60_000);
  });

  it('links every box to 2–12 active offers worth 70–95 % of its price', () => {
    for (const b of SEED_BOXES) {
      expect(b.offerSlugs.length, b.slug).toBeGreaterThanOrEqual(2);
      expect(b.offerSlugs.length, b.slug).toBeLessThanOrEqual(12);
      expect(new Set(b.offerSlugs).size, b.slug).toBe(b.offerSlugs.length);
      for (const slug of b.offerSlugs) {
        const offer = offerBySlug.get(slug);
        expect(offer, `${b.slug} → ${slug}`).toBeDefined();
        const partner = partnerBySlug.get(offer!.partnerSlug)!;
        expect(offer!.active && partner.active && partner.kycStatus === 'verified', slug).toBe(true);
        const ratio = offer!.faceValue / b.price;
        expect(ratio, `${b.slug} → ${slug}`).toBeGreaterThanOrEqual(0.7);
        expect(ratio, `${b.slug} → ${slug}`).toBeLessThanOrEqual(0.95);
      }
    }
  });

  it('has valid offers and partners', () => {
    for (const o of SEED_OFFERS) {
      expect(OFFER_CATEGORIES).toContain(o.category);
      expect(Number.isInteger(o.faceValue) && o.faceValue > 0).toBe(true);
      expect(partnerBySlug.has(o.partnerSlug)).toBe(true);
    }
    for (const p of SEED_PARTNERS) {
      expect(p.iban, p.slug).toMatch(/^DZ58\d{20}$/);
      expect(p.phone).toMatch(/^\+213 /);
      expect(['J+7', 'J+14', 'monthly']).toContain(p.settlementCycle);
      expect([1200, 1500, 1800]).toContain(p.commissionBp);
      if (p.kycStatus !== 'verified') expect(p.active).toBe(false);
    }
    expect(SEED_PARTNERS.filter((p) => p.kycStatus === 'pending').length).toBeGreaterThanOrEqual(2);
    expect(SEED_PARTNERS.filter((p) => p.kycStatus === 'rejected').length).toBe(1);
  });

  it('keeps the two demo partners in separate boxes', () => {
    const first = partnerBySlug.get(DEMO_PARTNER_SLUG)!;
    const second = partnerBySlug.get(DEMO_PARTNER2_SLUG)!;
    expect(first.wilaya).toBe('Alger');
    expect(second.wilaya).not.toBe(first.wilaya);
    for (const p of [first, second]) expect(p.active && p.kycStatus === 'verified' && p.iban.length === 24).toBe(true);
    const withFirst = SEED_BOXES.filter((b) => partnersOfBox(b).has(DEMO_PARTNER_SLUG));
    const withSecond = SEED_BOXES.filter((b) => partnersOfBox(b).has(DEMO_PARTNER2_SLUG));
    expect(withFirst.length).toBeGreaterThan(0);
    expect(withSecond.length).toBeGreaterThan(0);
    for (const b of withFirst) expect(partnersOfBox(b).has(DEMO_PARTNER2_SLUG), b.slug).toBe(false);
    expect(withFirst.map((b) => b.slug)).toContain(DEMO_VOUCHER_BOX_SLUG);
  });

  it('names and describes every box and offer in Arabic, in Arabic script, with no stray translation', () => {
    const arabic = /^[\u0600-\u06FF0-9\s«»()،؛:.\-–—³]+$/;
    for (const b of SEED_BOXES) {
      expect(b.nameAr, b.slug).toMatch(arabic);
      expect(b.descriptionAr, b.slug).toMatch(arabic);
    }
    for (const o of SEED_OFFERS) {
      expect(o.titleAr, o.slug).toMatch(arabic);
      expect(o.descriptionAr, o.slug).toMatch(arabic);
    }
    expect(Object.keys(BOX_AR).sort()).toEqual(SEED_BOXES.map((b) => b.slug).sort());
    expect(Object.keys(OFFER_AR).sort()).toEqual(SEED_OFFERS.map((o) => o.slug).sort());
  });

  it('has every picture, drawn from its SVG in the widths the storefront asks for, small enough', () => {
    const urls = [
      ...SEED_BOXES.map((b) => b.imageUrl),
      ...SEED_OFFERS.map((o) => o.imageUrl),
      ...SEED_PARTNERS.map((p) => p.logoUrl),
      ...OFFER_CATEGORIES.map((c) => `/images/offers/${c}.webp`),
      ...defaultLandingConfig().hero.slides.map((slide) => slide.background),
    ];
    /** Width of a WebP file (VP8, VP8L or VP8X), read from its header. */
    const webpWidth = (data: Buffer) => {
      expect(data.toString('latin1', 0, 4) + data.toString('latin1', 8, 12)).toBe('RIFFWEBP');
      const chunk = data.toString('latin1', 12, 16);
      if (chunk === 'VP8 ') return data.readUInt16LE(26) & 0x3fff;
      if (chunk === 'VP8L') return (data.readUInt32LE(21) & 0x3fff) + 1;
      return data.readUIntLE(24, 3) + 1;
    };
    for (const url of new Set(urls)) {
      const match = /^\/images\/(boxes|offers|partners)\/[a-z0-9-]+\.webp$/.exec(url);
      expect(match, url).not.toBeNull();
      const file = path.join(IMAGES_DIR, url.replace(/^\/images\//, ''));
      const svg = fs.readFileSync(file.replace(/\.webp$/, '.svg'), 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), file).toBe(true);
      expect(Buffer.byteLength(svg), file).toBeLessThan(6 * 1024);
      const widths: [string, number][] =
        match![1] === 'partners' ? [[file, SEED_LOGO_WIDTH]] : [[file, SEED_PICTURE_WIDTHS.full], ...SEED_PICTURE_WIDTHS.widths.map((w): [string, number] => [seedPictureAt(file, w), w])];
      for (const [picture, width] of widths) {
        const data = fs.readFileSync(picture);
        expect(webpWidth(data), picture).toBe(width);
        expect(data.length, picture).toBeLessThan(width * 80);
      }
    }
  });
});

describe('seed KYC documents', () => {
  it('ships one small file per document type, truly of its declared type', () => {
    expect(SEED_KYC_FILES.map((f) => f.type)).toEqual([...KYC_DOCUMENT_TYPES]);
    for (const f of SEED_KYC_FILES) {
      const data = fs.readFileSync(path.join(SEED_KYC_DIR, f.asset));
      // The first bytes, as the upload checks read them (docs/product/partners.md §4: PDF, JPEG or PNG).
      const magic = { 'application/pdf': Buffer.from('%PDF-'), 'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) }[f.contentType];
      expect(data.subarray(0, magic.length).equals(magic), f.asset).toBe(true);
      expect(data.length, f.asset).toBeLessThan(32 * 1024);
    }
  });
});

describe('seed platform data', () => {
  it('has one demo account per role', () => {
    expect(DEMO_PASSWORD).toBe('demo1234');
    for (const role of ROLES) expect(DEMO_ACCOUNTS.some((a) => a.role === role), role).toBe(true);
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.email)).size).toBe(DEMO_ACCOUNTS.length);
    for (const a of DEMO_ACCOUNTS) expect(a.email).toBe(a.email.toLowerCase());
  });

  it('has the spec settings defaults and FAQ', () => {
    expect(Object.keys(DEFAULT_SYSTEM_SETTINGS).sort()).toEqual(['features', 'notifications', 'payments', 'platform', 'security']);
    expect(DEFAULT_SYSTEM_SETTINGS.payments).toMatchObject({ min_amount: 1000, max_amount: 500000, commission_rate_bp: 1500 });
    expect(SEED_FAQ.filter((f) => f.audience === 'customer')).toHaveLength(5);
    expect(SEED_FAQ.filter((f) => f.audience === 'partner').length).toBeGreaterThanOrEqual(5);
    expect(new Set(SEED_FAQ.map((f) => f.slug)).size).toBe(SEED_FAQ.length);
    // Every entry in Arabic script too.
    for (const f of SEED_FAQ) expect([f.slug, /\p{Script=Arabic}/u.test(f.questionAr) && /\p{Script=Arabic}/u.test(f.answerAr)]).toEqual([f.slug, true]);
  });
});
