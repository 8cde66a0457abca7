import { asc, eq } from 'drizzle-orm';
import { type TCannedResponse } from '@farha/contracts/support';
import type { Queryable } from '../../db/client.ts';
import { cannedResponses } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** Canned responses shared by the agents (issue 14). */
const notFound = () => new AppError('CANNED_NOT_FOUND');
const toCanned = (r: typeof cannedResponses.$inferSelect): TCannedResponse => ({ id: r.id, title: r.title, body: r.body, updatedAt: r.updatedAt.toISOString() });

export async function listCanned(db: Queryable): Promise<TCannedResponse[]> {
  return (await db.select().from(cannedResponses).orderBy(asc(cannedResponses.title), asc(cannedResponses.id))).map(toCanned);
}

export async function createCanned(db: Queryable, agentId: string, input: { title: string; body: string }, now: Date) {
  const [row] = await db.insert(cannedResponses).values({ ...input, createdBy: agentId, createdAt: now, updatedAt: now }).returning();
  return toCanned(row!);
}

export async function updateCanned(db: Queryable, id: string, input: { title: string; body: string }, now: Date) {
  const [row] = await db.update(cannedResponses).set({ ...input, updatedAt: now }).where(eq(cannedResponses.id, id)).returning();
  if (!row) throw notFound();
  return toCanned(row);
}

export async function deleteCanned(db: Queryable, id: string) {
  const [row] = await db.delete(cannedResponses).where(eq(cannedResponses.id, id)).returning({ id: cannedResponses.id });
  if (!row) throw notFound();
}
