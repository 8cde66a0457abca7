import { launchChromium } from '../support/chromium.ts';
async function main() {
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
await context.addInitScript(() => {
  (window as any).__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as any[]) (window as any).__shifts.push({ t: Math.round(e.startTime), v: e.value.toFixed(4), src: (e.sources || []).map((s: any) => `${s.node?.nodeName}.${(s.node?.className || '').toString().slice(0, 50)} ${JSON.stringify(s.previousRect)}→${JSON.stringify(s.currentRect)}`) });
  }).observe({ type: 'layout-shift', buffered: true });
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6 * 1024 * 1024 / 8, uploadThroughput: 750 * 1024 / 8 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.goto('http://localhost:3100/' + (process.argv[2] ?? 'catalog'), { waitUntil: 'networkidle' });
await page.waitForTimeout(2000);
console.log(JSON.stringify(await page.evaluate(() => (window as any).__shifts), null, 1));
await browser.close();
}
main();
