// Partner portal (issue 5): the demo partner scans the demo customer's voucher by hand on a phone and
// prints the receipt; the same code again fails with the spec's message; the second partner is refused.
import { describe, expect, test } from 'vitest';
import { loginAs } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { saveScreenshot } from './support/screenshots.ts';

const session = useBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function demoVoucherCode(): Promise<string> {
  const context = await session.newContext();
  const page = await context.newPage();
  await loginAs(page, 'client');
  const res = await page.request.get('/api/client/vouchers');
  const body = (await res.json()) as { vouchers: { code: string; status: string; box: { name: string } }[] };
  const voucher = body.vouchers.find((v) => v.status === 'DELIVERED' && v.box.name === 'Rituel Bien-être');
  if (!voucher) throw new Error('the demo voucher is not there');
  return voucher.code;
}

async function scan(code: string) {
  const { page } = session;
  await page.goto('/partenaire/scanner?mode=manual');
  await page.getByTestId('scan-code-input').fill(code);
  await page.getByTestId('scan-submit').click();
}

describe('scanning at the counter', () => {
  test('second partner refused; first partner redeems (typed any case) and prints; a second scan fails', async () => {
    const code = await demoVoucherCode();
    const { page } = session;

    await loginAs(page, 'partenaire2');
    await scan(code);
    await expectVisible(page.getByTestId('scan-failure'), 'the failure card');
    expect(await page.getByTestId('scan-error').textContent()).toContain('Partenaire non autorisé pour ce coffret');

    await page.context().clearCookies();
    await loginAs(page, 'partenaire');
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await scan(code.toLowerCase().replace(/-/g, ' '));
    await expectVisible(page.getByTestId('scan-success'), 'the success card');
    expect(await page.getByTestId('scan-code').textContent()).toContain(code);
    await saveScreenshot(page, 'partner-scan-success-phone');
    await page.evaluate(() => {
      window.print = () => {
        (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
      };
    });
    await page.getByTestId('print-receipt').click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(await page.getByTestId('receipt').textContent()).toContain(code);

    await scan(code);
    await expectVisible(page.getByTestId('scan-failure'), 'the failure card');
    expect(await page.getByTestId('scan-error').textContent()).toContain('Voucher déjà utilisé ou non valide');
    await saveScreenshot(page, 'partner-scan-failure-phone');
  });
});
