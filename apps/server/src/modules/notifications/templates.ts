import { formatDate, formatDzd } from '@farha/contracts/money';
import { escapeHtml, layout } from './html.ts';

export type EmailContent = { subject: string; html: string; text: string };

type VoucherEmailInput = {
  locale: 'fr' | 'ar';
  recipientName: string;
  senderName: string | null;
  personalMessage: string | null;
  boxName: string;
  code: string;
  expiresAt: Date;
  publicUrl: string;
  offers: { title: string; partnerName: string; city: string }[];
};

const FOOTER = {
  fr: 'Farha — coffrets cadeaux d’expériences en Algérie. Remboursement sous 14 jours si le coffret n’est pas utilisé.',
  ar: 'فرحة — علب هدايا التجارب في الجزائر. استرداد المبلغ خلال 14 يومًا إذا لم تُستعمل العلبة.',
};

/** The recipient's gift: sender, message, box, code, inline QR (cid:qr@farha) and the PDF attached. */
export function voucherEmail(input: VoucherEmailInput): EmailContent {
  const fr = input.locale === 'fr';
  const from = input.senderName ?? (fr ? 'Un proche' : 'أحد المقربين');
  const subject = fr
    ? `${from} vous offre « ${input.boxName} » 🎁`
    : `${from} يهديك «${input.boxName}» 🎁`;
  const places = input.offers.slice(0, 6);
  const message = input.personalMessage
    ? `<blockquote style="margin:16px 0;padding:12px 16px;border-inline-start:4px solid #e0a458;background:#fbf6f2;font-style:italic">${escapeHtml(input.personalMessage)}</blockquote>`
    : '';
  const body = `
<p style="font-size:18px;margin:0 0 8px">${fr ? 'Bonjour' : 'مرحبًا'} ${escapeHtml(input.recipientName)},</p>
<p style="margin:0 0 8px">${
    fr
      ? `<strong>${escapeHtml(from)}</strong> vous offre le coffret <strong>${escapeHtml(input.boxName)}</strong>.`
      : `<strong>${escapeHtml(from)}</strong> يهديك علبة <strong>${escapeHtml(input.boxName)}</strong>.`
  }</p>
${message}
<table role="presentation" width="100%" style="margin:16px 0;border:2px solid #b4532a;border-radius:12px"><tr>
<td style="padding:16px;width:180px"><img src="cid:qr@farha" width="160" height="160" alt="QR code ${escapeHtml(input.code)}"></td>
<td style="padding:16px">
<div style="color:#6b5d55;font-size:13px">${fr ? 'Votre code' : 'رمز القسيمة'}</div>
<div style="font-family:Courier,monospace;font-size:22px;font-weight:bold;letter-spacing:1px" dir="ltr">${escapeHtml(input.code)}</div>
<div style="color:#6b5d55;font-size:13px;margin-top:12px">${fr ? 'Valable jusqu’au' : 'صالحة حتى'} <strong>${escapeHtml(formatDate(input.expiresAt, input.locale))}</strong></div>
</td></tr></table>
<p><a href="${escapeHtml(input.publicUrl)}" style="display:inline-block;background:#b4532a;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${
    fr ? 'Voir mon coffret et réserver' : 'عرض هديتي والحجز'
  }</a></p>
${
  places.length
    ? `<p style="margin:20px 0 6px;font-weight:bold">${fr ? 'Où vivre votre expérience' : 'أين تعيش تجربتك'}</p><ul style="margin:0;padding-inline-start:20px;color:#2b211c">${places
        .map((o) => `<li>${escapeHtml(o.title)} — ${escapeHtml(o.partnerName)}, ${escapeHtml(o.city)}</li>`)
        .join('')}</ul>`
    : ''
}
<p style="color:#6b5d55;font-size:13px;margin-top:20px">${
    fr ? 'Votre voucher est aussi joint à ce message en PDF, prêt à imprimer.' : 'القسيمة مرفقة أيضًا بهذه الرسالة بصيغة PDF جاهزة للطباعة.'
  }</p>`;
  const text = [
    `${fr ? 'Bonjour' : 'مرحبًا'} ${input.recipientName},`,
    fr ? `${from} vous offre le coffret « ${input.boxName} ».` : `${from} يهديك علبة «${input.boxName}».`,
    input.personalMessage ? `\n« ${input.personalMessage} »\n` : '',
    `${fr ? 'Votre code' : 'رمز القسيمة'} : ${input.code}`,
    `${fr ? 'Valable jusqu’au' : 'صالحة حتى'} ${formatDate(input.expiresAt, input.locale)}`,
    input.publicUrl,
  ].join('\n');
  return { subject, html: layout({ locale: input.locale, title: subject, body, footer: FOOTER[input.locale] }), text };
}

type ReceiptInput = {
  purchaserName: string;
  orderId: string;
  boxName: string;
  amount: number;
  paymentMethod: string;
  paidAt: Date;
  recipientName: string;
  recipientEmail: string;
  deliverAt: Date | null;
};

const METHOD_LABELS: Record<string, string> = { cib: 'CIB', edahabia: 'EDAHABIA', visa: 'Visa', mastercard: 'Mastercard' };

/** The purchaser's receipt. */
export function receiptEmail(input: ReceiptInput): EmailContent {
  const subject = `Votre reçu Farha — ${input.boxName}`;
  const rows: [string, string][] = [
    ['Commande', input.orderId.slice(0, 8).toUpperCase()],
    ['Coffret', input.boxName],
    ['Montant payé', formatDzd(input.amount)],
    ['Moyen de paiement', METHOD_LABELS[input.paymentMethod] ?? input.paymentMethod],
    ['Date', formatDate(input.paidAt)],
    ['Destinataire', `${input.recipientName} <${input.recipientEmail}>`],
    ['Envoi du voucher', input.deliverAt ? `le ${formatDate(input.deliverAt)}` : 'immédiat'],
  ];
  const body = `
<p style="font-size:18px;margin:0 0 8px">Merci ${escapeHtml(input.purchaserName)} !</p>
<p>Votre paiement est confirmé. ${
    input.deliverAt
      ? `Le voucher sera envoyé à ${escapeHtml(input.recipientName)} le ${escapeHtml(formatDate(input.deliverAt))}.`
      : `Le voucher vient d’être envoyé à ${escapeHtml(input.recipientName)}.`
  }</p>
<table role="presentation" width="100%" cellpadding="8" style="border-collapse:collapse;margin-top:12px">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="border-bottom:1px solid #eee;color:#6b5d55">${escapeHtml(k)}</td><td style="border-bottom:1px solid #eee;font-weight:bold">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>`;
  const text = [`Merci ${input.purchaserName} !`, 'Votre paiement est confirmé.', ...rows.map(([k, v]) => `${k} : ${v}`)].join('\n');
  return { subject, html: layout({ locale: 'fr', title: subject, body, footer: FOOTER.fr }), text };
}
