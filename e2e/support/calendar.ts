import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { UI_TIMEOUT_MS } from './browser.ts';

/**
 * Picks `day` (YYYY-MM-DD) in the reservation dialog's calendar (docs/product/reservations.md §4): turns
 * the months until the day shows, checks it is open, clicks it and sees it chosen.
 */
export async function pickCalendarDay(dialog: Locator, day: string): Promise<void> {
  const calendar = dialog.getByTestId('reservation-calendar');
  await calendar.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  for (let turns = 0; (await calendar.getAttribute('data-month')) !== day.slice(0, 7); turns++) {
    expect(turns, `the calendar should reach ${day.slice(0, 7)}`).toBeLessThan(8);
    await calendar.getByTestId('calendar-next').click();
  }
  const button = calendar.locator(`[data-day="${day}"]`);
  // The month's open days arrive from the server: wait for this one's.
  await expect.poll(() => button.getAttribute('data-status'), { timeout: UI_TIMEOUT_MS }).toBe('open');
  await button.click();
  await expect.poll(() => button.locator('xpath=..').getAttribute('aria-selected')).toBe('true');
}
