import { emphasis, hello, infoEmail, lang, rich, type EmailContent, type Locale } from '../notifications/index.ts';

/** HH:MM in Algiers (UTC+1, no summer time), the same digits in both languages. */
const algiersTime = (at: Date) => new Date(at.getTime() + 3_600_000).toISOString().slice(11, 16);
const ref = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * Issue 36 (docs/product/live-chat.md §3): no adviser could take the chat (out of hours, nobody present, or nobody
 * accepted in time), so the message became a ticket answered by e-mail. The person's message is repeated.
 */
export function chatFallbackEmail(input: { locale: Locale; name: string; reference: string; message: string; link: string }): EmailContent {
  const l = lang(input.locale);
  return infoEmail(
    l,
    {
      subject: l.t({ fr: `Votre message est enregistré : ticket #${ref(input.reference)}`, ar: `تم تسجيل رسالتكم: التذكرة #${ref(input.reference)}` }),
      greeting: hello(l, input.name),
      paragraphs: [
        l.t({
          fr: 'Nos conseillers n’étaient pas disponibles pour discuter : votre message est enregistré comme ticket, nous vous répondrons par e-mail.',
          ar: 'لم يكن مستشارونا متاحين للمحادثة: تم تسجيل رسالتكم كتذكرة، وسنرد عليكم عبر البريد الإلكتروني.',
        }),
        rich`${emphasis(input.message)}`,
      ],
      cta: { label: l.t({ fr: 'Voir mes demandes', ar: 'عرض طلباتي' }), url: input.link },
    },
    'support',
  );
}

/** The whole conversation of a chat, sent on the requester's request (at most once per 10 minutes). */
export function chatTranscriptEmail(input: {
  locale: Locale;
  name: string;
  reference: string;
  startedAt: Date;
  lines: { at: Date; author: string; agent: boolean; body: string }[];
}): EmailContent {
  const l = lang(input.locale);
  return infoEmail(
    l,
    {
      subject: l.t({ fr: `Transcription de votre discussion du ${l.date(input.startedAt)}`, ar: `نص محادثتكم بتاريخ ${l.date(input.startedAt)}` }),
      greeting: hello(l, input.name),
      paragraphs: [
        l.t({
          fr: `Voici votre discussion avec le support Farha (référence #${ref(input.reference)}) :`,
          ar: `إليكم محادثتكم مع دعم فرحة (المرجع #${ref(input.reference)}):`,
        }),
        ...input.lines.map((line) => {
          const who = line.agent ? l.t({ fr: `${line.author} (conseiller Farha)`, ar: `${line.author} (مستشار فرحة)` }) : line.author;
          return rich`${algiersTime(line.at)} — ${who}${l.colon}${line.body}`;
        }),
      ],
    },
    'support',
  );
}
