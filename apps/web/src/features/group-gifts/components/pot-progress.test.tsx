import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { setRenderLocale } from '@/lib/i18n';
import { PotProgress } from './pot-progress';

const pot = { targetAmount: 12_000, collected: 4_500, remaining: 7_500, status: 'open' as const, contributorCount: 3, daysLeft: 5 };
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/[\s\u00a0\u202f]+/g, ' ');

afterAll(() => setRenderLocale('fr'));

describe('a pot’s progress', () => {
  it('says what is collected, what is still needed, the contributors and the days left, in French and Arabic', async () => {
    await setRenderLocale('fr');
    const fr = text(renderToString(<PotProgress pot={pot} />));
    expect(fr).toContain('4 500 DA réunis');
    expect(fr).toContain('sur 12 000 DA');
    expect(fr).toContain('Il manque 7 500 DA');
    expect(fr).toContain('3 participants');
    expect(fr).toContain('5 jours restants');
    await setRenderLocale('ar');
    const ar = text(renderToString(<PotProgress pot={pot} />));
    expect(ar).toContain('جُمع 4 500 دج');
    expect(ar).toContain('يبقى 7 500 دج');
    expect(ar).toContain('3 مساهمين');
    expect(ar).toContain('تبقى 5 أيام');
  });

  it('says the target is reached, the last day, and a cancelled pot’s status rather than what it lacks', async () => {
    await setRenderLocale('fr');
    expect(text(renderToString(<PotProgress pot={{ ...pot, collected: 12_000, remaining: 0, status: 'issued' }} />))).toContain('Objectif atteint !');
    expect(text(renderToString(<PotProgress pot={{ ...pot, daysLeft: 0 }} />))).toContain('Dernier jour pour participer');
    const cancelled = text(renderToString(<PotProgress pot={{ ...pot, status: 'cancelled' }} />));
    expect(cancelled).toContain('Annulée');
    expect(cancelled).not.toContain('Il manque');
    const html = renderToString(<PotProgress pot={pot} />);
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="37"/);
  });
});
