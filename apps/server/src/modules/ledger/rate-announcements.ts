import { and, asc, desc, eq } from 'drizzle-orm';
import { formatRate, type TForeignCurrency } from '@farha/contracts/money';
import type { TExchangeRate } from '@farha/contracts/rates';
import type { Queryable } from '../../db/client.ts';
import { exchangeRates, users } from '../../db/schema/index.ts';
import { algiersDay } from '@farha/contracts/time';
import type { AuditActor } from '../audit/index.ts';
import { rateJumpNeedsConfirmation } from '../settings/index.ts';
import { enqueueEmail, hello, infoEmail, lang, rich, strong, wakeOutbox, type Locale } from '../notifications/index.ts';

// Issue 34: every change of an exchange rate is announced to finance, so that a slip (1 € = 1 500 DA) is seen.

/** The e-mail each finance account receives when a rate changes (issue 34), in the reader's language. */
export function rateChangedEmail(input: { locale: Locale; name: string; currency: TForeignCurrency; before: string | null; after: string; staleAfter: string; by: string; confirmed: boolean; link: string }) {
  const l = lang(input.locale);
  const ar = input.locale === 'ar';
  const after = `1 ${input.currency} = ${input.after} DA`;
  return infoEmail(l, {
    subject: l.t({ fr: `Taux de change modifié : ${after}`, ar: `تغيير سعر الصرف: ${after}` }),
    greeting: hello(l, input.name),
    paragraphs: [
      ar
        ? rich`حدّد ${input.by} سعر ${input.currency}: ${strong(after)}${input.before ? ` (كان ${input.before} دج)` : ''}، صالح إلى غاية ${input.staleAfter}.`
        : rich`${input.by} a fixé le taux ${input.currency} : ${strong(after)}${input.before ? ` (avant : ${input.before} DA)` : ''}, valable jusqu'au ${input.staleAfter} inclus.`,
      ...(input.confirmed
        ? [l.t({ fr: 'Cet écart de plus de 25 % a été confirmé explicitement.', ar: 'تم تأكيد هذا الفارق الذي يتجاوز 25 % صراحة.' })]
        : []),
      l.t({ fr: 'Les prix en devises et les cartes internationales utilisent ce taux dès maintenant.', ar: 'تستعمل الأسعار بالعملات الأجنبية والبطاقات الدولية هذا السعر من الآن.' }),
    ],
    cta: { label: l.t({ fr: 'Voir les taux', ar: 'عرض الأسعار' }), url: input.link },
  });
}

/**
 * Every active finance account is e-mailed the rate just set (setRate's answer), with the one it replaces, in
 * the caller's transaction (sent once it commits).
 */
export async function announceRateToFinance(db: Queryable, rate: TExchangeRate, step: { actor: AuditActor; now: Date; publicUrl: string }): Promise<void> {
  const [, previous] = await db
    .select({ rateE4: exchangeRates.rateE4 })
    .from(exchangeRates)
    .where(eq(exchangeRates.currency, rate.currency))
    .orderBy(desc(exchangeRates.createdAt), desc(exchangeRates.id))
    .limit(2);
  const day = rate.staleAfter ? algiersDay(new Date(rate.staleAfter)).split('-').reverse().join('/') : '';
  const change = {
    currency: rate.currency,
    before: previous ? formatRate(previous.rateE4) : null,
    after: formatRate(rate.rateE4),
    confirmed: previous !== undefined && rateJumpNeedsConfirmation(previous.rateE4, rate.rateE4),
  };
  const finance = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.role, 'finance'), eq(users.status, 'active')))
    .orderBy(asc(users.id));
  const [actor] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, step.actor.userId));
  const by = actor ? `${actor.firstName} ${actor.lastName}`.trim() || actor.email : 'Farha';
  for (const person of finance) {
    await enqueueEmail(db, {
      now: step.now,
      to: person.email,
      template: 'exchange-rate-set',
      render: (locale) => rateChangedEmail({ locale, name: person.firstName, currency: change.currency, before: change.before, after: change.after, staleAfter: day, by, confirmed: change.confirmed, link: `${step.publicUrl}/admin/rates` }),
    });
  }
  if (finance.length > 0) wakeOutbox();
}
