import type { EmailContent } from '../notifications/index.ts';
import { hello, infoEmail, lang, type Locale } from '../notifications/index.ts';

/**
 * Issue 37, the group gifts' e-mails (docs/product/group-gifts.md §7), each in its reader's language. Templates:
 * group-gift-contribution, group-gift-funded, group-gift-sent, group-gift-card, group-gift-closing,
 * group-gift-refunded, group-gift-reminder.
 */

type Gift = { title: string; recipientName: string };

/** What the pot buys, in the reader's language: the box's name, or « une carte cadeau de 10 000 DA ». */
export function giftTitle(l: ReturnType<typeof lang>, pot: { boxName: string | null; boxNameAr: string | null; amount: number }): string {
  if (pot.boxName) return l.t({ fr: `le coffret « ${pot.boxName} »`, ar: `علبة «${pot.boxNameAr ?? pot.boxName}»` });
  return l.t({ fr: `une carte cadeau de ${l.money(pot.amount)}`, ar: `بطاقة هدية بقيمة ${l.money(pot.amount)}` });
}

/** The contributor's receipt, once their payment is in. */
export function contributionReceiptEmail(input: { locale: Locale; name: string; amount: number; gift: (l: ReturnType<typeof lang>) => Gift; collected: number; target: number; url: string }): EmailContent {
  const l = lang(input.locale);
  const gift = input.gift(l);
  const amount = l.money(input.amount);
  return infoEmail(l, {
    subject: l.t({ fr: `Merci pour votre participation de ${amount}`, ar: `شكرًا على مساهمتك بقيمة ${amount}` }),
    greeting: hello(l, input.name),
    paragraphs: [
      l.t({
        fr: `Votre participation de ${amount} à la cagnotte pour ${gift.recipientName} (${gift.title}) est bien reçue.`,
        ar: `تم استلام مساهمتك بقيمة ${amount} في الصندوق الجماعي لـ ${gift.recipientName} (${gift.title}).`,
      }),
      l.t({ fr: 'Vous recevrez un e-mail quand le cadeau partira, ou si la cagnotte est remboursée.', ar: 'ستتلقى رسالة عند إرسال الهدية، أو إذا تم استرداد الصندوق الجماعي.' }),
    ],
    rows: [
      [l.t({ fr: 'Votre participation', ar: 'مساهمتك' }), amount],
      [l.t({ fr: 'Collecté', ar: 'المبلغ المجموع' }), `${l.money(input.collected)} / ${l.money(input.target)}`],
    ],
    cta: { label: l.t({ fr: 'Voir la cagnotte', ar: 'عرض الصندوق الجماعي' }), url: input.url },
  });
}

/** The organiser: the pot is full and the gift bought (or chosen when short). */
export function fundedEmail(input: { locale: Locale; name: string; gift: (l: ReturnType<typeof lang>) => Gift; collected: number; excess: number; deliverOn: string; url: string }): EmailContent {
  const l = lang(input.locale);
  const gift = input.gift(l);
  return infoEmail(l, {
    subject: l.t({ fr: `Cagnotte complète : ${gift.title} pour ${gift.recipientName}`, ar: `اكتمل الصندوق الجماعي: ${gift.title} لـ ${gift.recipientName}` }),
    greeting: hello(l, input.name),
    paragraphs: [
      l.t({
        fr: `La cagnotte a réuni ${l.money(input.collected)} : ${gift.title} est offert à ${gift.recipientName}, qui le recevra le ${l.day(input.deliverOn)} avec la carte de groupe.`,
        ar: `جمع الصندوق الجماعي ${l.money(input.collected)}: ${gift.title} مُهداة إلى ${gift.recipientName}، وستصله في ${l.day(input.deliverOn)} مع بطاقة المجموعة.`,
      }),
      ...(input.excess > 0
        ? [l.t({ fr: `Le surplus de ${l.money(input.excess)} lui est offert en carte cadeau.`, ar: `الفائض البالغ ${l.money(input.excess)} يُهدى إليه كبطاقة هدية.` })]
        : []),
    ],
    cta: { label: l.t({ fr: 'Mes cagnottes', ar: 'صناديقي الجماعية' }), url: input.url },
  });
}

/** Each contributor: the gift leaves (sent on the delivery day). */
export function giftSentEmail(input: { locale: Locale; name: string; gift: (l: ReturnType<typeof lang>) => Gift; url: string }): EmailContent {
  const l = lang(input.locale);
  const gift = input.gift(l);
  return infoEmail(l, {
    subject: l.t({ fr: `Le cadeau pour ${gift.recipientName} est parti 🎁`, ar: `أُرسلت الهدية إلى ${gift.recipientName} 🎁` }),
    greeting: hello(l, input.name),
    paragraphs: [
      l.t({
        fr: `Grâce à vous, ${gift.title} vient d’être envoyé à ${gift.recipientName} avec la carte de groupe et vos messages.`,
        ar: `بفضلكم، أُرسلت ${gift.title} إلى ${gift.recipientName} مع بطاقة المجموعة ورسائلكم.`,
      }),
    ],
    cta: { label: l.t({ fr: 'Voir la cagnotte', ar: 'عرض الصندوق الجماعي' }), url: input.url },
  });
}

/** The recipient: the group card (PDF attached), on the delivery day beside the voucher's or card's own e-mail. */
export function groupCardEmail(input: { locale: Locale; recipientName: string; organiserName: string; count: number; gift: (l: ReturnType<typeof lang>) => Gift; message: string | null }): EmailContent {
  const l = lang(input.locale);
  const gift = input.gift(l);
  return infoEmail(
    l,
    {
      subject: l.t({ fr: `${input.organiserName} et ${input.count} proches vous offrent un cadeau 🎁`, ar: `${input.organiserName} و${input.count} من المقربين يهدونك هدية 🎁` }),
      greeting: hello(l, input.recipientName),
      paragraphs: [
        l.t({
          fr: `${input.count} personnes se sont réunies pour vous offrir ${gift.title}. Leur carte de groupe, avec le nom et le mot de chacun, est jointe à cet e-mail ; le cadeau lui-même arrive dans un e-mail séparé.`,
          ar: `اجتمع ${input.count} أشخاص ليهدوك ${gift.title}. بطاقة المجموعة، مع اسم كل واحد منهم وكلمته، مرفقة بهذه الرسالة؛ وتصلك الهدية نفسها في رسالة منفصلة.`,
        }),
        ...(input.message ? [l.quote(input.message)] : []),
      ],
    },
    'gift',
  );
}

/** The organiser: the pot closed short; the choice and its deadline. */
export function closingEmail(input: { locale: Locale; name: string; gift: (l: ReturnType<typeof lang>) => Gift; collected: number; target: number; deadline: string; url: string }): EmailContent {
  const l = lang(input.locale);
  const gift = input.gift(l);
  return infoEmail(l, {
    subject: l.t({ fr: `Votre cagnotte est close : ${l.money(input.collected)} sur ${l.money(input.target)}`, ar: `أُغلق صندوقك الجماعي: ${l.money(input.collected)} من ${l.money(input.target)}` }),
    greeting: hello(l, input.name),
    paragraphs: [
      l.t({
        fr: `La cagnotte pour ${gift.recipientName} est close avant d’atteindre le prix. Choisissez avant le ${l.day(input.deadline)} : payer le reste, choisir un coffret moins cher, offrir le montant collecté en carte cadeau, ou rembourser tout le monde.`,
        ar: `أُغلق الصندوق الجماعي لـ ${gift.recipientName} قبل بلوغ السعر. اختر قبل ${l.day(input.deadline)}: دفع الباقي، أو اختيار علبة أرخص، أو إهداء المبلغ المجموع كبطاقة هدية، أو استرداد الجميع.`,
      }),
      l.t({ fr: 'Sans choix à cette date, chacun est remboursé automatiquement.', ar: 'إن لم تختر حتى هذا التاريخ، يُسترد لكل مساهم مبلغه تلقائيًا.' }),
    ],
    cta: { label: l.t({ fr: 'Choisir', ar: 'اختيار' }), url: input.url },
  });
}

/** A contributor paid back: the pot was cancelled, closed short, or their payment came after it closed. */
export function contributionRefundedEmail(input: { locale: Locale; name: string; amount: number; recipientName: string; why: 'late' | 'short' | 'cancelled' | 'refused' }): EmailContent {
  const l = lang(input.locale);
  const amount = l.money(input.amount);
  const why = {
    late: { fr: 'Votre paiement est arrivé après la clôture de la cagnotte.', ar: 'وصل دفعك بعد إغلاق الصندوق الجماعي.' },
    short: { fr: 'La cagnotte n’a pas atteint le prix du cadeau.', ar: 'لم يبلغ الصندوق الجماعي سعر الهدية.' },
    cancelled: { fr: 'L’organisateur a annulé la cagnotte.', ar: 'ألغى المنظم الصندوق الجماعي.' },
    refused: { fr: 'L’organisateur a choisi de rembourser tout le monde.', ar: 'اختار المنظم استرداد مبالغ الجميع.' },
  }[input.why];
  return infoEmail(l, {
    subject: l.t({ fr: `Votre participation de ${amount} vous est remboursée`, ar: `تُسترد لك مساهمتك بقيمة ${amount}` }),
    greeting: hello(l, input.name),
    paragraphs: [
      l.t(why),
      l.t({
        fr: `Votre participation de ${amount} à la cagnotte pour ${input.recipientName} vous est remboursée par le moyen de paiement utilisé. Selon votre banque, elle apparaît sous 2 à 5 jours ouvrés.`,
        ar: `تُسترد مساهمتك بقيمة ${amount} في الصندوق الجماعي لـ ${input.recipientName} بوسيلة الدفع المستعملة. حسب بنككم، تظهر خلال 2 إلى 5 أيام عمل.`,
      }),
    ],
  });
}

/** « Relancer »: a past contributor asked to share the link again before the closing day. */
export function reminderEmail(input: { locale: Locale; name: string; organiserName: string; recipientName: string; collected: number; target: number; closesOn: string; url: string }): EmailContent {
  const l = lang(input.locale);
  return infoEmail(l, {
    subject: l.t({ fr: `La cagnotte pour ${input.recipientName} se termine le ${l.day(input.closesOn)}`, ar: `ينتهي الصندوق الجماعي لـ ${input.recipientName} في ${l.day(input.closesOn)}` }),
    greeting: hello(l, input.name),
    paragraphs: [
      l.t({
        fr: `${input.organiserName} vous remercie pour votre participation. La cagnotte a réuni ${l.money(input.collected)} sur ${l.money(input.target)} : partagez le lien autour de vous pour la compléter avant le ${l.day(input.closesOn)}.`,
        ar: `يشكرك ${input.organiserName} على مساهمتك. جمع الصندوق الجماعي ${l.money(input.collected)} من ${l.money(input.target)}: شارك الرابط من حولك لإكماله قبل ${l.day(input.closesOn)}.`,
      }),
    ],
    cta: { label: l.t({ fr: 'Voir la cagnotte', ar: 'عرض الصندوق الجماعي' }), url: input.url },
  });
}
