import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  TCashStatus,
  TCourierName,
  TRemittanceDetail,
  TRemittanceLine,
  TRemittanceLineOutcome,
  TRemittanceList,
  TRemittanceRow,
  TRemittanceSource,
  TRemittanceSummary,
} from '@farha/contracts/delivery';
import type { Db, Queryable } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { courierRemittanceLines, courierRemittances, shipments } from '../../db/schema/index.ts';
import { algiersDay } from '../../lib/algiers-time.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { type Courier, CourierError, type CourierStatement } from './courier/index.ts';
import { normaliseTracking } from './remittance-file.ts';
import { readRemittanceFile } from './remittance-file-thread.ts';
import type { StatementLine } from './remittance-limits.ts';

/**
 * Couriers' remittances (docs/product/delivery.md §8). A courier pays the
 * cash it collected in periodic remittances with a statement (tracking, amount); finance imports it (CSV) or
 * fetches it from the courier, Farha matches each line with the parcel's cash, and finance confirms: the matched
 * parcels' cash becomes `reconciled` — once, whatever statements name it — and only then counts for the
 * partners' payouts (modules/ledger).
 */

export const REMITTANCE_PAGE_SIZE = 20;

/** A parcel's cash the courier said it collected: its word, else what Farha asked it to collect. */
const collectedOf = sql<number>`coalesce(${shipments.collectedAmount}, ${shipments.codAmount})`;
const COLLECTED: TCashStatus[] = ['collected', 'reconciled', 'mismatch'];

/**
 * Finance's tiles: the cash couriers collected, what is reconciled, what they still owe (collected, not yet
 * reconciled: a difference included), and the parcels whose statement line differs.
 */
export async function cashSummary(db: Queryable, where?: SQL): Promise<TRemittanceSummary> {
  const [row] = await db
    .select({
      collected: sql<number>`coalesce(sum(${collectedOf}) filter (where ${inArray(shipments.cashStatus, COLLECTED)}), 0)::bigint`,
      reconciled: sql<number>`coalesce(sum(${collectedOf}) filter (where ${shipments.cashStatus} = 'reconciled'), 0)::bigint`,
      mismatches: sql<number>`(count(*) filter (where ${shipments.cashStatus} = 'mismatch'))::int`,
    })
    .from(shipments)
    .where(where);
  const collected = Number(row?.collected ?? 0);
  const reconciled = Number(row?.reconciled ?? 0);
  return { collected, reconciled, owed: collected - reconciled, mismatches: Number(row?.mismatches ?? 0) };
}

type ParcelCash = { id: string; tracking: string | null; cashStatus: TCashStatus; codAmount: number; remittanceId: string | null };
type Outcome = { shipmentId: string | null; outcome: TRemittanceLineOutcome; difference: number };

/**
 * A statement line against the parcel it names, as things stand: `seen` holds the trackings of the lines before
 * it in the same statement, so that a parcel listed twice counts once.
 *
 * - no parcel of that courier with that number: `unknown_parcel` (difference: the whole amount);
 * - already reconciled (by another remittance, or twice in this one): `already_reconciled` — never counted again;
 * - cash still `due` (the courier has not said it delivered and collected it) or nothing to collect (paid online):
 *   `not_collected`, unless the line is 0 for a parcel paid online;
 * - collected (or an earlier difference): `matched` when the amount is the parcel's cash, else `amount_differs`.
 */
export function matchLine(line: StatementLine, parcel: ParcelCash | undefined, seen: Set<string>): Outcome {
  if (!parcel) return { shipmentId: null, outcome: 'unknown_parcel', difference: line.amount };
  const twice = seen.has(line.tracking);
  seen.add(line.tracking);
  if (twice || parcel.cashStatus === 'reconciled') return { shipmentId: parcel.id, outcome: 'already_reconciled', difference: line.amount };
  if (parcel.cashStatus === 'none') {
    return line.amount === 0 ? { shipmentId: parcel.id, outcome: 'matched', difference: 0 } : { shipmentId: parcel.id, outcome: 'not_collected', difference: line.amount };
  }
  if (parcel.cashStatus === 'due') return { shipmentId: parcel.id, outcome: 'not_collected', difference: line.amount - parcel.codAmount };
  const difference = line.amount - parcel.codAmount;
  return { shipmentId: parcel.id, outcome: difference === 0 ? 'matched' : 'amount_differs', difference };
}

/** The parcels of a courier named by trackings (FOR UPDATE when `lock`, in id order: two confirmations never deadlock). */
async function parcelsOf(db: Queryable, courier: TCourierName, trackings: string[], lock: boolean): Promise<Map<string, ParcelCash>> {
  const unique = [...new Set(trackings)];
  if (unique.length === 0) return new Map();
  const query = db
    .select({ id: shipments.id, tracking: shipments.tracking, cashStatus: shipments.cashStatus, codAmount: shipments.codAmount, remittanceId: shipments.remittanceId })
    .from(shipments)
    .where(and(eq(shipments.courier, courier), inArray(shipments.tracking, unique)))
    .orderBy(asc(shipments.id));
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((r) => [r.tracking!, r]));
}

function matchAll(lines: StatementLine[], parcels: Map<string, ParcelCash>): Outcome[] {
  const seen = new Set<string>();
  return lines.map((line) => matchLine(line, parcels.get(line.tracking), seen));
}

export type NewStatement = {
  courier: TCourierName;
  reference: string;
  statementDate?: string | undefined;
  source: TRemittanceSource;
  lines: StatementLine[];
  actor: AuditActor;
  now: Date;
};

/**
 * A statement becomes a draft remittance with its lines matched as things stand (nothing is reconciled until
 * finance confirms). The same reference of the same courier twice: REMITTANCE_DUPLICATE.
 */
export async function createRemittanceDraft(db: Db, input: NewStatement): Promise<TRemittanceDetail> {
  const declaredTotal = input.lines.reduce((s, l) => s + l.amount, 0);
  try {
    const id = await db.transaction(async (tx) => {
      const [remittance] = await tx
        .insert(courierRemittances)
        .values({
          courier: input.courier,
          reference: input.reference,
          statementDate: input.statementDate ?? algiersDay(input.now),
          declaredTotal,
          status: 'draft',
          source: input.source,
          createdBy: input.actor.userId,
          createdAt: input.now,
        })
        .returning({ id: courierRemittances.id });
      const outcomes = matchAll(input.lines, await parcelsOf(tx, input.courier, input.lines.map((l) => l.tracking), false));
      // In slices: a statement of 5,000 lines stays under the driver's parameter limit.
      for (let at = 0; at < input.lines.length; at += 1000) {
        await tx.insert(courierRemittanceLines).values(
          input.lines.slice(at, at + 1000).map((line, i) => ({ remittanceId: remittance!.id, tracking: line.tracking, amount: line.amount, ...outcomes[at + i]! })),
        );
      }
      await recordAudit(tx, {
        actor: input.actor,
        action: input.source === 'fetch' ? 'remittance.fetch' : 'remittance.import',
        entityType: 'courier_remittance',
        entityId: remittance!.id,
        summary: `Relevé ${input.reference} (${input.courier}) : ${input.lines.length} lignes, ${declaredTotal} DA`,
        params: { reference: input.reference, courier: input.courier, lines: input.lines.length, amount: declaredTotal },
        now: input.now,
      });
      return remittance!.id;
    });
    return remittanceDetail(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('REMITTANCE_DUPLICATE', { field: 'reference' });
    throw error;
  }
}

/**
 * Finance confirms a draft: under the remittance's lock (a second confirmation waits, then finds it confirmed:
 * REMITTANCE_CONFIRMED) and the lock of every parcel it names, each line is matched again as things stand now —
 * a parcel another remittance reconciled meanwhile is `already_reconciled` here — then matched parcels become
 * `reconciled` (with this remittance), parcels whose amount differs `mismatch`. A parcel's cash is counted once.
 */
export async function confirmRemittance(db: Db, remittanceId: string, input: { actor: AuditActor; now: Date }): Promise<TRemittanceDetail> {
  await db.transaction(async (tx) => {
    const [remittance] = await tx.select().from(courierRemittances).where(eq(courierRemittances.id, remittanceId)).for('update');
    if (!remittance) throw new AppError('REMITTANCE_NOT_FOUND');
    if (remittance.status === 'confirmed') throw new AppError('REMITTANCE_CONFIRMED');
    const lines = await tx.select().from(courierRemittanceLines).where(eq(courierRemittanceLines.remittanceId, remittanceId)).orderBy(asc(courierRemittanceLines.id));
    const parcels = await parcelsOf(tx, remittance.courier, lines.map((l) => l.tracking), true);
    const outcomes = matchAll(lines, parcels);
    const matched: string[] = [];
    const differing: string[] = [];
    for (const [i, line] of lines.entries()) {
      const o = outcomes[i]!;
      if (o.outcome === 'matched' && parcels.get(line.tracking)?.cashStatus !== 'none') matched.push(o.shipmentId!);
      if (o.outcome === 'amount_differs') differing.push(o.shipmentId!);
      if (o.outcome !== line.outcome || o.difference !== line.difference || o.shipmentId !== line.shipmentId) {
        await tx.update(courierRemittanceLines).set(o).where(eq(courierRemittanceLines.id, line.id));
      }
    }
    let reconciled = 0;
    if (matched.length) {
      const done = await tx
        .update(shipments)
        .set({ cashStatus: 'reconciled', remittanceId, updatedAt: input.now })
        .where(and(inArray(shipments.id, matched), inArray(shipments.cashStatus, ['collected', 'mismatch'])))
        .returning({ id: shipments.id });
      // Under the parcels' locks nothing else moved them: a parcel short here would be counted nowhere.
      if (done.length !== matched.length) throw new Error('remittance: parcels changed under their locks');
      reconciled = done.length;
    }
    if (differing.length) {
      await tx.update(shipments).set({ cashStatus: 'mismatch', updatedAt: input.now }).where(and(inArray(shipments.id, differing), eq(shipments.cashStatus, 'collected')));
    }
    await tx.update(courierRemittances).set({ status: 'confirmed', confirmedAt: input.now }).where(eq(courierRemittances.id, remittanceId));
    const amount = lines.reduce((s, l, i) => s + (outcomes[i]!.outcome === 'matched' ? l.amount : 0), 0);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'remittance.confirm',
      entityType: 'courier_remittance',
      entityId: remittanceId,
      summary: `Rapprochement validé : relevé ${remittance.reference}, ${reconciled} colis, ${amount} DA`,
      params: { reference: remittance.reference, parcels: reconciled, amount, differences: lines.length - outcomes.filter((o) => o.outcome === 'matched').length },
      now: input.now,
    });
  });
  return remittanceDetail(db, remittanceId);
}

const lineFigures = {
  lineCount: sql<number>`count(${courierRemittanceLines.id})::int`,
  matchedTotal: sql<number>`coalesce(sum(${courierRemittanceLines.amount}) filter (where ${courierRemittanceLines.outcome} = 'matched'), 0)::bigint`,
  differenceCount: sql<number>`(count(${courierRemittanceLines.id}) filter (where ${courierRemittanceLines.outcome} <> 'matched'))::int`,
};

function toRow(r: typeof courierRemittances.$inferSelect & { lineCount: number; matchedTotal: number; differenceCount: number }): TRemittanceRow {
  return {
    id: r.id,
    courier: r.courier,
    reference: r.reference,
    statementDate: r.statementDate,
    declaredTotal: r.declaredTotal,
    status: r.status,
    source: r.source,
    lineCount: Number(r.lineCount),
    matchedTotal: Number(r.matchedTotal),
    differenceCount: Number(r.differenceCount),
    createdAt: r.createdAt.toISOString(),
    confirmedAt: r.confirmedAt ? r.confirmedAt.toISOString() : null,
  };
}

function remittanceRows(db: Queryable) {
  return db
    .select({
      id: courierRemittances.id,
      courier: courierRemittances.courier,
      reference: courierRemittances.reference,
      statementDate: courierRemittances.statementDate,
      declaredTotal: courierRemittances.declaredTotal,
      status: courierRemittances.status,
      source: courierRemittances.source,
      createdBy: courierRemittances.createdBy,
      createdAt: courierRemittances.createdAt,
      confirmedAt: courierRemittances.confirmedAt,
      ...lineFigures,
    })
    .from(courierRemittances)
    .leftJoin(courierRemittanceLines, eq(courierRemittanceLines.remittanceId, courierRemittances.id))
    .groupBy(courierRemittances.id);
}

const encodeCursor = (row: { createdAt: Date; id: string }) => Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new AppError('BAD_CURSOR', { field: 'cursor' });
  return { createdAt, id };
}

/** Finance's list: newest first (keyset on (created_at, id)), with the tiles over every parcel. */
export async function listRemittances(db: Queryable, query: { cursor?: string | undefined; limit?: number }): Promise<TRemittanceList> {
  const limit = query.limit ?? REMITTANCE_PAGE_SIZE;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const [rows, summary] = await Promise.all([
    remittanceRows(db)
      .where(after ? sql`(${courierRemittances.createdAt}, ${courierRemittances.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined)
      .orderBy(desc(courierRemittances.createdAt), desc(courierRemittances.id))
      .limit(limit + 1),
    cashSummary(db),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toRow), nextCursor: rows.length > limit && last ? encodeCursor(last) : null, summary };
}

/** One remittance with its lines in the statement's order, each with what Farha expected for the parcel. */
export async function remittanceDetail(db: Queryable, remittanceId: string): Promise<TRemittanceDetail> {
  const [row] = await remittanceRows(db).where(eq(courierRemittances.id, remittanceId));
  if (!row) throw new AppError('REMITTANCE_NOT_FOUND');
  const lines = await db
    .select({
      id: courierRemittanceLines.id,
      tracking: courierRemittanceLines.tracking,
      amount: courierRemittanceLines.amount,
      shipmentId: courierRemittanceLines.shipmentId,
      expected: shipments.codAmount,
      outcome: courierRemittanceLines.outcome,
      difference: courierRemittanceLines.difference,
    })
    .from(courierRemittanceLines)
    .leftJoin(shipments, eq(shipments.id, courierRemittanceLines.shipmentId))
    .where(eq(courierRemittanceLines.remittanceId, remittanceId))
    .orderBy(asc(courierRemittanceLines.id));
  return { remittance: toRow(row), lines: lines satisfies TRemittanceLine[] };
}

/**
 * An imported statement (finance's upload): read off the event loop within its budget
 * (remittance-file-thread.ts), then a draft. Its reference is the one typed, else the file's name.
 */
export async function importRemittance(
  db: Db,
  input: { data: Buffer; filename: string; reference?: string | undefined; statementDate?: string | undefined; courier: TCourierName; actor: AuditActor; now: Date },
): Promise<TRemittanceDetail> {
  const lines = await readRemittanceFile(input.data, input.filename);
  const reference = (input.reference?.trim() || input.filename.replace(/\.[^.]*$/, '').trim() || 'releve').slice(0, 120);
  return createRemittanceDraft(db, { courier: input.courier, reference, statementDate: input.statementDate, source: 'import', lines, actor: input.actor, now: input.now });
}

/**
 * « Récupérer le relevé du transporteur »: the courier's latest remittance, as a draft. The file courier pays,
 * when asked, the cash of its delivered parcels not paid yet; a courier without a statement in its API
 * (Yalidine's has none for a sender's payments) answers REMITTANCE_FETCH_UNSUPPORTED: its file is imported.
 * A statement already fetched (same reference) or an empty one: REMITTANCE_NOTHING_TO_FETCH.
 */
export async function fetchRemittance(db: Db, courier: Courier, step: { actor: AuditActor; now: Date; courier?: TCourierName | undefined }): Promise<TRemittanceDetail> {
  // Only the configured courier is reached (another one's statements are imported).
  if (!courier.statement || (step.courier && step.courier !== courier.name)) throw new AppError('REMITTANCE_FETCH_UNSUPPORTED');
  let statement: CourierStatement | null;
  try {
    statement = await courier.statement();
  } catch (error) {
    if (error instanceof CourierError) throw new AppError('COURIER_UNAVAILABLE');
    throw error;
  }
  if (!statement || statement.lines.length === 0) throw new AppError('REMITTANCE_NOTHING_TO_FETCH');
  const lines = statement.lines.map((l) => ({ tracking: normaliseTracking(l.tracking), amount: l.amount }));
  try {
    return await createRemittanceDraft(db, { courier: courier.name, reference: statement.reference, statementDate: statement.date, source: 'fetch', lines, actor: step.actor, now: step.now });
  } catch (error) {
    if (error instanceof AppError && error.code === 'REMITTANCE_DUPLICATE') throw new AppError('REMITTANCE_NOTHING_TO_FETCH');
    throw error;
  }
}
