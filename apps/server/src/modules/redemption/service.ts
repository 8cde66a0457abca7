import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { commissionOf } from '@farha/contracts/money';
import {
  REDEMPTION_FAILURE_LIMIT,
  REDEMPTION_FAILURE_WINDOW_MINUTES,
  REDEMPTION_MESSAGES,
  type TRedemptionErrorCode,
  type TRedemptionOfferChoice,
  type TRedemptionSuccess,
} from '@farha/contracts/redemption';
import type { TVoucherStatus } from '@farha/contracts/vouchers';
import type { Db } from '../../db/client.ts';
import { boxes, boxOffers, offers, partnerTransactions, reservations, scanAttempts, vouchers, type partners } from '../../db/schema/index.ts';
import { normalizeVoucherCode } from '../vouchers/code.ts';
import { allowedSources } from '../vouchers/state-machine.ts';
import { transitionVoucher } from '../vouchers/transition.ts';
import { recordAttempt, storedAnswer, type ScanAnswer } from './attempts.ts';

/** architecture.md state machine: the statuses a partner scan may redeem. */
export const REDEEMABLE_STATUSES: readonly TVoucherStatus[] = allowedSources('REDEEMED', 'partner');

const STATUS_OF: Record<TRedemptionErrorCode, number> = {
  VOUCHER_INVALID: 404,
  VOUCHER_EXPIRED: 409,
  PARTNER_NOT_AUTHORISED: 403,
  VOUCHER_UNAVAILABLE: 409,
  OFFER_CHOICE_REQUIRED: 409,
  OFFER_NOT_IN_BOX: 400,
  SYSTEM: 500,
  RATE_LIMITED: 429,
};

export function failure(code: TRedemptionErrorCode, offers?: TRedemptionOfferChoice[]): ScanAnswer {
  return {
    status: STATUS_OF[code],
    body: { error: { code, message: REDEMPTION_MESSAGES[code] }, ...(offers ? { offers } : {}) },
  };
}

/** Thrown inside the redemption transaction to roll it back and answer something else. */
class Answer extends Error {
  constructor(readonly answer: ScanAnswer | 'nonce-taken') {
    super('redemption answered');
  }
}

export type RedeemInput = {
  partner: typeof partners.$inferSelect;
  userId: string;
  code: string;
  nonce: string;
  offerId?: string | undefined;
  now: Date;
};

/**
 * A partner scan (spec 01 §4, architecture.md "Redemption value"): checks in the spec's order, then one
 * database transaction with the conditional status change (transitionVoucher) and the ledger row. Every
 * attempt is recorded with its answer; a retried nonce gets the first answer back instead of a new run.
 */
export async function redeemVoucher(db: Db, input: RedeemInput): Promise<ScanAnswer> {
  const code = normalizeVoucherCode(input.code);
  const found = await lookup(db, input, code);
  if (found.replay) return found.replay;
  // Unknown codes are what guessing produces: past the limit, no answer says whether a code exists.
  if (found.recentGuessFailures >= REDEMPTION_FAILURE_LIMIT) return failure('RATE_LIMITED');

  const answer = await attempt(db, input, found.rows);
  if (answer.status === 200) return answer; // recorded inside its transaction
  const recorded = await recordAttempt(db, {
    partnerId: input.partner.id,
    userId: input.userId,
    nonce: input.nonce,
    codeInput: input.code,
    answer,
    now: input.now,
  });
  if (recorded) return answer;
  return (await storedAnswer(db, input.userId, input.nonce)) ?? answer;
}

/**
 * One round trip for everything the checks need (a scan is the hottest write path): the answer already
 * given to this nonce, the user's recent failed guesses, and the voucher with this partner's active
 * offers in its box (one row per offer; a single row of nulls when the code is unknown).
 */
async function lookup(db: Db, input: RedeemInput, code: string | null) {
  const since = new Date(input.now.getTime() - REDEMPTION_FAILURE_WINDOW_MINUTES * 60_000);
  const rows = await db
    .select({
      replay: sql<ScanAnswer | null>`(select ${scanAttempts.response} from ${scanAttempts} where ${scanAttempts.userId} = ${input.userId} and ${scanAttempts.nonce} = ${input.nonce})`,
      failures: sql<number>`(select count(*)::int from ${scanAttempts} where ${scanAttempts.userId} = ${input.userId} and ${scanAttempts.success} = false and ${scanAttempts.errorCode} = 'VOUCHER_INVALID' and ${scanAttempts.createdAt} >= ${since.toISOString()}::timestamptz)`,
      voucherId: vouchers.id,
      code: vouchers.code,
      status: vouchers.status,
      expiresAt: vouchers.expiresAt,
      recipientName: vouchers.recipientName,
      boxName: boxes.name,
      offerId: offers.id,
      offerTitle: offers.title,
      faceValue: offers.faceValue,
    })
    .from(sql`(select 1) as scan`)
    .leftJoin(vouchers, eq(vouchers.code, code ?? ''))
    .leftJoin(boxes, eq(boxes.id, vouchers.boxId))
    .leftJoin(boxOffers, eq(boxOffers.boxId, vouchers.boxId))
    .leftJoin(offers, and(eq(offers.id, boxOffers.offerId), eq(offers.partnerId, input.partner.id), eq(offers.active, true)))
    .orderBy(asc(offers.title));
  const first = rows[0];
  return {
    replay: first?.replay ?? null,
    recentGuessFailures: Number(first?.failures ?? 0),
    rows: first?.voucherId ? rows : [],
  };
}

type LookupRow = Awaited<ReturnType<typeof lookup>>['rows'][number];

async function attempt(db: Db, input: RedeemInput, rows: LookupRow[]): Promise<ScanAnswer> {
  const { partner, now } = input;
  const voucher = rows[0];
  if (!voucher?.voucherId) return failure('VOUCHER_INVALID');
  // spec 01 §4: an expired voucher is refused whatever its status says.
  if (voucher.expiresAt!.getTime() <= now.getTime() || voucher.status === 'EXPIRED') return failure('VOUCHER_EXPIRED');

  const choices: TRedemptionOfferChoice[] = rows
    .filter((r) => r.offerId !== null)
    .map((r) => ({ id: r.offerId!, title: r.offerTitle!, faceValue: r.faceValue! }));
  // Authorised = an active partner with an active offer in the voucher's box (architecture.md).
  if (choices.length === 0 || !partner.active) return failure('PARTNER_NOT_AUTHORISED');
  if (!REDEEMABLE_STATUSES.includes(voucher.status!)) return failure('VOUCHER_UNAVAILABLE');
  const voucherId = voucher.voucherId;

  let offer: TRedemptionOfferChoice | undefined;
  if (input.offerId) {
    offer = choices.find((c) => c.id === input.offerId);
    if (!offer) return failure('OFFER_NOT_IN_BOX');
  } else if (choices.length > 1) {
    return failure('OFFER_CHOICE_REQUIRED', choices);
  } else {
    offer = choices[0]!;
  }
  const chosen = offer;

  try {
    return await db.transaction(async (tx) => {
      const redeemed = await transitionVoucher(tx, {
        voucherId,
        to: 'REDEEMED',
        by: 'partner',
        actorUserId: input.userId,
        reason: `Scan par ${partner.name} : ${chosen.title}`,
        now,
        patch: { redeemedAt: now, redeemedPartnerId: partner.id, selectedOfferId: chosen.id },
      });
      // Someone else redeemed it (or it changed status) between our read and this conditional update.
      if (!redeemed) throw new Answer(failure('VOUCHER_UNAVAILABLE'));

      const gross = chosen.faceValue;
      const { commission, net } = commissionOf(gross, partner.commissionBp);
      // The unique voucher_id of the ledger is a second guard against a double redemption.
      const [ledger] = await tx
        .insert(partnerTransactions)
        .values({
          partnerId: partner.id,
          voucherId,
          offerId: chosen.id,
          scannedByUserId: input.userId,
          grossAmount: gross,
          commissionBp: partner.commissionBp,
          commissionAmount: commission,
          netAmount: net,
          status: 'validated',
          createdAt: now,
        })
        .onConflictDoNothing({ target: partnerTransactions.voucherId })
        .returning({ id: partnerTransactions.id });
      if (!ledger) throw new Answer(failure('VOUCHER_UNAVAILABLE'));

      // A reserved voucher: its reservation here is honoured; one made with another partner lapses.
      // (statusBeforeReservation is set while a reservation holds the voucher, cleared when it ends.)
      const wasReserved = voucher.status === 'RESERVED' || redeemed.statusBeforeReservation !== null;
      if (wasReserved) {
        await tx
          .update(reservations)
          .set({
            status: sql`case when ${reservations.partnerId} = ${partner.id} then 'completed' else 'cancelled' end`,
            updatedAt: now,
          })
          .where(and(eq(reservations.voucherId, voucherId), inArray(reservations.status, ['pending', 'confirmed', 'proposed'])));
      }

      const body: TRedemptionSuccess = {
        voucher: { code: voucher.code!, recipientName: voucher.recipientName!, boxName: voucher.boxName! },
        offer: { id: chosen.id, title: chosen.title },
        partner: { name: partner.name, address: partner.address, city: partner.city },
        gross,
        commission,
        net,
        redeemedAt: now.toISOString(),
        transactionId: ledger.id,
      };
      const success: ScanAnswer = { status: 200, body };
      const recorded = await recordAttempt(tx, {
        partnerId: partner.id,
        userId: input.userId,
        nonce: input.nonce,
        codeInput: input.code,
        answer: success,
        now,
      });
      // The same nonce was answered meanwhile (a concurrent retry): that answer stands, this one is undone.
      if (!recorded) throw new Answer('nonce-taken');
      return success;
    });
  } catch (error) {
    if (!(error instanceof Answer)) throw error;
    if (error.answer !== 'nonce-taken') return error.answer;
    return (await storedAnswer(db, input.userId, input.nonce)) ?? failure('VOUCHER_UNAVAILABLE');
  }
}
