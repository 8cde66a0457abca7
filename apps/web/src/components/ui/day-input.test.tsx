import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAllArabic, setRenderLocale } from '@/lib/i18n';
import { DayInput } from './day-input';

// Issue 34: the native date field writes a day in the browser's language; the page reads it out in its own.
afterAll(() => setRenderLocale('fr'));

describe('a day picked in the native date field', () => {
  it('is read out in French on a French page', async () => {
    await setRenderLocale('fr');
    const html = renderToString(<DayInput value="2026-12-05" onChange={() => {}} aria-describedby="hint" />);
    expect(html).toContain('type="date"');
    expect(html).toContain('samedi 5 décembre 2026');
    expect(html).toMatch(/aria-describedby="hint [^"]+"/);
  });

  it('is read out in Arabic on an Arabic page', async () => {
    await loadAllArabic();
    await setRenderLocale('ar');
    const html = renderToString(<DayInput defaultValue="2026-12-05" />);
    expect(html).toContain('ديسمبر');
    expect(html).toContain('السبت');
  });

  it('says nothing while no day is chosen', async () => {
    await setRenderLocale('fr');
    expect(renderToString(<DayInput value="" onChange={() => {}} />)).not.toContain('day-reading');
  });
});
