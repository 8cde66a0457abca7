import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxes, offers, partners, systemSettings } from '../../src/db/schema/index.ts';
import { copyEmbeddedTemplate } from '../../src/db/prepare.ts';
import { SEED_STATE_KEY, seedBoxId, seedDatabase, seedOfferId, seedPartnerId } from '../../src/db/seed/seed.ts';
import { SEED_BOXES, SEED_OFFERS, SEED_PARTNERS } from '../../src/db/seed/catalog-data.ts';
import { DEFAULT_SYSTEM_SETTINGS } from '../../src/db/seed/platform-data.ts';
import { openTestDatabase, type TestDatabase } from '../helpers.ts';
import { testClock } from '../clock.ts';

/** What a server start does to the database: the seed once per seed version, a fresh folder from the template. */
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the seed at start-up', () => {
  it('runs once per seed version: a restart after it writes nothing (a settings row removed stays removed)', async () => {
    const now = testClock().now();
    const key = Object.keys(DEFAULT_SYSTEM_SETTINGS)[0]!;
    const present = async () => (await database.db.select().from(systemSettings).where(eq(systemSettings.key, key))).length;
    // The test template was seeded with demo data off storage; a seed with other options is another seed.
    expect(await seedDatabase(database.db, { demo: false, now, once: true })).toBe(true);
    await database.db.delete(systemSettings).where(eq(systemSettings.key, key));
    expect(await seedDatabase(database.db, { demo: false, now, once: true })).toBe(false);
    expect(await present()).toBe(0);
    // Without `once` (the seed CLI) it always runs, idempotent as ever, and puts the row back.
    expect(await seedDatabase(database.db, { demo: false, now })).toBe(true);
    expect(await present()).toBe(1);
  });
});

describe('the demo pictures of a database seeded before they were WebP (issue 34)', () => {
  it('point at the WebP pictures after the next start; a picture an admin uploaded is left as it is', async () => {
    const db = database.db;
    const [box, other] = SEED_BOXES;
    const [offer] = SEED_OFFERS;
    const [partner] = SEED_PARTNERS;
    // As the seed of before left them: SVG paths, and no `pictures` version in its state.
    await db.update(boxes).set({ imageUrl: `/images/boxes/${box!.slug}.svg` }).where(eq(boxes.id, seedBoxId(box!.slug)));
    await db.update(boxes).set({ imageUrl: '/api/files/0b6d2f1e-uploaded' }).where(eq(boxes.id, seedBoxId(other!.slug)));
    await db.update(offers).set({ imageUrl: `/images/offers/${offer!.category}.svg` }).where(eq(offers.id, seedOfferId(offer!.slug)));
    await db.update(partners).set({ logoUrl: `/images/partners/${partner!.slug}.svg` }).where(eq(partners.id, seedPartnerId(partner!.slug)));
    const [state] = await db.select().from(systemSettings).where(eq(systemSettings.key, SEED_STATE_KEY));
    const { pictures: _pictures, fingerprint: _fingerprint, ...before } = state!.value as Record<string, unknown>;
    await db.update(systemSettings).set({ value: before }).where(eq(systemSettings.key, SEED_STATE_KEY));

    expect(await seedDatabase(db, { demo: true, now: testClock().now(), once: true })).toBe(true);

    const [boxRow] = await db.select().from(boxes).where(eq(boxes.id, seedBoxId(box!.slug)));
    const [uploaded] = await db.select().from(boxes).where(eq(boxes.id, seedBoxId(other!.slug)));
    const [offerRow] = await db.select().from(offers).where(eq(offers.id, seedOfferId(offer!.slug)));
    const [partnerRow] = await db.select().from(partners).where(eq(partners.id, seedPartnerId(partner!.slug)));
    expect(boxRow!.imageUrl).toBe(`/images/boxes/${box!.slug}.webp`);
    expect(uploaded!.imageUrl).toBe('/api/files/0b6d2f1e-uploaded');
    expect(offerRow!.imageUrl).toBe(`/images/offers/${offer!.category}.webp`);
    expect(partnerRow!.logoUrl).toBe(`/images/partners/${partner!.slug}.webp`);
  });
});

describe('a fresh DATA_DIR', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-template-test-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it("gets a whole copy of the build's template database, never over an existing one", () => {
    const template = tmp();
    fs.writeFileSync(path.join(template, 'PG_VERSION'), '17\n');
    fs.mkdirSync(path.join(template, 'base', '1'), { recursive: true });
    fs.writeFileSync(path.join(template, 'base', '1', '1259'), 'pages');

    const dataDir = path.join(tmp(), 'data');
    expect(copyEmbeddedTemplate(dataDir, template)).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, 'db', 'base', '1', '1259'), 'utf8')).toBe('pages');
    expect(fs.readdirSync(dataDir)).toEqual(['db']);

    // A database already there is never replaced; without a template, the caller makes one itself.
    fs.writeFileSync(path.join(dataDir, 'db', 'base', '1', '1259'), 'changed');
    expect(copyEmbeddedTemplate(dataDir, template)).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, 'db', 'base', '1', '1259'), 'utf8')).toBe('changed');
    expect(copyEmbeddedTemplate(path.join(tmp(), 'data'), path.join(tmp(), 'no-template'))).toBe(false);
  });
});
