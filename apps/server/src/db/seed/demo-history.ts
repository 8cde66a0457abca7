import { sql } from 'drizzle-orm';
import { commissionOf } from '@farha/contracts/money';
import { DISPUTE_TYPE_LABELS } from '@farha/contracts/support';
import { rowsOf, type Tx } from '../client.ts';
import { addDays, algiersDay } from '../../lib/algiers-time.ts';
import { DEMO_PARTNER2_SLUG, DEMO_PARTNER_SLUG } from './catalog-data.ts';
import { seedId } from './ids.ts';

/**
 * Issue 22: a plausible past for the demo's back office, so that a newcomer sees what the dashboard, the
 * analytics, the breakage and the support reports are for. Six months of purchases up to the seed's `now`
 * (and, before them, the vouchers that expired unused in those months), each voucher walked through the
 * state machine (docs/product/vouchers.md §5) with its voucher_events: ISSUED → DELIVERED, then REDEEMED at a demo
 * partner with its ledger row (commission = round(gross × bp / 10000)), SETTLED when the payout holding
 * its transaction was paid, EXPIRED after expires_at, or CANCELLED by a refund within 14 days. Support
 * tickets with replies and ratings, disputes in each state and the funnel's daily figures complete it.
 *
 * Everything is planned in JS from a seeded PRNG and dates relative to `now` (same `now`, same rows; no
 * Math.random, no database now()), then written with one INSERT … SELECT per table over a JSON array: the
 * triggers of the migrations keep box_sales, partner_transaction_months and the analytics_* tables.
 *
 * Who it leaves alone: the demo accounts and the two demo owners' partners (the journeys and tests count
 * their rows exactly). It lives on new customers `client.hist.NNN@demo.farha.dz` and the other partners.
 * The payout proposal job finds nothing to propose in it: every transaction of a partner that can be paid
 * is in a paid payout or in the one still processing; the others wait for their partner's KYC.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Days of purchases shown (about six months). */
export const HISTORY_DAYS = 182;
const CUSTOMER_COUNT = 60;
export const historyCustomerEmail = (n: number) => `client.hist.${String(n).padStart(3, '0')}@demo.farha.dz`;
/** The history's marker: present, the history was seeded (a second seed adds nothing). */
export const HISTORY_MARKER_EMAIL = historyCustomerEmail(1);

/** argon2id of DEMO_PASSWORD ('demo1234'), computed once for every history customer (never one hash per account). */
const HISTORY_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$n7sBjaNQlU5yvJTzHK8FLg$bbQsn/mNsyWoZqlL1cfsRIPjtGzhMnTfqoN3aDNs854';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ3789';

/** mulberry32: a small seeded PRNG, so that the same `now` gives the same history. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const between = (lo: number, hi: number) => lo + next() * (hi - lo);
  const poisson = (mean: number) => {
    const limit = Math.exp(-mean);
    let k = 0;
    for (let p = next(); p > limit; p *= next()) k++;
    return k;
  };
  return { next, int, pick, between, poisson, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

const FIRST_NAMES = [
  ['Yasmine', 'yasmine'], ['Mehdi', 'mehdi'], ['Sarah', 'sarah'], ['Amine', 'amine'], ['Lina', 'lina'], ['Rayan', 'rayan'],
  ['Imène', 'imene'], ['Walid', 'walid'], ['Meriem', 'meriem'], ['Nassim', 'nassim'], ['Khadidja', 'khadidja'], ['Bilal', 'bilal'],
  ['Soraya', 'soraya'], ['Hichem', 'hichem'], ['Feriel', 'feriel'], ['Anis', 'anis'], ['Chahinez', 'chahinez'], ['Samir', 'samir'],
  ['Nour', 'nour'], ['Riad', 'riad'], ['Asma', 'asma'], ['Sofiane', 'sofiane'], ['Houda', 'houda'], ['Farid', 'farid'],
  ['Selma', 'selma'], ['Idir', 'idir'], ['Thiziri', 'thiziri'], ['Massinissa', 'massinissa'], ['Dounia', 'dounia'], ['Zakaria', 'zakaria'],
] as const;
const LAST_NAMES = [
  ['Boukhalfa', 'boukhalfa'], ['Mansouri', 'mansouri'], ['Kaci', 'kaci'], ['Belaïd', 'belaid'], ['Zerrouki', 'zerrouki'], ['Hamidi', 'hamidi'],
  ['Saïdi', 'saidi'], ['Bouzid', 'bouzid'], ['Ouali', 'ouali'], ['Rahmani', 'rahmani'], ['Ferhat', 'ferhat'], ['Guerroudj', 'guerroudj'],
  ['Slimani', 'slimani'], ['Amrani', 'amrani'], ['Lounis', 'lounis'], ['Touati', 'touati'], ['Bensaïd', 'bensaid'], ['Djebbar', 'djebbar'],
  ['Larbi', 'larbi'], ['Khelifi', 'khelifi'], ['Mokrani', 'mokrani'], ['Aouadi', 'aouadi'], ['Brahimi', 'brahimi'], ['Taleb', 'taleb'],
] as const;
const GIFT_MESSAGES = [
  'Joyeux anniversaire ! Profite bien de ce moment.',
  'Pour te remercier de tout. Bisous.',
  'Bonne fête maman, tu le mérites.',
  'Félicitations pour ton diplôme !',
  'Un petit moment rien que pour vous deux.',
  'Saha Aïdkoum ! Avec toute notre affection.',
  'Pour ta retraite bien méritée.',
  null,
  null,
  null,
] as const;
/** The sandbox gateway's methods (the default provider), as Chargily's: CIB and EDAHABIA. */
const PAYMENT_METHODS = ['cib', 'cib', 'edahabia', 'edahabia', 'edahabia'] as const;

type TicketTemplate = { category: string; title: string; description: string; answer: string; followUp?: string; closing?: string };
const TICKETS: readonly TicketTemplate[] = [
  {
    category: 'livraison',
    title: 'Mon destinataire n’a pas reçu le coffret',
    description: 'J’ai offert un coffret il y a deux jours, mon amie dit qu’elle ne trouve pas l’e-mail. Pouvez-vous vérifier ?',
    answer: 'Bonjour, l’e-mail a bien été accepté par sa messagerie : il est sans doute dans ses courriers indésirables. Je viens de le renvoyer.',
    followUp: 'Elle l’a retrouvé, merci beaucoup !',
    closing: 'Avec plaisir, bonne expérience à elle.',
  },
  {
    category: 'reservation',
    title: 'Pas de créneau disponible ce week-end',
    description: 'Je voudrais réserver pour samedi mais aucun créneau ne s’affiche. Est-ce normal ?',
    answer: 'Bonjour, le partenaire est complet ce samedi. Des créneaux sont ouverts le dimanche et le samedi suivant.',
  },
  {
    category: 'echange',
    title: 'Échanger mon coffret contre un autre',
    description: 'On m’a offert un coffret gastronomie mais je préférerais un séjour. Comment faire ?',
    answer: 'Bonjour, depuis « Mes coffrets », choisissez « Échanger » : vous payez seulement la différence de prix s’il y en a une.',
  },
  {
    category: 'remboursement',
    title: 'Remboursement de mon achat',
    description: 'J’ai acheté le mauvais coffret hier, puis-je être remboursé ?',
    answer: 'Bonjour, oui : un coffret non utilisé est remboursable 14 jours après l’achat, depuis la page du coffret. Le virement suit sous quelques jours.',
    followUp: 'C’est fait, merci.',
    closing: 'Parfait, le remboursement est en cours de traitement.',
  },
  {
    category: 'paiement',
    title: 'Paiement débité deux fois ?',
    description: 'Ma carte CIB affiche deux opérations pour le même coffret.',
    answer: 'Bonjour, une seule commande est payée à votre nom ; la seconde opération est une pré-autorisation que votre banque libère sous 72 h.',
  },
  {
    category: 'compte',
    title: 'Changer l’adresse e-mail de mon compte',
    description: 'Je n’utilise plus mon ancienne adresse, comment la modifier ?',
    answer: 'Bonjour, depuis « Mon compte », rubrique « E-mail » : un lien de confirmation part vers la nouvelle adresse.',
  },
  {
    category: 'commande',
    title: 'Ajouter un message personnel après l’achat',
    description: 'J’ai oublié d’écrire un petit mot au destinataire, est-ce encore possible ?',
    answer: 'Bonjour, tant que le coffret n’est pas livré vous pouvez modifier le message depuis le détail de la commande. Je l’ai ajouté pour vous.',
  },
  {
    category: 'reservation',
    title: 'Le partenaire ne répond pas à ma demande',
    description: 'J’ai demandé une réservation il y a quatre jours, toujours en attente.',
    answer: 'Bonjour, nous avons relancé le partenaire qui vient de vous proposer une nouvelle date. Vous la trouverez dans vos réservations.',
    followUp: 'La date me convient, merci pour la relance.',
    closing: 'Très bien, bonne visite !',
  },
  {
    category: 'autre',
    title: 'Coffret pour un groupe de collègues',
    description: 'Nous voudrions offrir dix coffrets pour un départ en retraite : y a-t-il une offre entreprise ?',
    answer: 'Bonjour, oui : l’espace entreprise permet d’envoyer plusieurs coffrets à partir d’une liste de destinataires. Je vous envoie le lien.',
  },
  {
    category: 'livraison',
    title: 'Programmer l’envoi pour une date précise',
    description: 'Je veux que le coffret arrive le jour de son anniversaire, pas avant.',
    answer: 'Bonjour, à l’étape « Destinataire », choisissez la date d’envoi : l’e-mail partira ce jour-là à 9 h.',
  },
];
const INTERNAL_NOTES = ['Client vérifié, commande bien payée.', 'Partenaire contacté par téléphone.', 'Vu avec la finance.'] as const;

/** What the history needs of the catalogue and of the staff, read from the rows the seed just wrote. */
type Offer = { id: string; title: string; faceValue: number; partnerId: string; partnerName: string; commissionBp: number; payable: boolean };
type Box = { id: string; name: string; nameAr: string | null; price: number; validityDays: number; category: string; offers: Offer[] };
type Staff = { supportId: string | null; financeId: string | null };

type Customer = { id: string; n: number; email: string; firstName: string; lastName: string; phone: string; locale: 'fr' | 'ar'; weight: number; createdAt: number };
type VoucherPlan = {
  id: string;
  orderId: string;
  code: string;
  box: Box;
  customer: Customer;
  boughtAt: number;
  expiresAt: number;
  gift: { name: string; email: string; message: string | null } | null;
  method: (typeof PAYMENT_METHODS)[number];
  status: 'DELIVERED' | 'REDEEMED' | 'SETTLED' | 'EXPIRED' | 'CANCELLED';
  deliveredAt: number;
  redeemed: { at: number; offer: Offer } | null;
  endedAt: number | null;
  /** Cancelled by the purchaser's refund (14 days) or by a dispute resolved with a refund. */
  cancelledBy: 'purchaser' | 'dispute' | null;
};

const iso = (ms: number) => new Date(ms).toISOString();
/** An instant at `hour` (decimal, Algiers time) of the Algiers day of `ms`. */
const atAlgiersHour = (ms: number, hour: number) => {
  const day = algiersDay(new Date(ms));
  return Date.parse(`${day}T00:00:00+01:00`) + hour * HOUR;
};

function voucherCode(rng: Rng, taken: Set<string>): string {
  for (;;) {
    let raw = '';
    for (let i = 0; i < 12; i++) raw += CODE_ALPHABET[rng.int(CODE_ALPHABET.length)];
    const code = `FRH-${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}`;
    if (!taken.has(code)) {
      taken.add(code);
      return code;
    }
  }
}

function weighted<T>(rng: Rng, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((s, i) => s + weight(i), 0);
  let r = rng.next() * total;
  for (const item of items) {
    r -= weight(item);
    if (r < 0) return item;
  }
  return items[items.length - 1]!;
}

/** Seeds the history once (skipped when its marker customer exists), in the seed's transaction. */
export async function seedDemoHistory(tx: Tx, now: Date): Promise<void> {
  const [marker] = await rowsOf<{ id: string }>(tx, sql`select id from users where email = ${HISTORY_MARKER_EMAIL}`);
  if (marker) return;
  const boxes = await readCatalogue(tx);
  if (boxes.length === 0) return;
  const [staff] = await rowsOf<{ support_id: string | null; finance_id: string | null }>(
    tx,
    sql`select (select id from users where email = 'support@demo.farha.dz') as support_id, (select id from users where email = 'finance@demo.farha.dz') as finance_id`,
  );
  const plan = planHistory(now.getTime(), boxes, { supportId: staff?.support_id ?? null, financeId: staff?.finance_id ?? null });
  await writeHistory(tx, plan);
}

async function readCatalogue(tx: Tx): Promise<Box[]> {
  const excluded = [seedId('partner', DEMO_PARTNER_SLUG), seedId('partner', DEMO_PARTNER2_SLUG)];
  const rows = await rowsOf<{
    box_id: string;
    box_name: string;
    name_ar: string | null;
    price: number;
    validity_days: number;
    category: string;
    offer_id: string | null;
    title: string | null;
    face_value: number | null;
    partner_id: string | null;
    partner_name: string | null;
    commission_bp: number | null;
    payable: boolean | null;
  }>(
    tx,
    sql`select b.id as box_id, b.name as box_name, b.name_ar, b.price, b.validity_days, b.category,
               o.id as offer_id, o.title, o.face_value, p.id as partner_id, p.name as partner_name, p.commission_bp,
               (p.kyc_status = 'verified' and p.iban is not null) as payable
          from boxes b
          left join box_offers bo on bo.box_id = b.id
          left join offers o on o.id = bo.offer_id and o.active
          left join partners p on p.id = o.partner_id and p.active and p.id not in (${excluded[0]}, ${excluded[1]})
         where b.active
         order by b.created_at, b.id, o.id`,
  );
  const byId = new Map<string, Box>();
  for (const r of rows) {
    let box = byId.get(r.box_id);
    if (!box) {
      box = { id: r.box_id, name: r.box_name, nameAr: r.name_ar, price: Number(r.price), validityDays: Number(r.validity_days), category: r.category, offers: [] };
      byId.set(r.box_id, box);
    }
    if (r.offer_id && r.partner_id) {
      box.offers.push({
        id: r.offer_id,
        title: r.title!,
        faceValue: Number(r.face_value),
        partnerId: r.partner_id,
        partnerName: r.partner_name!,
        commissionBp: Number(r.commission_bp),
        payable: Boolean(r.payable),
      });
    }
  }
  // Only boxes a history voucher can be used in: each of them can end redeemed at one of their partners.
  return [...byId.values()].filter((b) => b.offers.length > 0);
}

type Plan = ReturnType<typeof planHistory>;

/** The whole history as rows, from `now` (ms) and the catalogue: pure, deterministic. */
export function planHistory(now: number, boxes: Box[], staff: Staff) {
  const rng = prng(22);
  const codes = new Set<string>();
  const windowStart = now - HISTORY_DAYS * DAY;
  // Transactions of partners that can be paid stop two days ago: later ones would wait in no payout.
  const payableUntil = now - 2 * DAY;

  const customers: Customer[] = Array.from({ length: CUSTOMER_COUNT }, (_, i) => {
    const [first] = FIRST_NAMES[(i * 7) % FIRST_NAMES.length]!;
    const [last] = LAST_NAMES[(i * 5 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length]!;
    const n = i + 1;
    return {
      id: seedId('hist_user', String(n)),
      n,
      email: historyCustomerEmail(n),
      firstName: first,
      lastName: last,
      phone: `+213 ${rng.pick(['550', '551', '661', '662', '770', '771', '555'])} ${String(rng.int(100)).padStart(2, '0')} ${String(rng.int(100)).padStart(2, '0')} ${String(rng.int(100)).padStart(2, '0')}`,
      locale: rng.chance(0.15) ? 'ar' : 'fr',
      // A fifth of the customers come back often: retention has something to measure.
      weight: i % 5 === 0 ? 6 : 1 + rng.next(),
      createdAt: now - rng.between(1, 150) * DAY,
    };
  });

  const vouchers: VoucherPlan[] = [];
  const newVoucher = (boughtAt: number, box: Box, customer: Customer): VoucherPlan => {
    const n = vouchers.length + 1;
    const gift = rng.chance(0.65)
      ? (() => {
          const [first, firstAscii] = rng.pick(FIRST_NAMES);
          const [last, lastAscii] = rng.pick(LAST_NAMES);
          return { name: `${first} ${last}`, email: `${firstAscii}.${lastAscii}${rng.int(90) + 10}@example.dz`, message: rng.pick(GIFT_MESSAGES) };
        })()
      : null;
    const v: VoucherPlan = {
      id: seedId('hist_voucher', String(n)),
      orderId: seedId('hist_order', String(n)),
      code: voucherCode(rng, codes),
      box,
      customer,
      boughtAt,
      expiresAt: boughtAt + box.validityDays * DAY,
      gift,
      method: rng.pick(PAYMENT_METHODS),
      status: 'DELIVERED',
      deliveredAt: boughtAt + rng.between(1, 6) * MINUTE,
      redeemed: null,
      endedAt: null,
      cancelledBy: null,
    };
    vouchers.push(v);
    customer.createdAt = Math.min(customer.createdAt, boughtAt - rng.between(0.2, 30) * DAY);
    return v;
  };
  const pickBox = () => weighted(rng, boxes, (b) => 60_000 / (b.price + 8_000));
  const pickCustomer = () => weighted(rng, customers, (c) => c.weight);

  /** Redeemed at one of the box's partners at a time in [from, to], if that partner's limit allows. */
  const redeem = (v: VoucherPlan, from: number, to: number): boolean => {
    const offer = rng.pick(v.box.offers);
    const until = Math.min(to, offer.payable ? payableUntil : now - HOUR, v.expiresAt - HOUR);
    if (until <= from) return false;
    // Most are used in the first weeks; the rest spread to the end of the window.
    const at = from + (until - from) * rng.next() ** 1.8;
    const when = atAlgiersHour(at, rng.between(10, 21));
    if (when <= v.boughtAt + HOUR || when > until) return false;
    v.redeemed = { at: when, offer };
    v.status = 'REDEEMED';
    v.endedAt = when;
    return true;
  };

  // Purchases of the last HISTORY_DAYS days: growing over the months, busier on Thursdays and Fridays.
  for (let d = 0; d < HISTORY_DAYS; d++) {
    const dayStart = atAlgiersHour(windowStart + d * DAY, 0);
    const weekday = new Date(dayStart + 12 * HOUR).getUTCDay();
    const mean = (1.8 + 2.6 * (d / HISTORY_DAYS)) * (weekday === 4 ? 1.35 : weekday === 5 ? 1.25 : weekday === 6 ? 1.1 : 0.92);
    const count = Math.max(1, rng.poisson(mean));
    for (let k = 0; k < count; k++) {
      const boughtAt = dayStart + rng.between(8, 23.5) * HOUR;
      if (boughtAt > now - HOUR) continue;
      const v = newVoucher(boughtAt, pickBox(), pickCustomer());
      const age = (now - boughtAt) / DAY;
      if (age > 2 && rng.chance(0.03)) {
        // Refunded by the purchaser within the 14 days.
        const at = boughtAt + rng.between(0.5, Math.min(13, age - 0.5)) * DAY;
        v.status = 'CANCELLED';
        v.cancelledBy = 'purchaser';
        v.endedAt = at;
        continue;
      }
      if (rng.chance(Math.min(0.82, age / 140))) redeem(v, boughtAt + 2 * DAY, now);
      if (v.status === 'DELIVERED' && v.expiresAt < now - HOUR) {
        v.status = 'EXPIRED';
        v.endedAt = v.expiresAt + rng.between(2, 50) * MINUTE;
      }
      // Still usable within the next month: used in time (the expiry reminders never fire at the seed).
      if (v.status === 'DELIVERED' && v.expiresAt < now + 31 * DAY) redeem(v, boughtAt + DAY, now);
      if (v.status === 'DELIVERED' && v.expiresAt < now + 31 * DAY) {
        v.status = 'CANCELLED';
        v.cancelledBy = 'purchaser';
        v.endedAt = boughtAt + rng.between(0.5, 10) * DAY;
      }
    }
  }
  // Bought before the window, expired unused in it: the breakage of the last months.
  const shortLived = boxes.filter((b) => b.validityDays <= 365);
  for (let i = 0; i < 45 && shortLived.length > 0; i++) {
    const box = weighted(rng, shortLived, (b) => 60_000 / (b.price + 8_000));
    const expiresAt = windowStart + rng.next() * (HISTORY_DAYS - 1) * DAY;
    const boughtAt = atAlgiersHour(expiresAt - box.validityDays * DAY, rng.between(9, 22));
    const v = newVoucher(boughtAt, box, pickCustomer());
    v.expiresAt = boughtAt + box.validityDays * DAY;
    v.status = 'EXPIRED';
    v.endedAt = v.expiresAt + rng.between(2, 50) * MINUTE;
  }
  vouchers.sort((a, b) => a.boughtAt - b.boughtAt);

  const disputes = planDisputes(rng, now, vouchers, staff);
  const ledger = planLedger(rng, now, vouchers, staff);
  const tickets = planTickets(rng, now, customers, staff);
  return { now, customers, vouchers, disputes, ledger, tickets, funnel: planFunnel(rng, now, vouchers), staff };
}

type DisputePlan = {
  id: string;
  voucher: VoucherPlan;
  partnerId: string;
  type: 'partner_refuse' | 'service_quality' | 'voucher_invalid' | 'billing';
  status: 'open' | 'investigating' | 'partner_response' | 'resolved' | 'closed';
  resolution: 'refund' | 'rejected' | null;
  createdAt: number;
  resolvedAt: number | null;
  description: string;
  partnerAnswer: string | null;
  notes: string | null;
};

/** A few disputes in each state, on distinct vouchers of the history. */
function planDisputes(rng: Rng, now: number, vouchers: VoucherPlan[], staff: Staff): DisputePlan[] {
  if (!staff.supportId) return [];
  const used = new Set<string>();
  const usable = (v: VoucherPlan, at: number) => v.status === 'DELIVERED' && v.boughtAt < at - 5 * DAY && v.expiresAt > now + 60 * DAY;
  const redeemedBefore = (v: VoucherPlan, at: number) => v.redeemed !== null && v.redeemed.at < at - DAY && v.redeemed.at > at - 20 * DAY;
  const find = (test: (v: VoucherPlan) => boolean) => {
    const v = vouchers.find((x) => !used.has(x.id) && test(x));
    if (v) used.add(v.id);
    return v;
  };
  const specs: { daysAgo: number; type: DisputePlan['type']; status: DisputePlan['status']; resolution: DisputePlan['resolution']; onRedeemed: boolean; description: string; partnerAnswer?: string; notes?: string }[] = [
    { daysAgo: 1.2, type: 'partner_refuse', status: 'open', resolution: null, onRedeemed: false, description: 'Le partenaire m’a dit que mon coffret n’était pas accepté le vendredi.' },
    { daysAgo: 0.6, type: 'voucher_invalid', status: 'open', resolution: null, onRedeemed: false, description: 'Le code est refusé au scan alors qu’il est valable jusqu’à l’an prochain.' },
    { daysAgo: 5, type: 'service_quality', status: 'investigating', resolution: null, onRedeemed: true, description: 'Le massage a duré trente minutes au lieu d’une heure.' },
    { daysAgo: 8, type: 'partner_refuse', status: 'partner_response', resolution: null, onRedeemed: false, description: 'Impossible d’obtenir une réservation depuis trois semaines.', partnerAnswer: 'Nous étions fermés pour travaux ; des créneaux sont de nouveau ouverts dès cette semaine.' },
    { daysAgo: 38, type: 'service_quality', status: 'resolved', resolution: 'rejected', onRedeemed: true, description: 'Le repas ne correspondait pas au menu annoncé.', notes: 'Le menu servi est celui de l’offre ; le partenaire a fourni la carte du jour.' },
    { daysAgo: 64, type: 'partner_refuse', status: 'resolved', resolution: 'refund', onRedeemed: false, description: 'Le partenaire a fermé définitivement, je ne peux plus utiliser mon coffret.', notes: 'Partenaire fermé : remboursement intégral.' },
    { daysAgo: 95, type: 'billing', status: 'closed', resolution: 'rejected', onRedeemed: false, description: 'Je pense avoir payé plus que le prix affiché.', notes: 'Le montant payé correspond au prix du coffret ce jour-là.' },
  ];
  const plans: DisputePlan[] = [];
  for (const [i, s] of specs.entries()) {
    const createdAt = atAlgiersHour(now - s.daysAgo * DAY, 10 + (i % 6));
    if (createdAt > now - 10 * MINUTE) continue;
    const v = find((x) => (s.onRedeemed ? redeemedBefore(x, createdAt) : usable(x, createdAt)));
    if (!v) continue;
    const partnerId = v.redeemed?.offer.partnerId ?? v.box.offers[0]!.partnerId;
    const resolvedAt = s.resolution ? createdAt + rng.between(2, 6) * DAY : null;
    if (s.resolution === 'refund') {
      v.status = 'CANCELLED';
      v.cancelledBy = 'dispute';
      v.endedAt = resolvedAt;
    }
    plans.push({
      id: seedId('hist_dispute', String(i + 1)),
      voucher: v,
      partnerId,
      type: s.type,
      status: s.status,
      resolution: s.resolution,
      createdAt,
      resolvedAt,
      description: s.description,
      partnerAnswer: s.partnerAnswer ?? null,
      notes: s.notes ?? null,
    });
  }
  return plans;
}

type PayoutPlan = {
  id: string;
  partnerId: string;
  status: 'paid' | 'processing';
  reference: string;
  requestedAt: number;
  processedAt: number;
  paidAt: number | null;
  vouchers: VoucherPlan[];
};

/**
 * Payouts every 14 days, counted back from two days ago: each period's transactions of a payable partner
 * (KYC verified, IBAN) in a payout paid two days after the period, the last period's in one still processing.
 */
function planLedger(rng: Rng, now: number, vouchers: VoucherPlan[], staff: Staff) {
  const cut = now - 2 * DAY;
  const period = 14 * DAY;
  const groups = new Map<string, VoucherPlan[]>();
  for (const v of vouchers) {
    if (!v.redeemed || !v.redeemed.offer.payable) continue;
    const k = Math.floor((cut - v.redeemed.at) / period);
    const key = `${v.redeemed.offer.partnerId}|${k}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  const payouts: PayoutPlan[] = [];
  const refTail = () => Array.from({ length: 6 }, () => CODE_ALPHABET[rng.int(CODE_ALPHABET.length)]).join('');
  for (const [key, members] of [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [partnerId, kText] = key.split('|') as [string, string];
    const k = Number(kText);
    const requestedAt = cut - k * period + 2 * HOUR;
    const processedAt = requestedAt + 20 * HOUR;
    const paid = k >= 1 && staff.financeId !== null;
    const day = algiersDay(new Date(requestedAt)).replace(/-/g, '');
    const payout: PayoutPlan = {
      id: seedId('hist_payout', key),
      partnerId,
      status: paid ? 'paid' : 'processing',
      reference: paid ? `VIR-${rng.pick(['BNA', 'CPA', 'BEA', 'BDL', 'AGB'])}-${day}-${String(rng.int(10_000)).padStart(4, '0')}` : `RGL-${day}-${refTail()}`,
      requestedAt,
      processedAt,
      paidAt: paid ? requestedAt + 2 * DAY : null,
      vouchers: members.sort((a, b) => a.redeemed!.at - b.redeemed!.at),
    };
    payouts.push(payout);
    if (paid) for (const v of members) v.status = 'SETTLED';
  }
  return payouts;
}

type TicketPlan = {
  id: string;
  customer: Customer;
  template: TicketTemplate;
  priority: 'low' | 'medium' | 'high';
  status: 'open' | 'resolved' | 'closed';
  createdAt: number;
  messages: { id: string; author: 'user' | 'support'; body: string; internal: boolean; at: number }[];
  firstResponseAt: number | null;
  resolvedAt: number | null;
  satisfaction: number | null;
};

/** About one ticket every four days, answered within hours, mostly rated; the last ones still open. */
function planTickets(rng: Rng, now: number, customers: Customer[], staff: Staff): TicketPlan[] {
  if (!staff.supportId) return [];
  const tickets: TicketPlan[] = [];
  const starts: number[] = [];
  for (let at = now - HISTORY_DAYS * DAY + rng.between(0, 3) * DAY; at < now - 2 * DAY; at += rng.between(1.5, 6.5) * DAY) starts.push(at);
  // Waiting for an agent: asked in the last day and a half.
  starts.push(now - 30 * HOUR, now - 7 * HOUR, now - 2 * HOUR);
  for (const [i, start] of starts.entries()) {
    const createdAt = Math.min(atAlgiersHour(start, rng.between(8.5, 20)), now - HOUR);
    const customer = rng.pick(customers.filter((c) => c.createdAt < createdAt - DAY)) ?? customers[0]!;
    const template = TICKETS[(i * 3 + rng.int(3)) % TICKETS.length]!;
    const n = i + 1;
    const message = (k: number, author: 'user' | 'support', body: string, at: number, internal = false) => ({
      id: seedId('hist_ticket_message', `${n}|${k}`),
      author,
      body,
      internal,
      at,
    });
    const ticket: TicketPlan = {
      id: seedId('hist_ticket', String(n)),
      customer,
      template,
      priority: rng.pick(['low', 'medium', 'medium', 'medium', 'high'] as const),
      status: 'open',
      createdAt,
      messages: [],
      firstResponseAt: null,
      resolvedAt: null,
      satisfaction: null,
    };
    tickets.push(ticket);
    if (createdAt > now - 36 * HOUR) continue;
    let at = createdAt;
    if (rng.chance(0.2)) ticket.messages.push(message(0, 'support', rng.pick(INTERNAL_NOTES), (at += rng.between(5, 30) * MINUTE), true));
    at += rng.between(12, rng.chance(0.15) ? 900 : 240) * MINUTE;
    ticket.messages.push(message(1, 'support', template.answer, at));
    ticket.firstResponseAt = at;
    if (template.followUp && template.closing && rng.chance(0.7)) {
      ticket.messages.push(message(2, 'user', template.followUp, (at += rng.between(1, 20) * HOUR)));
      ticket.messages.push(message(3, 'support', template.closing, (at += rng.between(10, 120) * MINUTE)));
    }
    ticket.resolvedAt = at;
    ticket.status = rng.chance(0.3) ? 'closed' : 'resolved';
    if (ticket.status === 'resolved' && rng.chance(0.75)) ticket.satisfaction = weighted(rng, [1, 2, 3, 4, 5], (s) => [0.04, 0.06, 0.15, 0.35, 0.4][s - 1]!);
  }
  return tickets;
}

type FunnelDay = { day: string; visit: number; catalogue_view: number; box_view: number; basket_add: number; checkout_started: number; payment_started: number; purchase: number; purchaseAmount: number; redemption: number; redemptionAmount: number };

/**
 * The funnel's daily figures (analytics_daily `event:*`, what the tracking counts) up to yesterday: the
 * purchases are the history's buyers of the day, each step above scaled up from the one below.
 */
function planFunnel(rng: Rng, now: number, vouchers: VoucherPlan[]): FunnelDay[] {
  const today = algiersDay(new Date(now));
  const first = algiersDay(new Date(now - HISTORY_DAYS * DAY));
  const buyers = new Map<string, Set<string>>();
  const paid = new Map<string, number>();
  const redeemed = new Map<string, { n: number; amount: number }>();
  for (const v of vouchers) {
    const day = algiersDay(new Date(v.boughtAt));
    if (!buyers.has(day)) buyers.set(day, new Set());
    buyers.get(day)!.add(v.customer.id);
    paid.set(day, (paid.get(day) ?? 0) + v.box.price);
    if (v.redeemed) {
      const rd = algiersDay(new Date(v.redeemed.at));
      const r = redeemed.get(rd) ?? { n: 0, amount: 0 };
      redeemed.set(rd, { n: r.n + 1, amount: r.amount + v.box.price });
    }
  }
  const days: FunnelDay[] = [];
  for (let day = first; day < today; day = addDays(day, 1)) {
    const purchase = buyers.get(day)?.size ?? 0;
    const payment = purchase + Math.round(purchase * rng.between(0.08, 0.3)) + rng.int(2);
    const checkout = payment + Math.round(payment * rng.between(0.25, 0.6)) + rng.int(3);
    const box = checkout + Math.round(checkout * rng.between(3, 5)) + 5 + rng.int(10);
    // Issue 34: the « Panier » step (docs/product/basket.md §10), between the box views and the checkouts; drawn
    // without the generator so that the rest of the history stays as it was.
    const basket = checkout + Math.round((box - checkout) * (0.2 + ((purchase * 7 + box) % 10) / 100));
    const catalogue = box + Math.round(box * rng.between(0.2, 0.45));
    const visit = catalogue + Math.round(catalogue * rng.between(0.4, 0.8));
    days.push({
      day,
      visit,
      catalogue_view: catalogue,
      box_view: box,
      basket_add: basket,
      checkout_started: checkout,
      payment_started: payment,
      purchase,
      purchaseAmount: paid.get(day) ?? 0,
      redemption: redeemed.get(day)?.n ?? 0,
      redemptionAmount: redeemed.get(day)?.amount ?? 0,
    });
  }
  return days;
}

/** Many rows as one parameter (a JSON array read with jsonb_to_recordset), one INSERT … SELECT per table. */
async function insertRows(tx: Tx, table: string, columns: Record<string, string>, rows: Record<string, unknown>[], suffix = ''): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const list = sql.raw(names.join(', '));
  const types = sql.raw(names.map((n) => `${n} ${columns[n]}`).join(', '));
  await tx.execute(
    sql`${sql.raw(`insert into ${table}`)} (${list}) select ${list} from jsonb_to_recordset((${JSON.stringify(rows)}::text)::jsonb) as x(${types}) ${sql.raw(suffix)}`,
  );
}

async function writeHistory(tx: Tx, plan: Plan): Promise<void> {
  const { customers, vouchers, ledger, tickets, disputes, funnel, staff } = plan;

  await insertRows(
    tx,
    'users',
    { id: 'uuid', email: 'text', password_hash: 'text', first_name: 'text', last_name: 'text', phone: 'text', locale: 'text', role: 'text', status: 'text', created_at: 'timestamptz', updated_at: 'timestamptz' },
    customers.map((c) => ({
      id: c.id,
      email: c.email,
      password_hash: HISTORY_PASSWORD_HASH,
      first_name: c.firstName,
      last_name: c.lastName,
      phone: c.phone,
      locale: c.locale,
      role: 'customer',
      status: 'active',
      created_at: iso(c.createdAt),
      updated_at: iso(c.createdAt),
    })),
  );

  const refundedAt = (v: VoucherPlan) => (v.cancelledBy === 'purchaser' ? v.endedAt : null);
  const nameOf = (c: Customer) => `${c.firstName} ${c.lastName}`;
  await insertRows(
    tx,
    'orders',
    {
      id: 'uuid', kind: 'text', purchaser_id: 'uuid', box_id: 'uuid', amount: 'integer', status: 'text', recipient_name: 'text', recipient_email: 'text',
      recipient_locale: 'text', sender_name: 'text', personal_message: 'text', payment_method: 'text', paid_at: 'timestamptz', refunded_at: 'timestamptz',
      created_at: 'timestamptz', updated_at: 'timestamptz',
    },
    vouchers.map((v) => ({
      id: v.orderId,
      kind: 'purchase',
      purchaser_id: v.customer.id,
      box_id: v.box.id,
      amount: v.box.price,
      status: refundedAt(v) ? 'refunded' : 'fulfilled',
      recipient_name: v.gift?.name ?? nameOf(v.customer),
      recipient_email: v.gift?.email ?? v.customer.email,
      recipient_locale: v.gift ? 'fr' : v.customer.locale,
      sender_name: nameOf(v.customer),
      personal_message: v.gift?.message ?? null,
      payment_method: v.method,
      paid_at: iso(v.boughtAt),
      refunded_at: refundedAt(v) ? iso(refundedAt(v)!) : null,
      created_at: iso(v.boughtAt - 3 * MINUTE),
      updated_at: iso(refundedAt(v) ?? v.deliveredAt),
    })),
  );
  await insertRows(
    tx,
    'payments',
    { id: 'uuid', order_id: 'uuid', provider: 'text', provider_checkout_id: 'text', status: 'text', amount: 'integer', method: 'text', raw: 'jsonb', created_at: 'timestamptz', updated_at: 'timestamptz' },
    vouchers.map((v, i) => ({
      id: seedId('hist_payment', String(i + 1)),
      order_id: v.orderId,
      provider: 'sandbox',
      provider_checkout_id: `seed-history-${v.orderId}`,
      status: 'paid',
      amount: v.box.price,
      method: v.method,
      raw: { seed: 'history' },
      created_at: iso(v.boughtAt - 3 * MINUTE),
      updated_at: iso(v.boughtAt),
    })),
  );

  const settledAt = new Map<string, { at: number; reference: string }>();
  for (const p of ledger) if (p.paidAt) for (const v of p.vouchers) settledAt.set(v.id, { at: p.paidAt, reference: p.reference });
  await insertRows(
    tx,
    'vouchers',
    {
      id: 'uuid', code: 'text', box_id: 'uuid', order_id: 'uuid', purchaser_id: 'uuid', holder_user_id: 'uuid', recipient_email: 'text', recipient_name: 'text',
      recipient_locale: 'text', sender_name: 'text', personal_message: 'text', status: 'text', face_value: 'integer', delivered_at: 'timestamptz',
      expires_at: 'timestamptz', selected_offer_id: 'uuid', redeemed_at: 'timestamptz', redeemed_partner_id: 'uuid', created_at: 'timestamptz', updated_at: 'timestamptz',
    },
    vouchers.map((v) => ({
      id: v.id,
      code: v.code,
      box_id: v.box.id,
      order_id: v.orderId,
      purchaser_id: v.customer.id,
      holder_user_id: v.gift ? null : v.customer.id,
      recipient_email: v.gift?.email ?? v.customer.email,
      recipient_name: v.gift?.name ?? nameOf(v.customer),
      recipient_locale: v.gift ? 'fr' : v.customer.locale,
      sender_name: nameOf(v.customer),
      personal_message: v.gift?.message ?? null,
      status: v.status,
      face_value: v.box.price,
      delivered_at: iso(v.deliveredAt),
      expires_at: iso(v.expiresAt),
      selected_offer_id: v.redeemed?.offer.id ?? null,
      redeemed_at: v.redeemed ? iso(v.redeemed.at) : null,
      redeemed_partner_id: v.redeemed?.offer.partnerId ?? null,
      created_at: iso(v.boughtAt),
      updated_at: iso(settledAt.get(v.id)?.at ?? v.endedAt ?? v.deliveredAt),
    })),
  );

  // Every transition of every voucher, as the state machine writes them.
  const events: Record<string, unknown>[] = [];
  for (const v of vouchers) {
    const event = (k: number, from: string | null, to: string, role: string, reason: string, at: number, actor: string | null = null) =>
      events.push({ id: seedId('hist_voucher_event', `${v.id}|${k}`), voucher_id: v.id, from_status: from, to_status: to, actor_user_id: actor, actor_role: role, reason, created_at: iso(at) });
    event(0, null, 'ISSUED', 'system', 'Paiement confirmé', v.boughtAt);
    event(1, 'ISSUED', 'DELIVERED', 'system', 'E-mail accepté par le serveur de messagerie', v.deliveredAt);
    if (v.redeemed) event(2, 'DELIVERED', 'REDEEMED', 'partner', `Scan par ${v.redeemed.offer.partnerName} : ${v.redeemed.offer.title}`, v.redeemed.at);
    const settled = settledAt.get(v.id);
    if (settled) event(3, 'REDEEMED', 'SETTLED', 'finance', `Règlement ${settled.reference} payé`, settled.at, staff.financeId);
    if (v.status === 'EXPIRED') event(2, 'DELIVERED', 'EXPIRED', 'system', 'Date de validité dépassée', v.endedAt!);
    if (v.cancelledBy === 'purchaser') event(2, 'DELIVERED', 'CANCELLED', 'purchaser', 'Remboursement demandé par l’acheteur (14 jours)', v.endedAt!, v.customer.id);
  }
  for (const d of disputes) {
    if (d.resolution !== 'refund') continue;
    events.push({
      id: seedId('hist_voucher_event', `${d.voucher.id}|dispute`),
      voucher_id: d.voucher.id,
      from_status: 'DELIVERED',
      to_status: 'CANCELLED',
      actor_user_id: staff.supportId,
      actor_role: 'dispute',
      reason: `Litige résolu : remboursement (${d.notes})`,
      created_at: iso(d.resolvedAt!),
    });
  }
  await insertRows(
    tx,
    'voucher_events',
    { id: 'uuid', voucher_id: 'uuid', from_status: 'text', to_status: 'text', actor_user_id: 'uuid', actor_role: 'text', reason: 'text', created_at: 'timestamptz' },
    events,
  );

  await insertRows(
    tx,
    'payouts',
    {
      id: 'uuid', partner_id: 'uuid', status: 'text', gross_amount: 'integer', commission_amount: 'integer', fees_amount: 'integer', net_amount: 'integer',
      transaction_count: 'integer', payment_method: 'text', iban: 'text', reference: 'text', requested_at: 'timestamptz', processed_at: 'timestamptz',
      paid_at: 'timestamptz', period_from: 'date', period_to: 'date', created_at: 'timestamptz',
    },
    ledger.map((p) => {
      const money = p.vouchers.map((v) => ({ gross: v.redeemed!.offer.faceValue, ...commissionOf(v.redeemed!.offer.faceValue, v.redeemed!.offer.commissionBp) }));
      return {
        id: p.id,
        partner_id: p.partnerId,
        status: p.status,
        gross_amount: money.reduce((s, m) => s + m.gross, 0),
        commission_amount: money.reduce((s, m) => s + m.commission, 0),
        fees_amount: 0,
        net_amount: money.reduce((s, m) => s + m.net, 0),
        transaction_count: p.vouchers.length,
        payment_method: 'bank_transfer',
        iban: null,
        reference: p.reference,
        requested_at: iso(p.requestedAt),
        processed_at: iso(p.processedAt),
        paid_at: p.paidAt ? iso(p.paidAt) : null,
        period_from: algiersDay(new Date(p.vouchers[0]!.redeemed!.at)),
        period_to: algiersDay(new Date(p.vouchers.at(-1)!.redeemed!.at)),
        created_at: iso(p.requestedAt),
      };
    }),
  );
  // The partner's IBAN at the time of the request, as requestPayout copies it.
  await tx.execute(sql`update payouts p set iban = pa.iban from partners pa where pa.id = p.partner_id and p.iban is null and p.id in (
    select (x->>0)::uuid from jsonb_array_elements((${JSON.stringify(ledger.map((p) => [p.id]))}::text)::jsonb) x)`);

  const payoutOf = new Map<string, PayoutPlan>();
  for (const p of ledger) for (const v of p.vouchers) payoutOf.set(v.id, p);
  await insertRows(
    tx,
    'partner_transactions',
    {
      id: 'uuid', partner_id: 'uuid', voucher_id: 'uuid', offer_id: 'uuid', gross_amount: 'integer', commission_bp: 'integer', commission_amount: 'integer',
      net_amount: 'integer', status: 'text', payout_id: 'uuid', settled_at: 'timestamptz', created_at: 'timestamptz',
    },
    vouchers
      .filter((v) => v.redeemed)
      .map((v) => {
        const offer = v.redeemed!.offer;
        const { commission, net } = commissionOf(offer.faceValue, offer.commissionBp);
        const payout = payoutOf.get(v.id);
        return {
          id: seedId('hist_transaction', v.id),
          partner_id: offer.partnerId,
          voucher_id: v.id,
          offer_id: offer.id,
          gross_amount: offer.faceValue,
          commission_bp: offer.commissionBp,
          commission_amount: commission,
          net_amount: net,
          status: payout?.paidAt ? 'settled' : 'validated',
          payout_id: payout?.id ?? null,
          settled_at: payout?.paidAt ? iso(payout.paidAt) : null,
          created_at: iso(v.redeemed!.at),
        };
      }),
  );

  // Refunds: the purchasers' (14 days) and the dispute's, paid by finance two days later when that is past.
  const refundRows: Record<string, unknown>[] = [];
  const refundRow = (v: VoucherPlan, askedAt: number, fields: Record<string, unknown>) => {
    const processed = askedAt + 2 * DAY < plan.now && staff.financeId;
    refundRows.push({
      id: seedId('hist_refund', v.id),
      order_id: v.orderId,
      voucher_id: v.id,
      amount: v.box.price,
      status: processed ? 'paid' : 'pending',
      processed_at: processed ? iso(askedAt + 2 * DAY) : null,
      processed_by: processed ? staff.financeId : null,
      reference: processed ? `RMB-${v.method.toUpperCase()}-${v.code.slice(4, 8)}` : null,
      created_at: iso(askedAt),
      ...fields,
    });
  };
  for (const v of vouchers) {
    if (v.cancelledBy !== 'purchaser') continue;
    refundRow(v, v.endedAt!, { reason: 'Coffret non utilisé, remboursement sous 14 jours', reason_code: 'unused_box', reason_params: null, requested_by: v.customer.id });
  }
  const titleOf = (d: DisputePlan) => `${DISPUTE_TYPE_LABELS[d.type]} — ${d.voucher.box.name}`;
  for (const d of disputes) {
    if (d.resolution !== 'refund') continue;
    refundRow(d.voucher, d.resolvedAt!, {
      reason: `Litige : ${titleOf(d)}`,
      reason_code: 'dispute',
      reason_params: { type: d.type, title: titleOf(d), boxName: d.voucher.box.name, ...(d.voucher.box.nameAr ? { boxNameAr: d.voucher.box.nameAr } : {}) },
      requested_by: staff.supportId,
    });
  }
  await insertRows(
    tx,
    'refunds',
    {
      id: 'uuid', order_id: 'uuid', voucher_id: 'uuid', amount: 'integer', reason: 'text', reason_code: 'text', reason_params: 'jsonb', status: 'text',
      requested_by: 'uuid', processed_at: 'timestamptz', processed_by: 'uuid', reference: 'text', created_at: 'timestamptz',
    },
    refundRows,
  );

  await insertRows(
    tx,
    'support_tickets',
    {
      id: 'uuid', user_id: 'uuid', title: 'text', description: 'text', category: 'text', priority: 'text', status: 'text', assigned_to: 'uuid', satisfaction: 'integer',
      first_response_at: 'timestamptz', resolved_at: 'timestamptz', created_at: 'timestamptz', updated_at: 'timestamptz',
    },
    tickets.map((t) => ({
      id: t.id,
      user_id: t.customer.id,
      title: t.template.title,
      description: t.template.description,
      category: t.template.category,
      priority: t.priority,
      status: t.status,
      // Still open: in the queue, nobody has taken them yet.
      assigned_to: t.status === 'open' ? null : staff.supportId,
      satisfaction: t.satisfaction,
      first_response_at: t.firstResponseAt ? iso(t.firstResponseAt) : null,
      resolved_at: t.resolvedAt ? iso(t.resolvedAt) : null,
      created_at: iso(t.createdAt),
      updated_at: iso(t.messages.at(-1)?.at ?? t.createdAt),
    })),
  );
  await insertRows(
    tx,
    'ticket_messages',
    { id: 'uuid', ticket_id: 'uuid', author_id: 'uuid', author_kind: 'text', body: 'text', internal: 'boolean', created_at: 'timestamptz' },
    tickets.flatMap((t) =>
      t.messages.map((m) => ({
        id: m.id,
        ticket_id: t.id,
        author_id: m.author === 'support' ? staff.supportId : t.customer.id,
        author_kind: m.author,
        body: m.body,
        internal: m.internal,
        created_at: iso(m.at),
      })),
    ),
  );

  await insertRows(
    tx,
    'disputes',
    {
      id: 'uuid', type: 'text', title: 'text', description: 'text', amount: 'integer', status: 'text', priority: 'text', customer_id: 'uuid', partner_id: 'uuid',
      voucher_id: 'uuid', resolution_type: 'text', resolution_amount: 'integer', resolution_notes: 'text', resolved_by: 'uuid', resolved_at: 'timestamptz',
      created_at: 'timestamptz', updated_at: 'timestamptz',
    },
    disputes.map((d) => {
      const updatedAt = d.resolvedAt ?? (d.status === 'open' ? d.createdAt : d.createdAt + DAY);
      return {
        id: d.id,
        type: d.type,
        title: titleOf(d),
        description: d.description,
        amount: d.voucher.box.price,
        status: d.status,
        priority: d.type === 'partner_refuse' ? 'high' : 'medium',
        customer_id: d.voucher.customer.id,
        partner_id: d.partnerId,
        voucher_id: d.voucher.id,
        resolution_type: d.resolution,
        resolution_amount: d.resolution === 'refund' ? d.voucher.box.price : null,
        resolution_notes: d.resolution ? d.notes : null,
        resolved_by: d.resolution ? staff.supportId : null,
        resolved_at: d.resolvedAt ? iso(d.resolvedAt) : null,
        created_at: iso(d.createdAt),
        updated_at: iso(updatedAt),
      };
    }),
  );
  await insertRows(
    tx,
    'dispute_events',
    { id: 'uuid', dispute_id: 'uuid', action: 'text', actor_id: 'uuid', notes: 'text', created_at: 'timestamptz' },
    disputes.flatMap((d) => {
      const rows = [{ id: seedId('hist_dispute_event', `${d.id}|opened`), dispute_id: d.id, action: 'opened', actor_id: d.voucher.customer.id, notes: d.description, created_at: iso(d.createdAt) }];
      if (d.status === 'investigating') {
        rows.push({ id: seedId('hist_dispute_event', `${d.id}|assigned`), dispute_id: d.id, action: 'assigned', actor_id: staff.supportId!, notes: 'Pièces demandées au partenaire.', created_at: iso(d.createdAt + DAY) });
      }
      if (d.partnerAnswer) {
        rows.push({ id: seedId('hist_dispute_event', `${d.id}|partner`), dispute_id: d.id, action: 'partner_response', actor_id: null as unknown as string, notes: d.partnerAnswer, created_at: iso(d.createdAt + DAY) });
      }
      if (d.resolution && d.resolvedAt) {
        rows.push({ id: seedId('hist_dispute_event', `${d.id}|resolved`), dispute_id: d.id, action: 'resolved', actor_id: staff.supportId!, notes: `${d.resolution} — ${d.notes}`, created_at: iso(d.resolvedAt) });
      }
      return rows;
    }),
  );

  // The funnel's days, added to whatever the tracking already counted on them.
  const steps = ['visit', 'catalogue_view', 'box_view', 'basket_add', 'checkout_started', 'payment_started', 'purchase', 'redemption'] as const;
  await insertRows(
    tx,
    'analytics_daily',
    { day: 'date', metric: 'text', product_line: 'text', count: 'integer', amount: 'bigint' },
    funnel.flatMap((f) =>
      steps
        .map((s) => ({
          day: f.day,
          metric: `event:${s}`,
          product_line: '',
          count: f[s],
          amount: s === 'purchase' ? f.purchaseAmount : s === 'redemption' ? f.redemptionAmount : 0,
        }))
        .filter((r) => r.count > 0),
    ),
    'on conflict (day, metric, product_line) do update set count = analytics_daily.count + excluded.count, amount = analytics_daily.amount + excluded.amount',
  );
}
