import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api';

/** A code typed at checkout (« Code promo », « Carte cadeau ») and the server's quote of it. */
export type QuotedCode<Quote> = {
  /** The server's quote of the code applied, null when none is. */
  applied: Quote | null;
  /** Why the last code was refused (an ApiError of the field's family), or null. */
  error: unknown;
  pending: boolean;
  apply: (code: string) => Promise<void>;
  remove: () => void;
  /** An order refused for its code (ended, used or spent meanwhile): the field shows why. */
  refusedAtPayment: (error: unknown) => boolean;
};

/** Whether an error is a refusal of the field's code (its error codes start with `prefix`). */
export const isCodeError = (error: unknown, prefix: string) => error instanceof ApiError && error.code.startsWith(prefix);

/**
 * Issue 35: « Appliquer » asks the server for a quote (`quote`, which changes with what it is asked about);
 * nothing is kept until the order is written. Only the last answer counts, and an applied code is quoted again
 * when `refreshKey` (the basket's lines, the promo code under a gift card) changes.
 */
export function useQuotedCode<Quote extends { code: string }>(options: {
  quote: (code: string) => Promise<Quote>;
  errorPrefix: string;
  refreshKey: string;
}): QuotedCode<Quote> {
  const { quote, errorPrefix, refreshKey } = options;
  const [applied, setApplied] = useState<Quote | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const latest = useRef(0);

  const apply = useCallback(
    async (code: string) => {
      const call = ++latest.current;
      setPending(true);
      setError(null);
      try {
        const answer = await quote(code);
        if (call === latest.current) setApplied(answer);
      } catch (failure) {
        if (call !== latest.current) return;
        setApplied(null);
        setError(failure);
      } finally {
        if (call === latest.current) setPending(false);
      }
    },
    [quote],
  );

  const remove = useCallback(() => {
    latest.current++;
    setApplied(null);
    setError(null);
    setPending(false);
  }, []);

  const appliedCode = applied?.code ?? null;
  const lastKey = useRef(refreshKey);
  useEffect(() => {
    if (lastKey.current === refreshKey) return;
    lastKey.current = refreshKey;
    if (appliedCode) void apply(appliedCode);
  }, [refreshKey, appliedCode, apply]);

  const refusedAtPayment = useCallback(
    (failure: unknown) => {
      if (!isCodeError(failure, errorPrefix)) return false;
      latest.current++;
      setApplied(null);
      setError(failure);
      setPending(false);
      return true;
    },
    [errorPrefix],
  );

  return { applied, error, pending, apply, remove, refusedAtPayment };
}
