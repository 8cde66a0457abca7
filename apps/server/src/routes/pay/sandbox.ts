import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorText } from '@farha/contracts/errors';
import { formatDzd, formatForeign } from '@farha/contracts/money';
import { escapeHtml } from '../../modules/notifications/index.ts';
import { expireIfOverdue, type SandboxCheckout, settleSandboxCheckout } from '../../modules/payments/index.ts';
import { signWebhook } from '../../modules/payments/index.ts';

type Row = SandboxCheckout;

/** Documented sandbox cards (README): any other well-formed card is paid. */
export const SANDBOX_TEST_CARDS: Record<string, { status: 'failed'; reason: string }> = {
  '4000000000000002': { status: 'failed', reason: 'Carte refusée par la banque émettrice' },
  '4000000000009995': { status: 'failed', reason: 'Solde insuffisant' },
  '5100000000000016': { status: 'failed', reason: 'Carte expirée' },
};

const METHOD_LABELS: Record<string, string> = { cib: 'CIB', edahabia: 'EDAHABIA', visa: 'Visa', mastercard: 'Mastercard' };
const isCard = (method: string) => method === 'visa' || method === 'mastercard';

/** The card rules (docs/product/storefront.md §8), checked by the gateway page (card data never reaches our API). */
export function checkCard(form: Record<string, string | undefined>): string | null {
  const number = (form.cardNumber ?? '').replace(/\s/g, '');
  const expiry = (form.expiry ?? '').trim();
  const cvv = (form.cvv ?? '').trim();
  const name = (form.cardName ?? '').trim();
  if (!number || !expiry || !cvv || !name) return errorText('CARD_INCOMPLETE');
  if (!/^\d{16,19}$/.test(number)) return errorText('CARD_NUMBER');
  if (!/^\d{3,4}$/.test(cvv)) return errorText('CARD_CVV');
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) return errorText('CARD_EXPIRY');
  return null;
}

/** Formats the card fields as they are typed (served as a file: no inline script under the CSP). */
export const CARD_SCRIPT_PATH = '/pay/sandbox/card.js';
const CARD_SCRIPT = `const n=document.getElementById('cardNumber'),e=document.getElementById('expiry'),c=document.getElementById('cvv'),m=document.getElementById('cardName');
n.addEventListener('input',()=>{n.value=n.value.replace(/\\D/g,'').slice(0,16).replace(/(\\d{4})(?=\\d)/g,'$1 ');});
e.addEventListener('input',()=>{const d=e.value.replace(/\\D/g,'').slice(0,4);e.value=d.length>2?d.slice(0,2)+'/'+d.slice(2):d;});
c.addEventListener('input',()=>{c.value=c.value.replace(/\\D/g,'').slice(0,4);});
m.addEventListener('input',()=>{m.value=m.value.toUpperCase();});
`;

export async function sandboxPageRoutes(app: FastifyInstance): Promise<void> {
  // Registered before /:id: find-my-way prefers the static path.
  app.get('/card.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CARD_SCRIPT),
  );

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get('/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const row = await expireIfOverdue(app.db, id, app.clock.now());
    if (!row) return reply.status(404).type('text/html').send(page('Paiement introuvable', '<p>Ce paiement n’existe pas.</p>'));
    return reply.type('text/html').header('cache-control', 'no-store').send(render(row, null));
  });

  app.post('/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const row = await expireIfOverdue(app.db, id, app.clock.now());
    if (!row) return reply.status(404).type('text/html').send(page('Paiement introuvable', '<p>Ce paiement n’existe pas.</p>'));
    if (row.status !== 'pending') return reply.redirect(row.status === 'paid' ? row.successUrl : row.failureUrl, 303);

    let status: 'paid' | 'failed' | 'canceled' = 'paid';
    let reason: string | null = null;
    if (form.action === 'cancel') {
      status = 'canceled';
      reason = 'Paiement annulé';
    } else if (isCard(row.paymentMethod)) {
      const problem = checkCard(form);
      if (problem) return reply.status(400).type('text/html').send(render(row, problem, form));
      const outcome = SANDBOX_TEST_CARDS[(form.cardNumber ?? '').replace(/\s/g, '')];
      if (outcome) {
        status = outcome.status;
        reason = outcome.reason;
      }
    }
    const now = app.clock.now();
    const updated = await settleSandboxCheckout(app.db, id, { status, reason }, now);
    if (updated) await sendWebhook(app, updated);
    return reply.redirect(status === 'paid' ? row.successUrl : row.failureUrl, 303);
  });
}

/** Like Chargily: POST the event to the merchant's endpoint, signed with HMAC-SHA256 in `signature`. */
async function sendWebhook(app: FastifyInstance, row: Row): Promise<void> {
  const body = JSON.stringify({
    id: `evt_${randomBytes(10).toString('hex')}`,
    entity: 'event',
    livemode: 'false',
    type: `checkout.${row.status}`,
    data: {
      id: row.id,
      entity: 'checkout',
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      payment_method: row.paymentMethod,
      metadata: row.metadata,
      failure_reason: row.failureReason,
      success_url: row.successUrl,
      failure_url: row.failureUrl,
    },
    created_at: Math.floor(row.createdAt.getTime() / 1000),
    updated_at: Math.floor(row.updatedAt.getTime() / 1000),
  });
  const secret = await app.payments.sandbox.webhookSecret();
  try {
    const res = await fetch(row.webhookEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', signature: signWebhook(body, secret) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) app.log.warn({ status: res.status, checkout: row.id }, 'sandbox webhook not accepted');
  } catch (error) {
    // Webhooks get lost: the order page's server-side fetch and the reconciliation job catch up.
    app.log.warn({ err: error, checkout: row.id }, 'sandbox webhook could not be delivered');
  }
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f6;color:#1d2733}
main{max-width:440px;margin:32px auto;background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(20,40,60,.12);overflow:hidden}
header{background:#0f3d5e;color:#fff;padding:20px 24px}header small{opacity:.8;display:block}
.amount{font-size:32px;font-weight:700;margin-top:6px}
form,section{padding:20px 24px}label{display:block;font-size:14px;margin:12px 0 4px;font-weight:600}
input{width:100%;box-sizing:border-box;padding:12px;border:1px solid #b8c4d0;border-radius:10px;font-size:16px}
input:focus,button:focus{outline:3px solid #5aa0d8;outline-offset:1px}
.row{display:flex;gap:12px}.row>div{flex:1}
.actions{display:flex;gap:12px;margin-top:20px}
button{flex:1;padding:14px;border:0;border-radius:10px;font-size:16px;font-weight:700;cursor:pointer}
.pay{background:#1f7a4d;color:#fff}.cancel{background:#e5e9ee;color:#1d2733}
.error{background:#fdecea;color:#8a1c12;border-radius:10px;padding:12px;margin-bottom:8px}
.note{font-size:13px;color:#526273;padding:0 24px 20px}.note code{background:#f1f4f7;padding:1px 4px;border-radius:4px}
.badge{display:inline-block;background:#ffd166;color:#4a3600;font-size:12px;font-weight:700;border-radius:999px;padding:2px 10px;margin-top:8px}
</style></head><body><main>${body}</main></body></html>`;
}

/** What the page charges: dinars, or cents of euros or dollars for an international card (issue 24). */
function chargeText(row: Row): string {
  const currency = row.currency.toUpperCase();
  return currency === 'EUR' || currency === 'USD' ? formatForeign(row.amount, currency) : formatDzd(row.amount);
}

function render(row: Row, error: string | null, form: Record<string, string | undefined> = {}): string {
  const method = METHOD_LABELS[row.paymentMethod] ?? row.paymentMethod;
  const closed = row.status !== 'pending';
  const head = `<header><small>Passerelle de paiement — Sandbox Farha</small><div>Paiement ${escapeHtml(method)}</div>
<div class="amount">${escapeHtml(chargeText(row))}</div><span class="badge">Mode test : aucun débit réel</span></header>`;
  if (closed) {
    return page('Paiement', `${head}<section><p>Ce paiement est ${row.status === 'paid' ? 'déjà réglé' : 'clôturé'} (${escapeHtml(row.status)}).</p></section>`);
  }
  const v = (name: string) => escapeHtml(form[name] ?? '');
  const cardFields = isCard(row.paymentMethod)
    ? `<label for="cardNumber">Numéro de carte</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" maxlength="19" placeholder="1234 5678 9012 3456" value="${v('cardNumber')}">
<div class="row"><div><label for="expiry">Expiration (MM/AA)</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MM/AA" value="${v('expiry')}"></div>
<div><label for="cvv">CVV</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123" value="${v('cvv')}"></div></div>
<label for="cardName">Nom sur la carte</label><input id="cardName" name="cardName" autocomplete="cc-name" placeholder="NOM PRÉNOM" value="${v('cardName')}">`
    : `<p>Vous allez confirmer le paiement par carte ${escapeHtml(method)} sur la passerelle de test.</p>`;
  // A same-origin file, not an inline script: the Content-Security-Policy is script-src 'self'.
  const script = isCard(row.paymentMethod) ? `<script src="${CARD_SCRIPT_PATH}" defer></script>` : '';
  const notes = isCard(row.paymentMethod)
    ? `<p class="note">Cartes de test : <code>4242 4242 4242 4242</code> paiement accepté ; <code>4000 0000 0000 0002</code> carte refusée ; <code>4000 0000 0000 9995</code> solde insuffisant. Toute date future et tout CVV conviennent.</p>`
    : '';
  return page(
    `Paiement ${method}`,
    `${head}<form method="post" action="/pay/sandbox/${escapeHtml(row.id)}" novalidate>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
${cardFields}
<div class="actions"><button class="cancel" type="submit" name="action" value="cancel">Annuler</button>
<button class="pay" type="submit" name="action" value="pay">Payer ${escapeHtml(chargeText(row))}</button></div>
</form>${notes}${script}`,
  );
}
