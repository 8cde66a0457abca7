import type { CreateCheckoutInput, PaymentProvider } from './types.ts';
import { gatewayAmount, gatewayCurrency, hmacWebhookVerifier, normalizeStatus, parseChargilyStyleWebhook, PaymentGatewayError } from './types.ts';

const BASES = { test: 'https://pay.chargily.net/test/api/v2', live: 'https://pay.chargily.net/api/v2' } as const;

/** Chargily Pay V2 (EDAHABIA, CIB): the customer pays on Chargily's page; card data never reaches us. */
export function chargilyProvider(options: {
  secretKey: string;
  mode: 'test' | 'live';
  fetchImpl?: typeof fetch;
}): PaymentProvider {
  const base = BASES[options.mode];
  const doFetch = options.fetchImpl ?? fetch;

  async function call(path: string, init: RequestInit = {}) {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new PaymentGatewayError('PAYMENT_NETWORK');
    }
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) throw new PaymentGatewayError('PAYMENT_ERROR', typeof body.message === 'string' ? body.message : undefined);
    return body;
  }

  return {
    name: 'chargily',
    currencies: ['DZD'],
    async createCheckout(input: CreateCheckoutInput) {
      const body = await call('/checkouts', {
        method: 'POST',
        body: JSON.stringify({
          amount: input.amount,
          currency: 'dzd',
          payment_method: input.method === 'cib' ? 'cib' : 'edahabia',
          success_url: input.successUrl,
          failure_url: input.failureUrl,
          webhook_endpoint: input.webhookUrl,
          locale: input.locale,
          description: input.description,
          metadata: { order_id: input.orderId },
        }),
      });
      if (typeof body.id !== 'string' || typeof body.checkout_url !== 'string') {
        throw new PaymentGatewayError('PAYMENT_ERROR');
      }
      return { id: body.id, checkoutUrl: body.checkout_url, raw: body };
    },
    async fetchCheckout(id) {
      const body = await call(`/checkouts/${encodeURIComponent(id)}`);
      const status = normalizeStatus(typeof body.status === 'string' ? body.status : undefined);
      if (!status) throw new PaymentGatewayError('PAYMENT_ERROR');
      return { id, status, amount: gatewayAmount(body.amount), currency: gatewayCurrency(body.currency), raw: body };
    },
    verifyWebhook: hmacWebhookVerifier(async () => options.secretKey),
    parseWebhook: parseChargilyStyleWebhook,
  };
}
