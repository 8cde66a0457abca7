import { sql, type SQL } from 'drizzle-orm';
import { commissionOf } from '@farha/contracts/money';
import {
  REDEMPTION_FAILURE_LIMIT,
  REDEMPTION_FAILURE_WINDOW_MINUTES,
  REDEMPTION_LOCKED_SCAN_LIMIT,
  redemptionLockMessage,
  type TRedemptionError,
  type TRedemptionErrorCode,
  type TRedemptionOfferChoice,
  type TRedemptionSuccess,
} from '@farha/contracts/redemption';
import { normalizeVoucherCode, type TVoucherStatus } from '@farha/contracts/vouchers';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { boxes, boxOffers, offers, scanAttempts, vouchers, type partners } from '../../db/schema/index.ts';
import { batched } from '../../lib/batch.ts';
import { ADMIN_FIGURES_AUDIENCE, publish, publishEach } from '../realtime/index.ts';
import { allowedSources } from './state-machine.ts';
import { batchTransition } from './transition.ts';
import { recordAttempt, storedAnswer, type ScanAnswer } from './scan-attempts.ts';
import { ERRORS } from '@farha/contracts/errors';
import { errorBody } from '../../lib/errors.ts';

/** docs/product/vouchers.md §5: the statuses a partner scan may redeem. */
export const REDEEMABLE_STATUSES: readonly TVoucherStatus[] = allowedSources('REDEEMED', 'partner');

export function failure(code: TRedemptionErrorCode, offers?: TRedemptionOfferChoice[]): ScanAnswer {
  return {
    status: ERRORS[code].status,
    body: { ...errorBody(code), ...(offers ? { offers } : {}) },
  };
}

const WINDOW_MS = REDEMPTION_FAILURE_WINDOW_MINUTES * 60_000;

/** 429 while a user is locked out of unknown codes: how long it lasts, in the payload and the message. */
export function lockedOut(lockedUntil: Date, now: Date): ScanAnswer {
  const retryAfterSeconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return {
    status: ERRORS.RATE_LIMITED.status,
    body: {
      error: { code: 'RATE_LIMITED', message: redemptionLockMessage(retryAfterSeconds) },
      retryAfterSeconds,
      lockedUntil: lockedUntil.toISOString(),
    },
  };
}

export type RedeemInput = {
  partner: typeof partners.$inferSelect;
  userId: string;
  code: string;
  nonce: string;
  offerId?: string | undefined;
  now: Date;
  /**
   * Issue 26, ADR 014: a scan the phone accepted offline and sends later: when it was scanned. The voucher
   * must have been valid then, and is recorded as redeemed then; everything else is checked now.
   */
  scannedAt?: Date | undefined;
};

/**
 * What a redemption writes in the tables of domains above this one, as statements of its single
 * statement (ADR 003), each written by the table's owner (issue 22): the scan route passes them in.
 */
export type RedemptionWrites = {
  /**
   * The ledger's `redemptionLedgerRows`: from the redeemed scans, the rows written (id, voucher_id, and the
   * net_amount, promo_share, promo_code it wrote: a shared promotion's part comes off the net, issue 35).
   */
  ledgerRows: (scans: SQL) => SQL;
  /** The reservations' `closeRedeemedReservations`: the current reservations of the redeemed vouchers closed. */
  closeReservations: (redeemed: SQL) => SQL;
};

/** Up to this many scans share one round of statements. */
const MAX_BATCH = 100;

/**
 * The scan entry point of one server instance: scans that arrive together are redeemed together
 * (lib/batch.ts), each with exactly the answer it would get alone.
 */
export function redemptionQueue(db: Db, writes: RedemptionWrites): (input: RedeemInput) => Promise<ScanAnswer> {
  return batched((inputs: RedeemInput[]) => redeemVouchers(db, writes, inputs), { maxBatch: MAX_BATCH });
}

/**
 * Redeems a batch of scans (docs/product/vouchers.md §12). A batch that meets a
 * conflict only one-by-one handling can settle (the ledger or a nonce taken by another instance, a
 * deadlock on PostgreSQL) is undone and its scans run one at a time; a scan that fails then fails alone.
 */
export async function redeemVouchers(db: Db, writes: RedemptionWrites, inputs: RedeemInput[]): Promise<PromiseSettledResult<ScanAnswer>[]> {
  try {
    const answers = await redeemTogether(db, writes, inputs);
    return answers.map((value) => ({ status: 'fulfilled', value }));
  } catch (error) {
    if (inputs.length === 1) return [{ status: 'rejected', reason: error }];
  }
  const settled: PromiseSettledResult<ScanAnswer>[] = [];
  for (const input of inputs) {
    try {
      settled.push({ status: 'fulfilled', value: (await redeemTogether(db, writes, [input]))[0]! });
    } catch (reason) {
      settled.push({ status: 'rejected', reason });
    }
  }
  return settled;
}

/** Inside the transaction: a conflict that undoes the batch (see redeemVouchers). */
class Conflict extends Error {
  constructor(readonly kind: 'ledger' | 'nonce') {
    super(`redemption conflict: ${kind}`);
  }
}

type Claim = {
  index: number;
  voucherId: string;
  fromStatus: TVoucherStatus;
  offer: TRedemptionOfferChoice;
  voucher: { code: string; recipientName: string; boxName: string; boxNameAr: string | null };
};

/**
 * The checks of docs/product/vouchers.md §12 in their order for every scan, then one transaction: the conditional status
 * changes (each voucher only from the status it was read in, so a voucher redeemed meanwhile — here or
 * by another instance — is refused), their voucher_events rows, the ledger rows and every attempt with
 * its answer. A retried nonce gets its first answer back instead of a new run.
 */
async function redeemTogether(db: Db, writes: RedemptionWrites, inputs: RedeemInput[]): Promise<ScanAnswer[]> {
  const codes = inputs.map((input) => normalizeVoucherCode(input.code));
  const found = await lookup(db, inputs, codes);

  const answers: (ScanAnswer | undefined)[] = new Array(inputs.length);
  const sameAs = new Map<number, number>(); // a nonce sent twice in one batch: the later gets the first's answer
  const firstOfNonce = new Map<string, number>();
  const unrecorded = new Set<number>(); // answers that are not attempts: replays, rate-limit refusals
  const guesses = new Map(found.guessFailures);
  const known = new Map(found.knownScans);
  const claimed = new Set<string>();
  const claims: Claim[] = [];

  inputs.forEach((input, index) => {
    const nonceKey = `${input.userId} ${input.nonce}`;
    const first = firstOfNonce.get(nonceKey);
    if (first !== undefined) return void sameAs.set(index, first);
    firstOfNonce.set(nonceKey, index);

    const replay = found.replays.get(nonceKey);
    if (replay) {
      answers[index] = replay;
      unrecorded.add(index);
      return;
    }
    // Unknown codes are what guessing produces: past the limit they are refused until the oldest of the
    // failures that count leaves the window. A code that exists still goes through (a partner who mistyped
    // twenty codes can serve the next customer), at most REDEMPTION_LOCKED_SCAN_LIMIT a window meanwhile.
    const rows = found.vouchers.get(codes[index] ?? '') ?? [];
    if ((guesses.get(input.userId) ?? 0) >= REDEMPTION_FAILURE_LIMIT) {
      const until = found.lockedUntil.get(input.userId) ?? new Date(input.now.getTime() + WINDOW_MS);
      if (rows.length === 0 || (known.get(input.userId) ?? 0) >= REDEMPTION_LOCKED_SCAN_LIMIT) {
        answers[index] = lockedOut(until, input.now);
        unrecorded.add(index);
        return;
      }
    }
    if (rows.length > 0) known.set(input.userId, (known.get(input.userId) ?? 0) + 1);
    const decision = decide(input, rows);
    if ('answer' in decision) {
      answers[index] = decision.answer;
      if (decision.answer.status === 404) guesses.set(input.userId, (guesses.get(input.userId) ?? 0) + 1);
      return;
    }
    // Two scans of one voucher together: the first eligible one redeems it.
    if (claimed.has(decision.voucherId)) {
      answers[index] = failure('VOUCHER_UNAVAILABLE');
      return;
    }
    claimed.add(decision.voucherId);
    claims.push({ index, ...decision });
  });

  let notRecorded: number[] = [];
  try {
    notRecorded = await db.transaction(async (tx) => {
      for (const [index, answer] of await redeemClaims(tx, writes, inputs, claims)) answers[index] = answer;

      const attempts = answers.flatMap((answer, index) => (answer && !unrecorded.has(index) ? [{ index, answer }] : []));
      if (attempts.length === 0) return [];
      const inserted = await rowsOf<{ user_id: string; nonce: string }>(
        tx,
        sql`insert into ${scanAttempts} (partner_id, user_id, nonce, code_input, success, error_code, response, created_at)
          select * from jsonb_to_recordset(${jsonRows(
            attempts.map(({ index, answer }) => {
              const input = inputs[index]!;
              const success = answer.status === 200;
              return {
                partner_id: input.partner.id,
                user_id: input.userId,
                nonce: input.nonce,
                code_input: input.code.slice(0, 300),
                success,
                error_code: success ? null : (answer.body as TRedemptionError).error.code,
                response: answer,
                created_at: input.now.toISOString(),
              };
            }),
          )}) as a(partner_id uuid, user_id uuid, nonce text, code_input text, success boolean, error_code text, response jsonb, created_at timestamptz)
          on conflict (user_id, nonce) do nothing
          returning user_id, nonce`,
      );
      const recorded = new Set(inserted.map((row) => `${row.user_id} ${row.nonce}`));
      const lost = attempts.filter(({ index }) => !recorded.has(`${inputs[index]!.userId} ${inputs[index]!.nonce}`));
      // The same nonce was answered meanwhile by a concurrent retry: that answer stands, a redemption here is undone.
      if (lost.some(({ answer }) => answer.status === 200)) throw new Conflict('nonce');
      // Issue 36: the scanning partners' dashboards (scans, success rate, revenue) and, for a redemption, the
      // back office's figures learn of it at commit (docs/product/realtime.md §6); no code, no name.
      const kept = attempts.filter(({ index }) => recorded.has(`${inputs[index]!.userId} ${inputs[index]!.nonce}`));
      const now = inputs[0]!.now;
      const scanned = [...new Set(kept.map(({ index }) => inputs[index]!.partner.id))];
      await publishEach(tx, 'partner.figures', scanned.map((partnerId) => ({ audience: { partnerId }, payload: { change: 'scan' } })), now);
      if (kept.some(({ answer }) => answer.status === 200)) await publish(tx, { topic: 'admin.figures', audience: ADMIN_FIGURES_AUDIENCE, payload: { change: 'voucher_redeemed' }, now });
      return lost.map(({ index }) => index);
    });
  } catch (error) {
    if (!(error instanceof Conflict) || inputs.length > 1) throw error;
    // Alone: a voucher with a ledger row already was redeemed; a nonce taken has its stored answer.
    // Either way the redemption was rolled back: whatever is not stored is 'already used'.
    const input = inputs[0]!;
    const answer = failure('VOUCHER_UNAVAILABLE');
    answers[0] = answer;
    if (error.kind === 'ledger') {
      const { partner, userId, nonce, code, now } = input;
      if (await recordAttempt(db, { partnerId: partner.id, userId, nonce, codeInput: code, answer, now })) return [answer];
    }
    notRecorded = [0];
  }
  for (const index of notRecorded) {
    const input = inputs[index]!;
    answers[index] = (await storedAnswer(db, input.userId, input.nonce)) ?? answers[index];
  }
  for (const [index, first] of sameAs) answers[index] = answers[first];
  return answers.map((answer) => answer ?? failure('REDEMPTION_SYSTEM'));
}

type VoucherRow = {
  voucherId: string;
  code: string;
  status: TVoucherStatus;
  expiresAt: string;
  recipientName: string;
  boxName: string;
  boxNameAr: string | null;
  offerId: string | null;
  offerPartnerId: string | null;
  offerTitle: string | null;
  offerTitleAr: string | null;
  faceValue: number | null;
};

/**
 * One round trip for everything the checks need: answers already given to these nonces, the users'
 * recent failed guesses, and the vouchers with the scanning partners' active offers in their boxes
 * (one row per offer, by title).
 */
async function lookup(db: Db, inputs: RedeemInput[], codes: (string | null)[]) {
  const userIds = jsonRows([...new Set(inputs.map((input) => input.userId))]);
  const nonces = jsonRows([...new Set(inputs.map((input) => input.nonce))]);
  const partnerIds = jsonRows([...new Set(inputs.map((input) => input.partner.id))]);
  const knownCodes = jsonRows([...new Set(codes.filter((code): code is string => code !== null))]);
  const earliest = Math.min(...inputs.map((input) => input.now.getTime()));
  const since = new Date(earliest - REDEMPTION_FAILURE_WINDOW_MINUTES * 60_000).toISOString();

  const [found] = await rowsOf<{
    replays: { userId: string; nonce: string; response: ScanAnswer }[];
    failures: { userId: string; n: number; nth: string | null }[];
    known: { userId: string; n: number }[];
    vouchers: VoucherRow[];
  }>(
    db,
    sql`select
      (select coalesce(jsonb_agg(jsonb_build_object('userId', a.user_id, 'nonce', a.nonce, 'response', a.response)), '[]'::jsonb)
        from ${scanAttempts} a
        where a.user_id in (select jsonb_array_elements_text(${userIds})::uuid)
          and a.nonce in (select jsonb_array_elements_text(${nonces}))) as replays,
      (select coalesce(jsonb_agg(jsonb_build_object('userId', f.user_id, 'n', f.n, 'nth', f.nth)), '[]'::jsonb)
        from (select a.user_id, count(*) as n,
            (array_agg(a.created_at order by a.created_at desc))[${REDEMPTION_FAILURE_LIMIT}] as nth
          from ${scanAttempts} a
          where a.user_id in (select jsonb_array_elements_text(${userIds})::uuid)
            and a.error_code = 'VOUCHER_INVALID' and a.created_at >= ${since}::timestamptz
          group by a.user_id) f) as failures,
      (select coalesce(jsonb_agg(jsonb_build_object('userId', k.user_id, 'n', k.n)), '[]'::jsonb)
        from (select a.user_id, count(*) as n from ${scanAttempts} a
          where a.user_id in (select jsonb_array_elements_text(${userIds})::uuid)
            and coalesce(a.error_code, '') <> 'VOUCHER_INVALID' and a.created_at >= ${since}::timestamptz
          group by a.user_id) k) as known,
      (select coalesce(jsonb_agg(jsonb_build_object(
          'voucherId', v.id, 'code', v.code, 'status', v.status, 'expiresAt', v.expires_at,
          'recipientName', v.recipient_name, 'boxName', b.name, 'boxNameAr', b.name_ar, 'offerId', o.id,
          'offerPartnerId', o.partner_id, 'offerTitle', o.title, 'offerTitleAr', o.title_ar, 'faceValue', o.face_value) order by o.title, o.id), '[]'::jsonb)
        from ${vouchers} v
        join ${boxes} b on b.id = v.box_id
        left join ${boxOffers} bo on bo.box_id = v.box_id
        left join ${offers} o on o.id = bo.offer_id and o.active
          and o.partner_id in (select jsonb_array_elements_text(${partnerIds})::uuid)
        where v.code in (select jsonb_array_elements_text(${knownCodes}))) as vouchers`,
  );
  const byCode = new Map<string, VoucherRow[]>();
  for (const row of found!.vouchers) byCode.set(row.code, [...(byCode.get(row.code) ?? []), row]);
  return {
    replays: new Map(found!.replays.map((row) => [`${row.userId} ${row.nonce}`, row.response])),
    guessFailures: new Map(found!.failures.map((row) => [row.userId, Number(row.n)])),
    // The lock ends when the REDEMPTION_FAILURE_LIMIT-th most recent failure leaves the window.
    lockedUntil: new Map(
      found!.failures.flatMap((row) => (row.nth ? [[row.userId, new Date(new Date(row.nth).getTime() + WINDOW_MS)] as const] : [])),
    ),
    knownScans: new Map(found!.known.map((row) => [row.userId, Number(row.n)])),
    vouchers: byCode,
  };
}

/** The checks of docs/product/vouchers.md §12, in their order, for one scan: its failure, or what it would redeem. */
function decide(input: RedeemInput, rows: VoucherRow[]): { answer: ScanAnswer } | Omit<Claim, 'index'> {
  const { partner } = input;
  const validAt = input.scannedAt ?? input.now;
  const voucher = rows[0];
  if (!voucher) return { answer: failure('VOUCHER_INVALID') };
  // Issue 38 (docs/product/delivery.md §5): a physical box's voucher is used once its box arrived (it does not expire meanwhile).
  if (voucher.status === 'AWAITING_DELIVERY') return { answer: failure('VOUCHER_AWAITING_DELIVERY') };
  // docs/product/vouchers.md §12: an expired voucher is refused whatever its status says.
  if (new Date(voucher.expiresAt).getTime() <= validAt.getTime() || voucher.status === 'EXPIRED') return { answer: failure('VOUCHER_EXPIRED') };

  const choices: TRedemptionOfferChoice[] = rows
    .filter((r) => r.offerId !== null && r.offerPartnerId === partner.id)
    .map((r) => ({ id: r.offerId!, title: r.offerTitle!, titleAr: r.offerTitleAr, faceValue: r.faceValue! }));
  // Authorised = an active partner with an active offer in the voucher's box (docs/product/vouchers.md §12).
  if (choices.length === 0 || !partner.active) return { answer: failure('PARTNER_NOT_AUTHORISED') };
  if (!REDEEMABLE_STATUSES.includes(voucher.status)) return { answer: failure('VOUCHER_UNAVAILABLE') };

  let offer: TRedemptionOfferChoice | undefined;
  if (input.offerId) {
    offer = choices.find((c) => c.id === input.offerId);
    if (!offer) return { answer: failure('OFFER_NOT_IN_BOX') };
  } else if (choices.length > 1) {
    return { answer: failure('OFFER_CHOICE_REQUIRED', choices) };
  } else {
    offer = choices[0]!;
  }
  return {
    voucherId: voucher.voucherId,
    fromStatus: voucher.status,
    offer,
    voucher: { code: voucher.code, recipientName: voucher.recipientName, boxName: voucher.boxName, boxNameAr: voucher.boxNameAr },
  };
}

/** Many rows as one parameter (a JSON array read with jsonb_to_recordset): a batch binds one value, not hundreds. */
const jsonRows = (rows: unknown[]) => sql`(${JSON.stringify(rows)}::text)::jsonb`;

/**
 * Scans in one statement: the state machine's batch transition (transition.ts, from the status each
 * voucher was read in to REDEEMED) with its voucher_events rows, the ledger rows, and the
 * reservations of reserved vouchers closed (honoured with this partner, lapsed with another). Answers
 * the claims by index.
 */
async function redeemClaims(tx: Tx, writes: RedemptionWrites, inputs: RedeemInput[], claims: Claim[]): Promise<Map<number, ScanAnswer>> {
  const answers = new Map<number, ScanAnswer>();
  if (claims.length === 0) return answers;

  const rows = claims.map((claim) => {
    const input = inputs[claim.index]!;
    const gross = claim.offer.faceValue;
    const { commission, net } = commissionOf(gross, input.partner.commissionBp);
    return {
      voucher_id: claim.voucherId,
      from_status: claim.fromStatus,
      now: input.now.toISOString(),
      redeemed_at: (input.scannedAt ?? input.now).toISOString(),
      partner_id: input.partner.id,
      offer_id: claim.offer.id,
      user_id: input.userId,
      reason: `Scan par ${input.partner.name} : ${claim.offer.title}`,
      gross,
      commission_bp: input.partner.commissionBp,
      commission,
      net,
    };
  });
  const redeem = batchTransition({
    to: 'REDEEMED',
    by: 'partner',
    moved: 'redeemed',
    set: sql`redeemed_at = c.redeemed_at, redeemed_partner_id = c.partner_id, selected_offer_id = c.offer_id`,
  });
  const done = await rowsOf<{ voucher_id: string; transaction_id: string | null; net_amount: number | null; promo_share: number | null; promo_code: string | null }>(
    tx,
    sql`
    with c as (
      select * from jsonb_to_recordset(${jsonRows(rows)}) as c(
        voucher_id uuid, from_status text, now timestamptz, redeemed_at timestamptz, partner_id uuid, offer_id uuid, user_id uuid,
        reason text, gross integer, commission_bp integer, commission integer, net integer)
    ), redeemed as (
      ${redeem.update}
    ), events as (
      ${redeem.events}
    ), ledger as (
      ${writes.ledgerRows(sql`select c.* from c join redeemed r on r.id = c.voucher_id`)}
    ), closed as (
      ${writes.closeReservations(sql`select c.voucher_id, c.partner_id, c.now from c join redeemed r on r.id = c.voucher_id
        where c.from_status = 'RESERVED' or r.status_before_reservation is not null`)}
    )
    select r.id as voucher_id, l.id as transaction_id, l.net_amount, l.promo_share, l.promo_code from redeemed r left join ledger l on l.voucher_id = r.id`,
  );
  // A redeemed voucher that already had a ledger row: the batch is undone (redeemVouchers).
  if (done.some((row) => row.transaction_id === null)) throw new Conflict('ledger');
  const transactionOf = new Map(done.map((row) => [row.voucher_id, row.transaction_id!]));
  const ledgerOf = new Map(done.map((row) => [row.voucher_id, row]));

  claims.forEach((claim, i) => {
    const transactionId = transactionOf.get(claim.voucherId);
    // Redeemed or changed between our read and this conditional update (another instance, a cancellation…).
    if (!transactionId) return void answers.set(claim.index, failure('VOUCHER_UNAVAILABLE'));
    const row = rows[i]!;
    const input = inputs[claim.index]!;
    const body: TRedemptionSuccess = {
      voucher: claim.voucher,
      offer: { id: claim.offer.id, title: claim.offer.title, titleAr: claim.offer.titleAr ?? null },
      partner: { name: input.partner.name, address: input.partner.address, city: input.partner.city },
      gross: row.gross,
      commission: row.commission,
      // What the ledger wrote: a shared promotion's part of the discount is off the net (docs/product/promotions.md §9).
      net: Number(ledgerOf.get(claim.voucherId)?.net_amount ?? row.net),
      promoShare: Number(ledgerOf.get(claim.voucherId)?.promo_share ?? 0),
      promoCode: ledgerOf.get(claim.voucherId)?.promo_code ?? null,
      redeemedAt: row.redeemed_at,
      transactionId,
    };
    answers.set(claim.index, { status: 200, body });
  });
  return answers;
}
