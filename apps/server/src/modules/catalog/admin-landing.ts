import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CATALOG_ADMIN_MESSAGES,
  type TAdminLanding,
  type TLandingHistoryPage,
} from '@farha/contracts/catalog-admin';
import { defaultLandingConfig, ZLandingConfig, type TLandingConfig } from '@farha/contracts/landing';
import type { Db, Queryable } from '../../db/client.ts';
import { landingConfigs, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { findPublicPromotion } from '../promotions/index.ts';
import { invalidateLandingCache } from './landing.ts';

/**
 * docs/product/back-office.md §6 (draft, preview, publish): one draft row (saved from the editor), one
 * published row (what `GET /api/landing` serves) and the archived rows of earlier publications, which
 * are the history a rollback picks from.
 */
type Step = { actor: AuditActor; now: Date };

/** A stored configuration that no longer matches the contract is shown as absent rather than broken. */
const parse = (value: unknown): TLandingConfig | null => {
  const parsed = ZLandingConfig.safeParse(value);
  return parsed.success ? parsed.data : null;
};

async function rowOf(db: Queryable, status: 'draft' | 'published') {
  const [row] = await db.select().from(landingConfigs).where(eq(landingConfigs.status, status)).limit(1);
  return row ?? null;
}

/** GET /api/admin/landing */
export async function getAdminLanding(db: Queryable): Promise<TAdminLanding> {
  const [published, draft] = await Promise.all([rowOf(db, 'published'), rowOf(db, 'draft')]);
  return {
    published: published ? parse(published.config) : null,
    publishedAt: published ? (published.publishedAt ?? published.updatedAt).toISOString() : null,
    draft: draft ? parse(draft.config) : null,
    draftUpdatedAt: draft ? draft.updatedAt.toISOString() : null,
    defaults: defaultLandingConfig(),
  };
}

/**
 * An editor's saves of the draft less than this apart are one editing session: only its first save is
 * audited (an autosave every few seconds would otherwise flood the log, which is append-only).
 */
export const DRAFT_SESSION_MS = 30 * 60_000;

/**
 * PUT /api/admin/landing/draft: the one draft, created or replaced. Audited once per editing session
 * (`landing.draft`: a new draft, another editor's draft taken over, or a save more than DRAFT_SESSION_MS
 * after the previous one); a restore of the defaults (`reset`) is audited every time (`landing.reset`).
 */
export async function saveLandingDraft(db: Db, config: TLandingConfig, step: Step, options: { reset?: boolean } = {}) {
  await assertNewsletterCode(db, config);
  const row = await db.transaction(async (tx) => {
    // The draft as it was, locked: two saves of one editor at once make one session, not two.
    const [previous] = await tx
      .select({ createdBy: landingConfigs.createdBy, updatedAt: landingConfigs.updatedAt })
      .from(landingConfigs)
      .where(eq(landingConfigs.status, 'draft'))
      .for('update');
    const [saved] = await tx
      .insert(landingConfigs)
      .values({ status: 'draft', config, createdBy: step.actor.userId, createdAt: step.now, updatedAt: step.now })
      .onConflictDoUpdate({
        target: landingConfigs.status,
        targetWhere: sql`${landingConfigs.status} = 'draft'`,
        set: { config, createdBy: step.actor.userId, updatedAt: step.now },
      })
      .returning();
    const sameSession =
      previous !== undefined && previous.createdBy === step.actor.userId && step.now.getTime() - previous.updatedAt.getTime() < DRAFT_SESSION_MS;
    if (options.reset) {
      await recordAudit(tx, {
        actor: step.actor,
        action: 'landing.reset',
        entityType: 'landing',
        entityId: saved!.id,
        summary: "Brouillon de la page d'accueil remis aux valeurs par défaut",
        params: {},
        now: step.now,
      });
    } else if (!sameSession) {
      await recordAudit(tx, {
        actor: step.actor,
        action: 'landing.draft',
        entityType: 'landing',
        entityId: saved!.id,
        summary: "Brouillon de la page d'accueil enregistré",
        params: {},
        now: step.now,
      });
    }
    return saved!;
  });
  return { draft: config, draftUpdatedAt: row.updatedAt.toISOString(), message: CATALOG_ADMIN_MESSAGES.LANDING_DRAFT_SAVED.fr };
}

/**
 * docs/product/promotions.md §10: the newsletter's code is a promotion's public code, so that the homepage
 * never hands out a code the checkout does not know (an empty code: the block shows none).
 */
async function assertNewsletterCode(db: Queryable, config: TLandingConfig): Promise<void> {
  const code = config.newsletter.promoCode.trim();
  if (code && !(await findPublicPromotion(db, code))) throw new AppError('LANDING_PROMO_CODE_UNKNOWN', { field: 'newsletter.promoCode' });
}

/** Archives the published row (if any) so that `next` can take its place. */
async function archivePublished(tx: Queryable, now: Date) {
  await tx
    .update(landingConfigs)
    .set({ status: 'archived', updatedAt: now })
    .where(eq(landingConfigs.status, 'published'));
}

/** POST /api/admin/landing/publish: the draft becomes the homepage; the previous one goes to the history. */
export async function publishLanding(db: Db, step: Step) {
  const result = await db.transaction(async (tx) => {
    const [draft] = await tx.select().from(landingConfigs).where(eq(landingConfigs.status, 'draft')).for('update');
    const config = draft ? parse(draft.config) : null;
    if (!draft || !config) throw new AppError('LANDING_NO_DRAFT');
    // A draft saved before its promotion's code changed is checked again when it goes live.
    await assertNewsletterCode(tx, config);
    // Lock the published row too, so that two publications run one after the other.
    await tx.select({ id: landingConfigs.id }).from(landingConfigs).where(eq(landingConfigs.status, 'published')).for('update');
    await archivePublished(tx, step.now);
    await tx
      .update(landingConfigs)
      .set({ status: 'published', publishedAt: step.now, createdBy: step.actor.userId, updatedAt: step.now })
      .where(eq(landingConfigs.id, draft.id));
    await recordAudit(tx, {
      actor: step.actor,
      action: 'landing.publish',
      entityType: 'landing',
      entityId: draft.id,
      summary: "Page d'accueil publiée",
      params: {},
      after: { heroTitle: config.hero.slides[0]?.title.fr ?? null, theme: config.theme },
      now: step.now,
    });
    return config;
  });
  invalidateLandingCache();
  return { published: result, publishedAt: step.now.toISOString(), message: CATALOG_ADMIN_MESSAGES.LANDING_PUBLISHED.fr };
}

/** GET /api/admin/landing/history: publications, latest first (the current one included). */
export async function landingHistory(db: Queryable, page: { page: number; pageSize: number }): Promise<TLandingHistoryPage> {
  const where = inArray(landingConfigs.status, ['published', 'archived']);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: landingConfigs.id,
        config: landingConfigs.config,
        status: landingConfigs.status,
        publishedAt: landingConfigs.publishedAt,
        publishedBy: users.email,
      })
      .from(landingConfigs)
      .leftJoin(users, eq(users.id, landingConfigs.createdBy))
      .where(where)
      .orderBy(desc(sql`${landingConfigs.status} = 'published'`), desc(landingConfigs.publishedAt), desc(landingConfigs.createdAt), desc(landingConfigs.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(landingConfigs).where(where),
  ]);
  return {
    versions: rows.flatMap((row) => {
      const config = parse(row.config);
      if (!config) return [];
      return [
        {
          id: row.id,
          config,
          status: row.status as 'published' | 'archived',
          publishedAt: row.publishedAt?.toISOString() ?? null,
          publishedBy: row.publishedBy ?? null,
        },
      ];
    }),
    total: Number(total?.n ?? 0),
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** POST /api/admin/landing/history/:id/rollback: an earlier publication is published again (as a new version). */
export async function rollbackLanding(db: Db, versionId: string, step: Step) {
  const result = await db.transaction(async (tx) => {
    const [version] = await tx
      .select()
      .from(landingConfigs)
      .where(and(eq(landingConfigs.id, versionId), inArray(landingConfigs.status, ['published', 'archived'])));
    const config = version ? parse(version.config) : null;
    if (!version || !config) throw new AppError('LANDING_VERSION_NOT_FOUND');
    await assertNewsletterCode(tx, config);
    await tx.select({ id: landingConfigs.id }).from(landingConfigs).where(eq(landingConfigs.status, 'published')).for('update');
    await archivePublished(tx, step.now);
    const [row] = await tx
      .insert(landingConfigs)
      .values({ status: 'published', config, createdBy: step.actor.userId, publishedAt: step.now, createdAt: step.now, updatedAt: step.now })
      .returning({ id: landingConfigs.id });
    await recordAudit(tx, {
      actor: step.actor,
      action: 'landing.rollback',
      entityType: 'landing',
      entityId: row!.id,
      summary: `Version du ${version.publishedAt?.toISOString().slice(0, 10) ?? '?'} republiée`,
      params: { publishedAt: version.publishedAt?.toISOString() ?? null },
      before: { versionId },
      after: { heroTitle: config.hero.slides[0]?.title.fr ?? null, theme: config.theme },
      now: step.now,
    });
    return config;
  });
  invalidateLandingCache();
  return { published: result, publishedAt: step.now.toISOString(), message: CATALOG_ADMIN_MESSAGES.LANDING_ROLLED_BACK.fr };
}
