import type { TSupportOverview } from '@farha/contracts/support';
import { createInstance } from '@/lib/i18n-core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ListQuery } from '@/components/query-states';
import { DashboardCards } from './dashboard-cards';

// The support dashboard's cards rendered to HTML in French and in Arabic. The app's i18n needs a browser:
// the desk's bundles, as the feature registers them, are read here by a fresh instance (lib/i18n-core.ts).
type LooseT = (key: string, options?: Record<string, unknown>) => string;
const desk = vi.hoisted(() => ({ lng: 'fr' as 'fr' | 'ar', bundles: new Map<string, { fr: object; ar: object }>(), t: {} as Record<string, LooseT> }));
vi.mock('@/lib/translation', () => ({
  makeNamespaceHook: (ns: string, fr: object, ar: object) => {
    desk.bundles.set(ns, { fr, ar });
    return () => ({ locale: desk.lng, t: (key: string, options?: Record<string, unknown>) => desk.t[`${desk.lng}:${ns}`]!(key, options) });
  },
}));
// The server's reason, as the catalogue would word it.
vi.mock('@/lib/i18n', () => ({ bilingualMessage: (source: unknown) => (source instanceof Error ? source.message : '') }));

const i18n = createInstance();
await i18n.init({
  resources: Object.fromEntries((['fr', 'ar'] as const).map((lng) => [lng, Object.fromEntries([...desk.bundles].map(([ns, b]) => [ns, b[lng]]))])),
  lng: 'fr',

});
for (const lng of ['fr', 'ar'] as const) for (const ns of desk.bundles.keys()) desk.t[`${lng}:${ns}`] = (i18n.getFixedT as (l: string, n: string) => LooseT)(lng, ns);

const failed = (reason: string): ListQuery<TSupportOverview> & { error: unknown } => ({
  data: undefined,
  isPending: false,
  isError: true,
  error: new Error(reason),
  refetch: () => undefined,
});
const render = (lng: 'fr' | 'ar', overview: ListQuery<TSupportOverview> & { error: unknown }) => {
  desk.lng = lng;
  return renderToStaticMarkup(<DashboardCards overview={overview} />);
};
/** The figures the cards show (the big numbers), none when they are not there. */
const figures = (html: string) => [...html.matchAll(/text-2xl font-bold tabular-nums"[^>]*>([^<]*)</g)].map((m) => m[1]);

describe('the support dashboard when its overview cannot be loaded', () => {
  it('says so in French with a retry, and shows no count of 0', () => {
    const html = render('fr', failed('Le serveur ne répond pas.'));
    expect(html).toContain('role="alert"');
    expect(html).toContain('Impossible de charger le tableau de bord.');
    expect(html).toContain('Le serveur ne répond pas.');
    expect(html).toMatch(/<button[^>]*>Réessayer<\/button>/);
    expect(figures(html)).toEqual([]);
    expect(html).not.toMatch(/>0</);
    expect(html).not.toContain('Tickets ouverts');
    expect(html).not.toContain('Aucun ticket urgent');
  });

  it('says so in Arabic', () => {
    const html = render('ar', failed('الخادم لا يستجيب.'));
    expect(html).toContain('تعذّر تحميل لوحة التحكم.');
    expect(html).toContain('الخادم لا يستجيب.');
    expect(html).toMatch(/<button[^>]*>إعادة المحاولة<\/button>/);
    expect(figures(html)).toEqual([]);
    expect(html).not.toMatch(/>0</);
  });

  it('keeps the last figures when a refresh fails, and shows a true zero as 0', () => {
    const overview: TSupportOverview = {
      kpis: { open: 7, unassigned: 0, slaBreaches: 1, resolvedToday: 4, medianFirstResponseMinutes: 12 },
      myOpen: 2,
      urgent: [],
      recent: [],
      disputes: { open: 3, amountAtStake: 0 },
    };
    const html = render('fr', { ...failed('Le serveur ne répond pas.'), data: overview });
    expect(html).not.toContain('role="alert"');
    expect(figures(html).slice(0, 4)).toEqual(['7', '0', '2', '1']);
    expect(html).toContain('Aucun ticket urgent en attente.');
  });
});
