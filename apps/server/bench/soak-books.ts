/**
 * The soak's books (issue 39), read once the load has stopped and the outboxes had time to drain: what was
 * paid against what was issued, what was due to be sent against what was sent, counted in the database and,
 * for e-mails and texts, in the files the instances wrote (the default mail and text providers write one
 * file per message sent: a message sent twice leaves a file the outbox does not know).
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export type Books = {
  drainedSeconds: number;
  orders: { paid: number; paidWithoutVoucher: number; vouchers: number; ordersWithTwoVouchers: number; vouchersWithoutPaidOrder: number; pending: number; pendingPaidAtGateway: number };
  emails: { byStatus: Record<string, number>; due: number; retried: number; files: number; filesUnknown: number; messageIdsTwice: number };
  texts: { byStatus: Record<string, number>; due: number; files: number; filesUnknown: number };
  payouts: { made: number; samePeriodTwice: number; partnersWithTwoWaiting: number };
  rollup: { keysTwice: number; todayRollup: number; todayRaw: number };
};

const OUTBOX_DRAIN_MS = 60_000;

export async function readBooks(databaseUrl: string, dataDir: string, since: Date): Promise<Books> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const one = async <T>(text: string, values: unknown[] = [since]) => (await client.query(text, values)).rows[0] as T;
  const all = async <T>(text: string, values: unknown[] = [since]) => (await client.query(text, values)).rows as T[];
  try {
    // The outboxes are drained first: what is due now should be sent before it is counted.
    const t0 = Date.now();
    for (;;) {
      const { n } = await one<{ n: number }>(
        // (A row a killed instance left `sending` waits for its lock to be 5 minutes old: not waited for.)
        `select (select count(*) from email_outbox where created_at >= $1 and ((status = 'sending' and locked_at > now() - interval '30 seconds') or (status = 'pending' and next_attempt_at <= now())))
              + (select count(*) from sms_outbox where created_at >= $1 and ((status = 'sending' and locked_at > now() - interval '30 seconds') or (status = 'queued' and next_attempt_at <= now())))::int as n`,
      );
      if (Number(n) === 0 || Date.now() - t0 > OUTBOX_DRAIN_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const drainedSeconds = (Date.now() - t0) / 1000;

    const orders = await one<Record<keyof Books['orders'], string>>(`
      with soak as (select * from orders where created_at >= $1 and kind = 'purchase')
      select
        (select count(*) from soak where status in ('paid', 'fulfilled')) as "paid",
        (select count(*) from soak o where status in ('paid', 'fulfilled') and not exists (select 1 from vouchers v where v.order_id = o.id)) as "paidWithoutVoucher",
        (select count(*) from vouchers v join soak o on o.id = v.order_id) as "vouchers",
        (select count(*) from (select v.order_id from vouchers v join soak o on o.id = v.order_id group by v.order_id having count(*) > 1) twice) as "ordersWithTwoVouchers",
        (select count(*) from vouchers v join soak o on o.id = v.order_id where o.status not in ('paid', 'fulfilled')) as "vouchersWithoutPaidOrder",
        (select count(*) from soak where status = 'pending') as "pending",
        (select count(*) from soak o join payments p on p.order_id = o.id join sandbox_checkouts s on s.id = p.provider_checkout_id
           where o.status = 'pending' and s.status = 'paid') as "pendingPaidAtGateway"`);


    const emailRows = await all<{ status: string; message_id: string | null; attempts: number; due: boolean }>(
      `select status, message_id, attempts, next_attempt_at <= now() as due from email_outbox where created_at >= $1`,
    );
    const mailFiles = filesSince(path.join(dataDir, 'mail'), since);
    const fileMessageIds = mailFiles.map((file) => /^Message-ID:\s*(\S+)/im.exec(fs.readFileSync(file, 'utf8').slice(0, 4_000))?.[1] ?? '');
    const knownIds = new Set(emailRows.map((r) => r.message_id).filter(Boolean));
    const emails: Books['emails'] = {
      byStatus: countBy(emailRows.map((r) => r.status)),
      due: emailRows.filter((r) => r.due && r.status !== 'failed').length,
      retried: emailRows.filter((r) => r.status === 'sent' && r.attempts > 1).length,
      files: mailFiles.length,
      filesUnknown: fileMessageIds.filter((id) => !knownIds.has(id)).length,
      messageIdsTwice: fileMessageIds.length - new Set(fileMessageIds).size,
    };

    const smsRows = await all<{ status: string; provider_id: string | null; due: boolean }>(
      `select status, provider_id, next_attempt_at <= now() as due from sms_outbox where created_at >= $1`,
    );
    const smsFiles = filesSince(path.join(dataDir, 'sms'), since);
    const knownSms = new Set(smsRows.map((r) => r.provider_id).filter(Boolean));
    const texts: Books['texts'] = {
      byStatus: countBy(smsRows.map((r) => r.status)),
      due: smsRows.filter((r) => r.due && r.status !== 'failed').length,
      files: smsFiles.length,
      filesUnknown: smsFiles.filter((file) => !knownSms.has(`file:${path.basename(file)}`)).length,
    };

    const payouts = await one<Record<keyof Books['payouts'], string>>(`
      select (select count(*) from payouts where created_at >= $1) as "made",
             (select count(*) from (select 1 from payouts where status <> 'failed' group by partner_id, period_from, period_to having count(*) > 1) twice) as "samePeriodTwice",
             (select count(*) from (select 1 from payouts where status in ('requested', 'processing') group by partner_id having count(*) > 1) twice) as "partnersWithTwoWaiting"`);

    // The rollup holds the days up to yesterday (rewritten every 10 minutes); today is read live from the raw tables.
    const rollup = await one<Record<keyof Books['rollup'], string>>(`
      select (select count(*) from (select 1 from analytics_daily group by day, metric, product_line having count(*) > 1) twice) as "keysTwice",
             (select coalesce(sum(count), 0) from analytics_daily where metric = 'vouchers' and day = ((now() at time zone 'UTC') + interval '1 hour')::date) as "todayRollup",
             (select count(*) from vouchers where ((created_at at time zone 'UTC') + interval '1 hour')::date = ((now() at time zone 'UTC') + interval '1 hour')::date) as "todayRaw"`,
      [],
    );

    return { drainedSeconds, orders: numbers(orders), emails, texts, payouts: numbers(payouts), rollup: numbers(rollup) };
  } finally {
    await client.end();
  }
}

function filesSince(dir: string, since: Date): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => path.join(dir, name))
    .filter((file) => fs.statSync(file).mtime >= since);
}

const countBy = (values: string[]) => values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});
const numbers = <K extends string>(row: Record<K, string>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<K, number>;

export function printBooks(b: Books, purchases: Record<string, number>): void {
  const verdict = (ok: boolean) => (ok ? 'ok' : 'DEFECT');
  console.log(`\n== The books (outboxes drained in ${b.drainedSeconds.toFixed(0)} s) ==`);
  const o = b.orders;
  console.log(`paid orders ${o.paid}, vouchers issued ${o.vouchers} (the buyers saw ${purchases.paid ?? 0} paid, ${purchases.withVoucher ?? 0} with their voucher)`);
  console.log(`  paid orders without a voucher: ${o.paidWithoutVoucher}   ${verdict(o.paidWithoutVoucher === 0)}`);
  console.log(`  orders with two vouchers or more: ${o.ordersWithTwoVouchers}   ${verdict(o.ordersWithTwoVouchers === 0)}`);
  console.log(`  vouchers of an order not paid: ${o.vouchersWithoutPaidOrder}   ${verdict(o.vouchersWithoutPaidOrder === 0)}`);
  console.log(`  orders still pending: ${o.pending}, of which paid at the gateway (the reconciliation fetches them after 5 min): ${o.pendingPaidAtGateway}`);
  const e = b.emails;
  const sent = e.byStatus.sent ?? 0;
  console.log(`e-mails: ${JSON.stringify(e.byStatus)}; due ${e.due}, sent ${sent}, files written ${e.files}; sent after a retry ${e.retried}`);
  const leftSending = e.byStatus.sending ?? 0;
  console.log(`  due and not sent: ${e.due - sent}, of which left \`sending\` by the killed instance (claimed again once its lock is 5 min old): ${leftSending}   ${verdict(e.due - sent - leftSending === 0)}`);
  console.log(`  files the outbox does not know (sent twice, or sent and not recorded): ${e.filesUnknown}   ${verdict(e.filesUnknown === 0 && e.files === sent)}`);
  console.log(`  Message-IDs in two files: ${e.messageIdsTwice}   ${verdict(e.messageIdsTwice === 0)} (a message sent again after its instance was killed keeps its Message-ID and its one file)`);
  const t = b.texts;
  const written = (t.byStatus.written ?? 0) + (t.byStatus.sent ?? 0) + (t.byStatus.delivered ?? 0);
  console.log(`texts: ${JSON.stringify(t.byStatus)}; due ${t.due}, sent ${written}, files written ${t.files}`);
  console.log(`  due and not sent: ${t.due - written}   ${verdict(t.due === written)}`);
  console.log(`  files the outbox does not know (sent twice, or sent and not recorded): ${t.filesUnknown}   ${verdict(t.filesUnknown === 0 && t.files === written)}`);
  const p = b.payouts;
  console.log(`payouts proposed during the soak: ${p.made}; same partner and period twice: ${p.samePeriodTwice}   ${verdict(p.samePeriodTwice === 0)}; partners with two waiting: ${p.partnersWithTwoWaiting}   ${verdict(p.partnersWithTwoWaiting === 0)}`);
  const r = b.rollup;
  console.log(`analytics rollup: (day, metric, line) rows twice: ${r.keysTwice}   ${verdict(r.keysTwice === 0)}; today's vouchers in the rollup ${r.todayRollup}   ${verdict(r.todayRollup === 0)} (today is read live: ${r.todayRaw} vouchers in the vouchers table)`);
}
