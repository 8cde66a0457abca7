import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { EmptyNote, QueryStates, type ListQuery } from './query-states';

// The states of a back-office or support list, rendered to HTML: what the agent sees while the list loads,
// when it could not be loaded (and that the retry asks again), when nothing matches, and the rows.

interface Page {
  rows: string[];
}

const failed = { title: 'Erreur de chargement', detail: 'Le serveur ne répond pas.', retry: 'Réessayer' };
const query = (state: Partial<ListQuery<Page>>): ListQuery<Page> => ({ data: undefined, isPending: false, isError: false, refetch: () => undefined, ...state });
const props = (state: Partial<ListQuery<Page>>) => ({
  query: query(state),
  loading: <div data-testid="list-loading" />,
  failed,
  isEmpty: (page: Page) => page.rows.length === 0,
  empty: <EmptyNote text="Aucun versement." />,
  children: (page: Page) => (
    <ul data-testid="rows">
      {page.rows.map((row) => (
        <li key={row}>{row}</li>
      ))}
    </ul>
  ),
});
const render = (state: Partial<ListQuery<Page>>) => renderToStaticMarkup(<QueryStates {...props(state)} />);

describe('the states of a list', () => {
  it('shows the placeholder while the first page loads, and nothing else', () => {
    const html = render({ isPending: true });
    expect(html).toContain('data-testid="list-loading"');
    expect(html).not.toContain('rows');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('Aucun versement.');
  });

  it('says the list could not be loaded, why, and offers to try again', () => {
    const html = render({ isError: true });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Erreur de chargement');
    expect(html).toContain('Le serveur ne répond pas.');
    expect(html).toMatch(/<button[^>]*>Réessayer<\/button>/);
    expect(html).not.toContain('list-loading');
    expect(html).not.toContain('rows');
  });

  it('asks for the list again when the retry is pressed', () => {
    const refetch = vi.fn();
    const shown = QueryStates({ ...props({ isError: true }), query: query({ isError: true, refetch }) }) as ReactElement<{ onRetry: () => void }>;
    shown.props.onRetry();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('puts a lone failure line beside its button', () => {
    const html = renderToStaticMarkup(<QueryStates {...props({ isError: true })} failed={{ title: 'Impossible de charger la liste.', retry: 'Réessayer' }} />);
    expect(html).toMatch(/justify-between[^>]*>Impossible de charger la liste\.<button/);
  });

  it('keeps the earlier rows when a new filter fails', () => {
    const html = render({ data: { rows: ['Atlas Spa'] }, isError: true });
    expect(html).toContain('Atlas Spa');
    expect(html).not.toContain('role="alert"');
  });

  it('says when nothing matches, without the rows', () => {
    const html = render({ data: { rows: [] } });
    expect(html).toContain('Aucun versement.');
    expect(html).toContain('border-dashed');
    expect(html).not.toContain('data-testid="rows"');
  });

  it('lists the rows once they are there', () => {
    const html = render({ data: { rows: ['Atlas Spa', 'Dar Zellige'] } });
    expect(html).toContain('<li>Atlas Spa</li><li>Dar Zellige</li>');
    expect(html).not.toContain('Aucun versement.');
    expect(html).not.toContain('list-loading');
  });

  it('shows the empty line in a card for the back office', () => {
    const html = renderToStaticMarkup(<EmptyNote look="card" text="Aucun remboursement." testId="refund-empty" />);
    expect(html).toContain('data-testid="refund-empty"');
    expect(html).toContain('py-10 text-center text-muted-foreground">Aucun remboursement.');
    expect(html).not.toContain('border-dashed');
  });
});
