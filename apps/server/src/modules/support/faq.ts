import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { wordsMatcher } from '@farha/contracts/search-words';
import { SUPPORT_MESSAGES as M, type TFaqList, type TKbArticle, type TKbList, type TKbRequest } from '@farha/contracts/support';
import type { Db } from '../../db/client.ts';
import { faqEntries, faqVotes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

const faqNotFound = () => new AppError('FAQ_NOT_FOUND');

/**
 * Published entries of an audience, with the caller's votes. The search looks in question and answer, French
 * and Arabic, by the forms of its words (`wordsMatcher`: « rembourser » finds « remboursé »); each category's
 * count is of the entries the search found, so « Toutes » never promises answers the list does not show.
 */
export async function listFaq(
  db: Db,
  input: { audience: 'customer' | 'partner'; q?: string | undefined; category?: string | undefined; locale?: 'fr' | 'ar'; userId?: string | null },
): Promise<TFaqList> {
  const rows = await db
    .select()
    .from(faqEntries)
    .where(and(eq(faqEntries.audience, input.audience), eq(faqEntries.published, true)))
    .orderBy(desc(faqEntries.priority), asc(faqEntries.createdAt), asc(faqEntries.id));
  const votes = input.userId
    ? new Map(
        (await db.select().from(faqVotes).where(eq(faqVotes.userId, input.userId))).map((v) => [v.faqId, v.helpful] as const),
      )
    : new Map<string, boolean>();
  const matches = input.q?.trim() ? wordsMatcher(input.q) : null;
  const found = matches ? rows.filter((row) => matches(`${row.question} ${row.answer} ${row.questionAr ?? ''} ${row.answerAr ?? ''}`)) : rows;
  // Every category of the audience stays listed (to widen a search that found nothing), counted in what was found.
  const counts = new Map<string, number>(rows.map((row) => [row.category, 0]));
  for (const row of found) counts.set(row.category, counts.get(row.category)! + 1);
  const entries = found
    .filter((row) => !input.category || input.category === 'all' || row.category === input.category)
    .map((row) => ({
      id: row.id,
      question: (input.locale === 'ar' && row.questionAr) || row.question,
      answer: (input.locale === 'ar' && row.answerAr) || row.answer,
      category: row.category,
      views: row.views,
      helpful: row.helpful,
      notHelpful: row.notHelpful,
      myVote: votes.get(row.id) ?? null,
    }));
  return { entries, categories: [...counts].map(([category, count]) => ({ category, count })) };
}

/** Counts one view of a published entry. */
export async function recordFaqView(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(faqEntries)
    .set({ views: sql`${faqEntries.views} + 1` })
    .where(and(eq(faqEntries.id, id), eq(faqEntries.published, true)))
    .returning({ views: faqEntries.views });
  if (!row) throw faqNotFound();
  return row.views;
}

/**
 * One vote per user and entry (faq_votes primary key). A first vote adds one to its counter; voting the
 * other way moves it; voting the same way again changes nothing. Each step is a conditional write, so
 * the counters stay exact under concurrent clicks.
 */
export async function voteFaq(db: Db, userId: string, id: string, helpful: boolean, now: Date) {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select({ id: faqEntries.id })
      .from(faqEntries)
      .where(and(eq(faqEntries.id, id), eq(faqEntries.published, true)))
      .limit(1);
    if (!entry) throw faqNotFound();
    const [inserted] = await tx
      .insert(faqVotes)
      .values({ faqId: id, userId, helpful, createdAt: now })
      .onConflictDoNothing()
      .returning({ helpful: faqVotes.helpful });
    if (inserted) {
      await tx
        .update(faqEntries)
        .set(helpful ? { helpful: sql`${faqEntries.helpful} + 1` } : { notHelpful: sql`${faqEntries.notHelpful} + 1` })
        .where(eq(faqEntries.id, id));
    } else {
      const [changed] = await tx
        .update(faqVotes)
        .set({ helpful })
        .where(and(eq(faqVotes.faqId, id), eq(faqVotes.userId, userId), eq(faqVotes.helpful, !helpful)))
        .returning({ helpful: faqVotes.helpful });
      if (changed) {
        await tx
          .update(faqEntries)
          .set(
            helpful
              ? { helpful: sql`${faqEntries.helpful} + 1`, notHelpful: sql`greatest(${faqEntries.notHelpful} - 1, 0)` }
              : { notHelpful: sql`${faqEntries.notHelpful} + 1`, helpful: sql`greatest(${faqEntries.helpful} - 1, 0)` },
          )
          .where(eq(faqEntries.id, id));
      }
    }
    const [counts] = await tx
      .select({ helpful: faqEntries.helpful, notHelpful: faqEntries.notHelpful })
      .from(faqEntries)
      .where(eq(faqEntries.id, id));
    return { helpful: counts!.helpful, notHelpful: counts!.notHelpful, myVote: helpful, message: M.VOTE_SAVED };
  });
}

// The knowledge base (issue 14): the same entries, managed by the agents (published or not).

const toArticle = (row: typeof faqEntries.$inferSelect): TKbArticle => ({
  id: row.id,
  audience: row.audience as TKbArticle['audience'],
  question: row.question,
  answer: row.answer,
  questionAr: row.questionAr,
  answerAr: row.answerAr,
  category: row.category,
  published: row.published,
  priority: row.priority,
  views: row.views,
  helpful: row.helpful,
  notHelpful: row.notHelpful,
  updatedAt: row.updatedAt.toISOString(),
});
const kbNotFound = () => new AppError('FAQ_NOT_FOUND');

/** GET /api/support/faq: every entry of an audience (or both), drafts included, searchable, paginated. */
export async function listKb(db: Db, query: { audience?: 'customer' | 'partner' | undefined; q?: string | undefined; page: number; pageSize: number }): Promise<TKbList> {
  const where: SQL[] = [];
  if (query.audience) where.push(eq(faqEntries.audience, query.audience));
  if (query.q) {
    const like = `%${query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(faqEntries.question, like), ilike(faqEntries.answer, like), ilike(faqEntries.questionAr, like), ilike(faqEntries.category, like))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(faqEntries)
      .where(condition)
      .orderBy(asc(faqEntries.audience), desc(faqEntries.priority), asc(faqEntries.createdAt), asc(faqEntries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(faqEntries).where(condition),
  ]);
  return { articles: rows.map(toArticle), total: count?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function createKb(db: Db, input: TKbRequest, now: Date): Promise<TKbArticle> {
  const [row] = await db
    .insert(faqEntries)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning();
  return toArticle(row!);
}

export async function updateKb(db: Db, id: string, input: TKbRequest, now: Date): Promise<TKbArticle> {
  const [row] = await db.update(faqEntries).set({ ...input, updatedAt: now }).where(eq(faqEntries.id, id)).returning();
  if (!row) throw kbNotFound();
  return toArticle(row);
}

export async function deleteKb(db: Db, id: string): Promise<void> {
  const [row] = await db.delete(faqEntries).where(eq(faqEntries.id, id)).returning({ id: faqEntries.id });
  if (!row) throw kbNotFound();
}
