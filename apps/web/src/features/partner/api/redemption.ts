import { ERRORS } from '@farha/contracts/plain/errors';
import {
  redemptionLock,
  ZRedemptionError,
  ZRedemptionSuccess,
  type TRedeemRequest,
  type TRedemptionOfferChoice,
  type TRedemptionSuccess,
} from '@farha/contracts/redemption';
import { api, ApiError, NETWORK_ERROR } from '@/lib/api';

/** A refused scan; `offers` when the partner must say which of its offers in the box is used. */
export class RedemptionError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly offers: TRedemptionOfferChoice[] = [],
    params?: Readonly<Record<string, string | number>>,
  ) {
    super(status, code, message, undefined, params);
  }
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));
/** Pauses between the automatic resends of a request that got no answer (same nonce each time). */
const NETWORK_RETRY_DELAYS_MS = [800, 2000];

async function postOnce(request: TRedeemRequest): Promise<TRedemptionSuccess> {
  let response: Response;
  try {
    response = await fetch('/api/partner/redemptions', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      credentials: 'same-origin',
    });
  } catch {
    throw new RedemptionError(0, NETWORK_ERROR, ERRORS.LOGIN_FAILED.fr);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = ZRedemptionSuccess.safeParse(payload);
    if (parsed.success) return parsed.data;
    throw new RedemptionError(response.status, 'REDEMPTION_SYSTEM', ERRORS.REDEMPTION_SYSTEM.fr);
  }
  if (response.status === 401) {
    // The session ended: an ordinary call lets the auth provider notice and send the user to /auth.
    void api.get('/api/partner/me').catch(() => undefined);
  }
  const parsed = ZRedemptionError.safeParse(payload);
  if (parsed.success) {
    const { error, offers, retryAfterSeconds } = parsed.data;
    // A lock on unknown codes: its own catalogue entry says how long it lasts, in either language.
    if (error.code === 'RATE_LIMITED' && retryAfterSeconds !== undefined) {
      const lock = redemptionLock(retryAfterSeconds);
      throw new RedemptionError(response.status, lock.key, error.message, offers, lock.params);
    }
    throw new RedemptionError(response.status, error.code, error.message, offers, error.params);
  }
  // A gateway error page (502, 504): the scan may or may not have been recorded, resending is safe.
  if (response.status >= 500) throw new RedemptionError(0, NETWORK_ERROR, ERRORS.LOGIN_FAILED.fr);
  throw new RedemptionError(response.status, 'REDEMPTION_SYSTEM', ERRORS.REDEMPTION_SYSTEM.fr);
}

/**
 * POST /api/partner/redemptions. The request carries its nonce: when no answer came back (network
 * lost at the counter), it is resent with the same nonce, so the server answers the first outcome
 * instead of 'Voucher déjà utilisé'.
 */
export async function redeemVoucher(request: TRedeemRequest): Promise<TRedemptionSuccess> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await postOnce(request);
    } catch (error) {
      const delay = NETWORK_RETRY_DELAYS_MS[attempt];
      if (!(error instanceof RedemptionError && error.code === NETWORK_ERROR) || delay === undefined) throw error;
      await wait(delay);
    }
  }
}
