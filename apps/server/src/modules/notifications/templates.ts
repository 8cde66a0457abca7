import { formatForeign, formatRate } from '@farha/contracts/money';
import { formatPhone } from '@farha/contracts/plain/phone';
import { escapeHtml, footerText, infoEmail, lang, layout, type Locale } from './html.ts';

export type EmailContent = { subject: string; html: string; text: string };

/** A box or offer text with its optional Arabic translation (shown to Arabic readers when present). */
export type Translated = { fr: string; ar?: string | null };

type VoucherEmailInput = {
  locale: Locale;
  recipientName: string;
  senderName: string | null;
  personalMessage: string | null;
  boxName: string;
  boxNameAr?: string | null;
  code: string;
  expiresAt: Date;
  publicUrl: string;
  offers: { title: string; titleAr?: string | null; partnerName: string; city: string }[];
};

/** The recipient's gift: sender, message, box, code, inline QR (cid:qr@farha), every experience, the PDF attached. */
export function voucherEmail(input: VoucherEmailInput): EmailContent {
  const l = lang(input.locale);
  const from = input.senderName ?? l.t({ fr: 'Un proche', ar: 'أحد المقربين' });
  const box = l.pick(input.boxName, input.boxNameAr);
  const subject = l.t({ fr: `${from} vous offre « ${box} » 🎁`, ar: `${from} يهديك «${box}» 🎁` });
  const message = input.personalMessage
    ? `<blockquote style="margin:16px 0;padding:12px 16px;border-inline-start:4px solid #e0a458;background:#fbf6f2;font-style:italic">${escapeHtml(input.personalMessage)}</blockquote>`
    : '';
  const places = input.offers.map((o) => `${l.pick(o.title, o.titleAr)} — ${o.partnerName}, ${o.city}`);
  const labels = {
    hello: l.t({ fr: 'Bonjour', ar: 'مرحبًا' }),
    code: l.t({ fr: 'Votre code', ar: 'رمز القسيمة' }),
    until: l.t({ fr: 'Valable jusqu’au', ar: 'صالحة حتى' }),
    cta: l.t({ fr: 'Voir mon coffret et réserver', ar: 'عرض هديتي والحجز' }),
    where: l.t({ fr: 'Où vivre votre expérience', ar: 'أين تعيش تجربتك' }),
    pdf: l.t({ fr: 'Votre bon cadeau est aussi joint à ce message en PDF, prêt à imprimer.', ar: 'القسيمة مرفقة أيضًا بهذه الرسالة بصيغة PDF جاهزة للطباعة.' }),
  };
  const offered = (who: string, what: string) => l.t({ fr: `${who} vous offre le coffret ${what}.`, ar: `${who} يهديك علبة ${what}.` });
  const body = `
<p style="font-size:18px;margin:0 0 8px">${labels.hello} ${escapeHtml(input.recipientName)}${l.t({ fr: ',', ar: '،' })}</p>
<p style="margin:0 0 8px">${offered(`<strong>${escapeHtml(from)}</strong>`, `<strong>${escapeHtml(box)}</strong>`)}</p>
${message}
<table role="presentation" width="100%" style="margin:16px 0;border:2px solid #b4532a;border-radius:12px"><tr>
<td style="padding:16px;width:180px"><img src="cid:qr@farha" width="160" height="160" alt="QR code ${escapeHtml(input.code)}"></td>
<td style="padding:16px">
<div style="color:#6b5d55;font-size:13px">${labels.code}</div>
<div style="font-family:Courier,monospace;font-size:22px;font-weight:bold;letter-spacing:1px" dir="ltr">${escapeHtml(input.code)}</div>
<div style="color:#6b5d55;font-size:13px;margin-top:12px">${labels.until} <strong>${escapeHtml(l.date(input.expiresAt))}</strong></div>
</td></tr></table>
<p><a href="${escapeHtml(input.publicUrl)}" style="display:inline-block;background:#b4532a;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${labels.cta}</a></p>
${
  places.length
    ? `<p style="margin:20px 0 6px;font-weight:bold">${labels.where}</p><ul style="margin:0;padding-inline-start:20px;color:#2b211c">${places
        .map((p) => `<li>${escapeHtml(p)}</li>`)
        .join('')}</ul>`
    : ''
}
<p style="color:#6b5d55;font-size:13px;margin-top:20px">${labels.pdf}</p>`;
  const text = [
    `${labels.hello} ${input.recipientName}${l.t({ fr: ',', ar: '،' })}`,
    offered(from, l.quote(box)),
    input.personalMessage ? `\n${l.quote(input.personalMessage)}\n` : '',
    `${labels.code}${l.colon}${input.code}`,
    `${labels.until} ${l.date(input.expiresAt)}`,
    input.publicUrl,
    ...(places.length ? ['', `${labels.where}${l.colon}`, ...places.map((p) => `- ${p}`)] : []),
    '',
    labels.pdf,
  ].join('\n');
  return { subject, html: layout({ locale: l.locale, title: subject, body, footer: footerText(l, 'gift') }), text };
}

type ReceiptInput = {
  locale?: Locale;
  purchaserName: string;
  orderId: string;
  boxName: string;
  boxNameAr?: string | null;
  amount: number;
  /** Issue 24: what an international card was charged (cents of EUR or USD, and the rate); absent for dinars. */
  charge?: { currency: 'DZD' | 'EUR' | 'USD'; amount: number; rateE4: number | null };
  paymentMethod: string;
  paidAt: Date;
  recipientName: string;
  recipientEmail: string;
  deliverAt: Date | null;
  /** Issue 34: the mobile (E.164) the gift also goes to by text (« Envoyer aussi par SMS »); absent: e-mail only. */
  smsTo?: string | null;
  /** Issue 35: a promo code's discount (integer DZD) and the code; `amount` is then what was paid after it. */
  discount?: { code: string | null; amount: number } | null;
  /** Issue 35: what a gift card paid (integer DZD) and its masked code; `amount` is then what the gateway took. */
  giftCard?: { code: string | null; amount: number } | null;
  /**
   * Issue 38 (docs/product/delivery.md §5): a box delivered by a courier: no voucher e-mail, the receipt says the box
   * will be delivered there, and its delivery fee (0: free).
   */
  physical?: { fee: number; place: string } | null;
};

/** Issue 35 (docs/product/promotions.md §11): the receipt's « Réduction BIENVENUE » row, before the amount paid. */
function discountRows(l: ReturnType<typeof lang>, discount: ReceiptInput['discount'], giftCard?: ReceiptInput['giftCard']): [string, string][] {
  const rows: [string, string][] = [];
  if (discount && discount.amount > 0) {
    const label = discount.code ? l.t({ fr: `Réduction ${discount.code}`, ar: `تخفيض ${discount.code}` }) : l.t({ fr: 'Réduction', ar: 'تخفيض' });
    rows.push([label, `\u2212${l.money(discount.amount)}`]);
  }
  // Issue 35 (docs/product/gift-cards.md §4): the « Carte cadeau » row, what the card paid.
  if (giftCard && giftCard.amount > 0) {
    const label = giftCard.code ? l.t({ fr: `Carte cadeau ${giftCard.code}`, ar: `بطاقة هدية ${giftCard.code}` }) : l.t({ fr: 'Carte cadeau', ar: 'بطاقة هدية' });
    rows.push([label, `\u2212${l.money(giftCard.amount)}`]);
  }
  return rows;
}

const METHOD_LABELS: Record<string, string> = { cib: 'CIB', edahabia: 'EDAHABIA', visa: 'Visa', mastercard: 'Mastercard' };

/** `67,00 € (10 000 DA, 1 EUR = 150,00 DA)` for a card charged in euros or dollars; the dinars otherwise. */
function chargedText(l: ReturnType<typeof lang>, input: Pick<ReceiptInput, 'amount' | 'charge'>): string {
  const charge = input.charge;
  if (!charge || charge.currency === 'DZD' || charge.rateE4 === null) return l.money(input.amount);
  return `${formatForeign(charge.amount, charge.currency)} (${l.money(input.amount)}, 1 ${charge.currency} = ${formatRate(charge.rateE4)} DA)`;
}

/** The purchaser's receipt, in the purchaser's language. */
export function receiptEmail(input: ReceiptInput): EmailContent {
  const l = lang(input.locale ?? 'fr');
  const box = l.pick(input.boxName, input.boxNameAr);
  const deliverOn = input.deliverAt ? l.date(input.deliverAt) : null;
  return infoEmail(
    l,
    {
      subject: l.t({ fr: `Votre reçu Farha — ${box}`, ar: `إيصالكم من فرحة — ${box}` }),
      greeting: l.t({ fr: `Merci ${input.purchaserName} !`, ar: `شكرًا ${input.purchaserName}!` }),
      paragraphs: [
        input.physical
          ? l.t({
              fr: `Votre paiement est confirmé. Le coffret sera préparé puis livré par notre transporteur (${input.physical.place}) : vous serez prévenu par SMS à chaque étape. Le bon qu’il contient sera utilisable dès la livraison.`,
              ar: `تم تأكيد الدفع. ستُحضَّر العلبة ثم تُوصَّل عبر شركة التوصيل (${input.physical.place}): ستصلكم رسالة قصيرة في كل مرحلة. تصبح القسيمة التي بداخلها صالحة عند التسليم.`,
            })
          : deliverOn
          ? l.t({
              fr: `Votre paiement est confirmé. Le bon cadeau sera envoyé à ${input.recipientName} le ${deliverOn}.`,
              ar: `تم تأكيد الدفع. ستُرسل القسيمة إلى ${input.recipientName} يوم ${deliverOn}.`,
            })
          : l.t({
              fr: `Votre paiement est confirmé. Le bon cadeau vient d’être envoyé à ${input.recipientName}.`,
              ar: `تم تأكيد الدفع. أُرسلت القسيمة للتو إلى ${input.recipientName}.`,
            }),
      ],
      rows: [
        [l.t({ fr: 'Commande', ar: 'الطلب' }), input.orderId.slice(0, 8).toUpperCase()],
        [l.t({ fr: 'Coffret', ar: 'العلبة' }), box],
        ...discountRows(l, input.discount, input.giftCard),
        [l.t({ fr: 'Montant payé', ar: 'المبلغ المدفوع' }), chargedText(l, input)],
        [l.t({ fr: 'Moyen de paiement', ar: 'وسيلة الدفع' }), METHOD_LABELS[input.paymentMethod] ?? input.paymentMethod],
        [l.t({ fr: 'Date', ar: 'التاريخ' }), l.date(input.paidAt)],
        [l.t({ fr: 'Destinataire', ar: 'المستلم' }), `${input.recipientName} <${input.recipientEmail}>`],
        input.physical
          ? ([l.t({ fr: 'Livraison', ar: 'التوصيل' }), input.physical.fee > 0 ? l.money(input.physical.fee) : l.t({ fr: 'offerte', ar: 'مجاني' })] as [string, string])
          : ([l.t({ fr: 'Envoi du bon cadeau', ar: 'إرسال القسيمة' }), deliverOn ? l.t({ fr: `le ${deliverOn}`, ar: `يوم ${deliverOn}` }) : l.t({ fr: 'immédiat', ar: 'فوري' })] as [string, string]),
        ...(input.smsTo
          ? [[l.t({ fr: 'Aussi par SMS', ar: 'أيضًا عبر رسالة قصيرة' }), l.t({ fr: `au ${formatPhone(input.smsTo)}, le même jour`, ar: `إلى \u2068${formatPhone(input.smsTo)}\u2069، في اليوم نفسه` })] as [string, string]]
          : []),
      ],
    },
    'gift',
  );
}

type BasketReceiptInput = Omit<ReceiptInput, 'boxName' | 'boxNameAr' | 'recipientName' | 'recipientEmail' | 'deliverAt' | 'smsTo'> & {
  lines: { boxName: string; boxNameAr?: string | null; amount: number; recipientName: string; recipientEmail: string; deliverAt: Date | null; smsTo?: string | null }[];
};

/**
 * Issue 34: the purchaser's one receipt for a basket paid at once (docs/product/basket.md §6): every gift with
 * its box, price, recipient and day, then the total paid; in the purchaser's language.
 */
export function basketReceiptEmail(input: BasketReceiptInput): EmailContent {
  const l = lang(input.locale ?? 'fr');
  const count = input.lines.length;
  const gifts = l.t({ fr: `${count} coffrets`, ar: `${count} علب` });
  const rows: [string, string][] = [
    [l.t({ fr: 'Commande', ar: 'الطلب' }), input.orderId.slice(0, 8).toUpperCase()],
    ...discountRows(l, input.discount, input.giftCard),
    [l.t({ fr: 'Montant payé', ar: 'المبلغ المدفوع' }), chargedText(l, input)],
    [l.t({ fr: 'Moyen de paiement', ar: 'وسيلة الدفع' }), METHOD_LABELS[input.paymentMethod] ?? input.paymentMethod],
    [l.t({ fr: 'Date', ar: 'التاريخ' }), l.date(input.paidAt)],
  ];
  input.lines.forEach((line, i) => {
    const box = l.pick(line.boxName, line.boxNameAr);
    const when = line.deliverAt ? l.t({ fr: `le ${l.date(line.deliverAt)}`, ar: `يوم ${l.date(line.deliverAt)}` }) : l.t({ fr: 'immédiat', ar: 'فوري' });
    const sms = line.smsTo ? l.t({ fr: `, aussi par SMS au ${formatPhone(line.smsTo)}`, ar: `، وأيضًا عبر رسالة قصيرة إلى \u2068${formatPhone(line.smsTo)}\u2069` }) : '';
    rows.push([
      l.t({ fr: `Cadeau ${i + 1}`, ar: `الهدية ${i + 1}` }),
      `${box} — ${l.money(line.amount)} — ${line.recipientName} <${line.recipientEmail}> — ${when}${sms}`,
    ]);
  });
  return infoEmail(
    l,
    {
      subject: l.t({ fr: `Votre reçu Farha — ${gifts}`, ar: `إيصالكم من فرحة — ${gifts}` }),
      greeting: l.t({ fr: `Merci ${input.purchaserName} !`, ar: `شكرًا ${input.purchaserName}!` }),
      paragraphs: [
        l.t({
          fr: `Votre paiement est confirmé. Chaque destinataire reçoit son bon cadeau à la date choisie.`,
          ar: `تم تأكيد الدفع. يتلقّى كل مستلم قسيمته في التاريخ المختار.`,
        }),
      ],
      rows,
    },
    'gift',
  );
}
