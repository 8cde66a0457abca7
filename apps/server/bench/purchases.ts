// Child process: a customer's browser buying boxes one after another, so that it does not share the
// server's event loop. Reads { base, cookie, boxId, count } on stdin. Each purchase: the order, the
// payment on the sandbox gateway's page (which sends the signed webhook), then the order is read until
// its voucher is DELIVERED — the mail server accepted the e-mail. Prints the order ids and latencies.
export {};

type Plan = { base: string; cookie: string; boxId: string; count: number };
type Order = { voucher: { status: string } | null };
const plan = JSON.parse(await new Response(process.stdin as unknown as ReadableStream).text()) as Plan;
const json = { 'content-type': 'application/json', cookie: plan.cookie, origin: plan.base };

const orderIds: string[] = [];
const latencies: number[] = [];
for (let i = 0; i < plan.count; i++) {
  const t0 = performance.now();
  const res = await fetch(`${plan.base}/api/orders`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      boxId: plan.boxId,
      recipientName: `Destinataire ${i}`,
      recipientEmail: `bench${i}@example.dz`,
      paymentMethod: 'cib',
      termsAccepted: true,
    }),
  });
  if (!res.ok) throw new Error(`POST /api/orders answered ${res.status}: ${await res.text()}`);
  const { orderId, checkoutUrl } = (await res.json()) as { orderId: string; checkoutUrl: string };
  const paid = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: plan.base },
    body: 'action=pay',
    redirect: 'manual',
  });
  await paid.arrayBuffer();
  for (;;) {
    const order = (await (await fetch(`${plan.base}/api/orders/${orderId}`, { headers: json })).json()) as Order;
    if (order.voucher?.status === 'DELIVERED') break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  latencies.push(performance.now() - t0);
  orderIds.push(orderId);
}
process.stdout.write(JSON.stringify({ orderIds, latencies }));
