import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { SUPPORT_MESSAGES as M, type TFaqList } from '@farha/contracts/support';
import type { Db } from '../../db/client.ts';
import { faqEntries, faqVotes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

const faqNotFound = () => new AppError('FAQ_NOT_FOUND');

function fold(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Published entries of an audience (search in question and answer, accent-insensitive), with the caller's votes. */
export async function listFaq(
  db: Db,
  input: { audience: 'customer' | 'partner'; q?: string | undefined; category?: string | undefined; userId?: string | null },
): Promise<TFaqList> {
  const rows = await db
    .select()
    .from(faqEntries)
    .where(and(eq(faqEntries.audience, input.audience), eq(faqEntries.published, true)))
    .orderBy(desc(faqEntries.priority), asc(faqEntries.createdAt));
  const votes = input.userId
    ? new Map(
        (await db.select().from(faqVotes).where(eq(faqVotes.userId, input.userId))).map((v) => [v.faqId, v.helpful] as const),
      )
    : new Map<string, boolean>();
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
  const needle = input.q ? fold(input.q) : '';
  const entries = rows
    .filter((row) => !input.category || input.category === 'all' || row.category === input.category)
    .filter((row) => !needle || fold(`${row.question} ${row.answer}`).includes(needle))
    .map((row) => ({
      id: row.id,
      question: row.question,
      answer: row.answer,
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
