import type { TFaqEntry, TFaqList } from '@farha/contracts/support';
import type { UseMutationResult } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FaqApi, FaqTexts } from './faq';
import { FaqList } from './faq-list';

// The FAQ list of the public help centre and of the customer area, rendered to HTML: what the reader sees
// while the answers load, when they could not be loaded, when nothing matches, and the answers themselves.

const idle = { mutate: () => undefined, isPending: false } as unknown as UseMutationResult<never, Error, never>;
const api = { useView: () => idle, useVote: () => idle } as unknown as FaqApi;
const texts: FaqTexts = {
  t: (key, options) => (options?.count === undefined ? key : `${key}:${String(options.count)}`),
  category: (category) => `«${category}»`,
  message: () => '',
};
const labels = {
  categories: 'Catégories',
  allCategories: 'Toutes',
  loadError: 'Impossible de charger les questions.',
  retry: 'Réessayer',
  empty: 'Aucune réponse.',
  emptyHint: 'Essayez d’autres mots.',
};
const share = { url: (id: string) => `/support?faq=${id}`, label: 'Partager', copied: 'Copié', failed: 'Échec' };

const entry = (id: string, question: string, category: string): TFaqEntry => ({
  id,
  question,
  answer: `Réponse à ${question}`,
  category,
  views: 3,
  helpful: 0,
  notHelpful: 0,
  myVote: null,
});
const LIST: TFaqList = {
  entries: [entry('a', 'Puis-je être remboursé ?', 'remboursement'), entry('b', 'Où est ma commande ?', 'commande')],
  categories: [
    { category: 'remboursement', count: 2 },
    { category: 'commande', count: 5 },
  ],
};

type Query = { data: TFaqList | undefined; isPending: boolean; isError: boolean };
const render = (query: Query, extra: { category?: string; emptyAction?: string } = {}) =>
  renderToStaticMarkup(
    <FaqList
      faq={{ ...query, refetch: () => undefined }}
      category={extra.category ?? ''}
      onCategory={() => undefined}
      api={api}
      texts={texts}
      labels={labels}
      openId={null}
      share={share}
      emptyAction={extra.emptyAction && <button type="button">{extra.emptyAction}</button>}
    />,
  );

describe('the FAQ list', () => {
  it('shows placeholders while the first answers load, and nothing else', () => {
    const html = render({ data: undefined, isPending: true, isError: false });
    expect(html).toContain('data-testid="faq-loading"');
    expect(html).not.toContain('faq-list');
    expect(html).not.toContain(labels.loadError);
    expect(html).not.toContain(labels.empty);
  });

  it('says when the answers could not be loaded and offers to try again', () => {
    const html = render({ data: undefined, isPending: false, isError: true });
    expect(html).toContain('role="alert"');
    expect(html).toContain(labels.loadError);
    expect(html).toMatch(/<button[^>]*>Réessayer<\/button>/);
    expect(html).not.toContain('faq-list');
  });

  it('keeps the earlier answers when a later search fails', () => {
    const html = render({ data: LIST, isPending: false, isError: true });
    expect(html).not.toContain(labels.loadError);
    expect(html).toContain('Puis-je être remboursé ?');
  });

  it('says when nothing matches, with a hint and the page’s way out', () => {
    const html = render({ data: { entries: [], categories: LIST.categories }, isPending: false, isError: false }, { emptyAction: 'Posez-nous la question' });
    expect(html).toContain('data-testid="help-empty"');
    expect(html).toContain(labels.empty);
    expect(html).toContain(labels.emptyHint);
    expect(html).toContain('Posez-nous la question');
    expect(html).not.toContain('faq-list');
    // The categories stay, to widen the search.
    expect(html).toContain('data-testid="faq-categories"');
  });

  it('lists the answers with their categories, the chosen one pressed and the total on "all"', () => {
    const html = render({ data: LIST, isPending: false, isError: false }, { category: 'commande' });
    expect(html.match(/data-testid="faq-item"/g)).toHaveLength(2);
    expect(html).toContain('Puis-je être remboursé ?');
    expect(html).toContain('Où est ma commande ?');
    expect(html).toContain('faq.views:3');
    expect(html).toMatch(/aria-pressed="false"[^>]*>Toutes<span[^>]*>7<\/span>/);
    expect(html).toMatch(/aria-pressed="true"[^>]*>«commande»<span[^>]*>5<\/span>/);
    expect(html).toMatch(/aria-pressed="false"[^>]*>«remboursement»<span[^>]*>2<\/span>/);
    expect(html).not.toContain(labels.empty);
  });

  it('shows no category chips when the audience has none', () => {
    const html = render({ data: { entries: [], categories: [] }, isPending: false, isError: false });
    expect(html).not.toContain('faq-categories');
    expect(html).toContain(labels.empty);
  });
});
