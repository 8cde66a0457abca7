import type { EmailContent } from '../notifications/index.ts';
import { infoEmail, lang, type Locale } from '../notifications/index.ts';

type GiftCardEmailInput = {
  locale: Locale;
  recipientName: string;
  senderName: string | null;
  personalMessage: string | null;
  amount: number;
  code: string;
  lastValidDay: string;
  balanceUrl: string;
};

/** A card's code, amount and last valid day, the link to its balance and the advice to keep its code: every card's e-mail says them. */
function cardDetails(l: ReturnType<typeof lang>, card: { code: string; amount: string; lastValidDay: string; balanceUrl: string }) {
  return {
    rows: [
      [l.t({ fr: 'Code de la carte', ar: 'رمز البطاقة' }), card.code],
      [l.t({ fr: 'Montant', ar: 'المبلغ' }), card.amount],
      [l.t({ fr: 'Valable jusqu’au', ar: 'صالحة حتى' }), l.day(card.lastValidDay)],
    ] as [string, string][],
    cta: { label: l.t({ fr: 'Consulter le solde', ar: 'الاطلاع على الرصيد' }), url: card.balanceUrl },
    note: l.t({
      fr: 'Gardez ce code : il vous sera demandé au paiement. Le solde restant reste sur la carte jusqu’à sa date de validité.',
      ar: 'احتفظ بهذا الرمز: سيُطلب منك عند الدفع. يبقى الرصيد المتبقي على البطاقة حتى تاريخ صلاحيتها.',
    }),
  };
}

/** The recipient's e-mail (docs/product/gift-cards.md §3): who offers it, the amount, the code, until when. */
export function giftCardEmail(input: GiftCardEmailInput): EmailContent {
  const l = lang(input.locale);
  const from = input.senderName ?? l.t({ fr: 'Un proche', ar: 'أحد المقربين' });
  const amount = l.money(input.amount);
  return infoEmail(
    l,
    {
      subject: l.t({ fr: `${from} vous offre une carte cadeau Farha de ${amount} 🎁`, ar: `${from} يهديك بطاقة هدية فرحة بقيمة ${amount} 🎁` }),
      greeting: `${l.t({ fr: 'Bonjour', ar: 'مرحبًا' })} ${input.recipientName}${l.t({ fr: ',', ar: '،' })}`,
      paragraphs: [
        l.t({
          fr: `${from} vous offre une carte cadeau de ${amount}, à dépenser sur Farha pour le coffret de votre choix, en une ou plusieurs fois.`,
          ar: `${from} يهديك بطاقة هدية بقيمة ${amount} لتنفقها على فرحة في العلبة التي تختارها، مرة واحدة أو على عدة مرات.`,
        }),
        ...(input.personalMessage ? [l.quote(input.personalMessage)] : []),
      ],
      ...cardDetails(l, { code: input.code, amount, lastValidDay: input.lastValidDay, balanceUrl: input.balanceUrl }),
    },
    'gift',
  );
}

/** The purchaser's receipt: what was paid, for whom, when it is sent. */
export function giftCardReceiptEmail(input: { locale: Locale; purchaserName: string; amount: number; recipientName: string; recipientEmail: string; deliverAt: Date | null; orderRef: string }): EmailContent {
  const l = lang(input.locale);
  const amount = l.money(input.amount);
  return infoEmail(l, {
    subject: l.t({ fr: `Votre carte cadeau de ${amount} est payée`, ar: `تم دفع بطاقة الهدية بقيمة ${amount}` }),
    greeting: `${l.t({ fr: 'Bonjour', ar: 'مرحبًا' })} ${input.purchaserName}${l.t({ fr: ',', ar: '،' })}`,
    paragraphs: [
      l.t({
        fr: `Merci ! Votre carte cadeau pour ${input.recipientName} est payée.`,
        ar: `شكرًا! تم دفع بطاقة الهدية الخاصة بـ ${input.recipientName}.`,
      }),
    ],
    rows: [
      [l.t({ fr: 'Commande', ar: 'الطلب' }), input.orderRef],
      [l.t({ fr: 'Montant', ar: 'المبلغ' }), amount],
      [l.t({ fr: 'Destinataire', ar: 'المستفيد' }), input.recipientEmail],
      [l.t({ fr: 'Envoi', ar: 'الإرسال' }), input.deliverAt ? l.date(input.deliverAt) : l.t({ fr: 'Dès maintenant', ar: 'فورًا' })],
    ],
  });
}

/** The text « Envoyer aussi par SMS » sends (two parts at most): the amount, the code, until when. */
export function giftCardSms(input: { locale: Locale; senderName: string | null; amount: number; code: string; lastValidDay: string }): string {
  const l = lang(input.locale);
  const [y, m, d] = input.lastValidDay.split('-');
  const until = `${d}/${m}/${y}`;
  const sender = (input.senderName ?? '').slice(0, 24);
  if (input.locale === 'ar') return `فرحة: ${sender || 'شخص عزيز'} يهديك بطاقة هدية بقيمة ${l.money(input.amount)}. الرمز: ${input.code} صالحة حتى ${until}`;
  return `Farha : ${sender || 'Un proche'} vous offre une carte cadeau de ${l.money(input.amount)} ! Code : ${input.code}, valable jusqu'au ${until}.`;
}

/**
 * A goodwill card's e-mail (docs/product/gift-cards.md §9): the same facts as a bought card's, offered by
 * Farha's team, with the agent's word to the customer when there is one. The reason stays internal.
 */
export function goodwillGiftCardEmail(input: Omit<GiftCardEmailInput, 'senderName' | 'personalMessage'> & { message: string | null }): EmailContent {
  const l = lang(input.locale);
  const amount = l.money(input.amount);
  return infoEmail(
    l,
    {
      subject: l.t({ fr: `L’équipe Farha vous offre une carte cadeau de ${amount} 🎁`, ar: `فريق فرحة يهديك بطاقة هدية بقيمة ${amount} 🎁` }),
      greeting: `${l.t({ fr: 'Bonjour', ar: 'مرحبًا' })} ${input.recipientName}${l.t({ fr: ',', ar: '،' })}`,
      paragraphs: [
        l.t({
          fr: `Suite à votre échange avec notre service client, l’équipe Farha vous offre une carte cadeau de ${amount}, à dépenser sur Farha pour le coffret de votre choix, en une ou plusieurs fois.`,
          ar: `إثر تواصلك مع خدمة العملاء، يهديك فريق فرحة بطاقة هدية بقيمة ${amount} لتنفقها على فرحة في العلبة التي تختارها، مرة واحدة أو على عدة مرات.`,
        }),
        ...(input.message ? [l.quote(input.message)] : []),
      ],
      ...cardDetails(l, { code: input.code, amount, lastValidDay: input.lastValidDay, balanceUrl: input.balanceUrl }),
    },
    'gift',
  );
}

/** The reminder before expiry (docs/product/gift-cards.md §7): what is left, until when, where to spend it. */
export function giftCardReminderEmail(input: { locale: Locale; recipientName: string; code: string; balance: number; lastValidDay: string; daysLeft: number; shopUrl: string; balanceUrl: string }): EmailContent {
  const l = lang(input.locale);
  const balance = l.money(input.balance);
  const until = l.day(input.lastValidDay);
  return infoEmail(l, {
    subject: l.t({ fr: `Votre carte cadeau Farha : il vous reste ${balance}, valable jusqu’au ${until}`, ar: `بطاقة هدية فرحة: يتبقى لك ${balance}، صالحة حتى ${until}` }),
    greeting: `${l.t({ fr: 'Bonjour', ar: 'مرحبًا' })} ${input.recipientName}${l.t({ fr: ',', ar: '،' })}`,
    paragraphs: [
      l.t({
        fr: `Il reste ${balance} sur votre carte cadeau ${input.code}. Elle est valable jusqu’au ${until} (encore ${input.daysLeft} jour${input.daysLeft > 1 ? 's' : ''}) : passé cette date, le solde est perdu.`,
        ar: `يتبقى ${balance} في بطاقة الهدية ${input.code}. وهي صالحة حتى ${until} (${input.daysLeft} يومًا متبقية): بعد هذا التاريخ يضيع الرصيد.`,
      }),
    ],
    rows: [
      [l.t({ fr: 'Code de la carte', ar: 'رمز البطاقة' }), input.code],
      [l.t({ fr: 'Solde', ar: 'الرصيد' }), balance],
      [l.t({ fr: 'Valable jusqu’au', ar: 'صالحة حتى' }), until],
    ],
    cta: { label: l.t({ fr: 'Choisir un coffret', ar: 'اختيار علبة' }), url: input.shopUrl },
    note: l.t({ fr: `Le solde et les mouvements de la carte : ${input.balanceUrl}`, ar: `رصيد البطاقة وحركاتها: ${input.balanceUrl}` }),
  });
}
