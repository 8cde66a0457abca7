import type { TGoodwillGiftCardList } from '@farha/contracts/support';
import { createInstance } from '@/lib/i18n-core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { GoodwillGiftCards } from './goodwill-gift-cards';

// Issue 35 (docs/product/gift-cards.md §9): a ticket's goodwill gift cards, rendered to HTML in French and in Arabic.
type LooseT = (key: string, options?: Record<string, unknown>) => string;
const desk = vi.hoisted(() => ({ lng: 'fr' as 'fr' | 'ar', bundles: new Map<string, { fr: object; ar: object }>(), t: {} as Record<string, LooseT>, list: undefined as unknown }));
vi.mock('@/lib/translation', () => ({
  makeNamespaceHook: (ns: string, fr: object, ar: object) => {
    desk.bundles.set(ns, { fr, ar });
    return () => ({ locale: desk.lng, t: (key: string, options?: Record<string, unknown>) => desk.t[`${desk.lng}:${ns}`]!(key, options) });
  },
}));
vi.mock('../i18n', () => ({ deskMessage: (source: unknown) => String(source) }));
vi.mock('@/lib/toast', () => ({ toast: { success: () => undefined, error: () => undefined } }));
vi.mock('../api/goodwill', () => ({
  useGoodwillGiftCards: () => ({ data: desk.list }),
  useIssueGoodwillGiftCard: () => ({ mutate: () => undefined, isPending: false }),
}));

const i18n = createInstance();
await i18n.init({
  resources: Object.fromEntries((['fr', 'ar'] as const).map((lng) => [lng, Object.fromEntries([...desk.bundles].map(([ns, b]) => [ns, b[lng]]))])),
  lng: 'fr',
});
for (const lng of ['fr', 'ar'] as const) for (const ns of desk.bundles.keys()) desk.t[`${lng}:${ns}`] = (i18n.getFixedT as (l: string, n: string) => LooseT)(lng, ns);

const list: TGoodwillGiftCardList = {
  giftCards: [
    {
      id: 'c1',
      code: 'CC-AAAA-BBBB-CCCC',
      amount: 5000,
      balance: 3000,
      status: 'active',
      recipientName: 'Amina B.',
      recipientEmail: 'amina@example.dz',
      reason: 'Retard de livraison',
      issuedBy: 'Sara Support',
      ticketId: 't1',
      disputeId: null,
      lastValidDay: '2027-11-28',
      createdAt: '2026-11-29T10:00:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
  maxAmount: 20_000,
};
const render = (lng: 'fr' | 'ar', data: TGoodwillGiftCardList) => {
  desk.lng = lng;
  desk.list = data;
  return renderToStaticMarkup(<GoodwillGiftCards of={{ kind: 'tickets', id: 't1' }} customerEmail="amina@example.dz" />).replace(/[\u00a0\u202f]/g, ' ');
};

describe('the goodwill gift cards of a ticket', () => {
  it('lists each card with its code, amount, balance, reason and agent, and offers another, in French', () => {
    const html = render('fr', list);
    expect(html).toContain('Cartes cadeaux offertes');
    expect(html).toContain('CC-AAAA-BBBB-CCCC');
    expect(html).toContain('5 000 DA');
    expect(html).toContain('solde 3 000 DA');
    expect(html).toContain('Retard de livraison');
    expect(html).toContain('par Sara Support');
    expect(html).toContain('valable jusqu’au 28 novembre 2027');
    expect(html).toContain('Offrir une carte cadeau');
  });

  it('says none was given yet, in Arabic', () => {
    const html = render('ar', { ...list, giftCards: [], total: 0 });
    expect(html).toContain('بطاقات الهدايا الممنوحة');
    expect(html).toContain('لم تُمنح أي بطاقة هدية بعد.');
    expect(html).toContain('منح بطاقة هدية');
    expect(html).not.toContain('CC-');
  });
});
