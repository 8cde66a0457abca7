// Issue 34, the basket's leftovers: the customer area's header shows the basket with its count; a line's message
// typed just before the tab closes is saved (the 600 ms save is not lost); a visitor's basket kept in this
// browser shows today's price of a box, and says it changed; the chosen delivery day is read out in Arabic.
import { inject } from 'vitest';
import { describe, expect, test } from 'vitest';
import { registerCustomerViaApi } from './support/auth.ts';
import { readIn, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';

const session = useBrowser();
const origin = () => ({ origin: new URL(inject('baseURL')).origin });

/** The next 6 March after today (always within the year a delivery day may be chosen in), as YYYY-MM-DD. */
function nextSixthOfMarch(): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Algiers' });
  const year = Number(today.slice(0, 4));
  return today < `${year}-03-06` ? `${year}-03-06` : `${year + 1}-03-06`;
}

type Basket = { count: number; lines: { id: string; personalMessage: string | null; box: { id: string; price: number } }[] };
type Boxes = { boxes: { id: string; name: string; nameAr: string | null; price: number; category: string; imageUrl: string | null }[] };

describe('the basket’s leftovers', () => {
  test('a customer sees the basket in /client’s header, and a message typed as the tab closes is kept', async () => {
    const { page, context } = session;
    await registerCustomerViaApi(page);
    const { boxes } = (await (await page.request.get('/api/boxes')).json()) as Boxes;
    const added = await page.request.post('/api/client/basket/lines', { data: { boxId: boxes[0]!.id }, headers: origin() });
    expect(added.ok(), await added.text()).toBe(true);

    await page.goto('/client/dashboard');
    await expect.poll(() => page.getByTestId('header-basket-count').textContent(), { message: 'the count in /client’s header' }).toBe('1');

    await page.goto('/panier');
    const line = page.getByTestId('basket-line').first();
    await expectVisible(line, 'the basket’s line');
    // Typed, then the tab closed at once: well within the 600 ms before the save would have started.
    await line.locator('textarea[name="personalMessage"]').fill('Joyeux anniversaire, Nadia !');
    await page.close({ runBeforeUnload: true });

    const other = await context.newPage();
    await expect
      .poll(async () => ((await (await other.request.get('/api/client/basket')).json()) as Basket).lines[0]?.personalMessage ?? null, {
        timeout: 10_000,
        message: 'the message typed as the tab closed is saved',
      })
      .toBe('Joyeux anniversaire, Nadia !');
    await other.close();
  });

  test('a visitor’s basket shows today’s price of a box, says it changed, and reads the day out in Arabic', async () => {
    const { page, context } = session;
    await readIn(context, 'ar');
    const { boxes } = (await (await page.request.get('/api/boxes')).json()) as Boxes;
    const box = boxes[0]!;
    await page.goto('/catalog');
    // Added weeks ago, at another price, kept in this browser.
    const stale = {
      lines: [
        {
          id: 'line-stale',
          box: { id: box.id, slug: null, name: box.name, nameAr: box.nameAr, imageUrl: box.imageUrl, category: box.category, price: box.price + 1000, available: true },
          recipientName: null,
          recipientEmail: null,
          recipientLocale: null,
          recipientPhone: null,
          sendSms: false,
          senderName: null,
          personalMessage: null,
          deliverAt: nextSixthOfMarch(),
          createdAt: new Date().toISOString(),
        },
      ],
    };
    await page.evaluate((value) => localStorage.setItem('farha.basket', value), JSON.stringify(stale));
    await page.goto('/panier');
    await expectVisible(page.getByTestId('basket-line-price-changed'), 'the notice of the changed price');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('farha.basket') ?? '{}') as Basket);
    expect(stored.lines[0]!.box.price).toBe(box.price);
    // The native date field writes the day in the browser's way; the page reads it out in Arabic.
    await expect.poll(() => page.getByTestId('day-reading').first().textContent()).toContain('مارس');
  });
});
