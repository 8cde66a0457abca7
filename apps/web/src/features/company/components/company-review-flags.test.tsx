import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import fr from '../locales/fr.json';
import ar from '../locales/ar.json';

// Issue 34: the admin companies page flags a re-used RC and a company that uploaded no document.
const state = vi.hoisted(() => ({ lng: 'fr' as 'fr' | 'ar' }));
vi.mock('../i18n', () => ({
  useCompanyT: () => ({
    locale: state.lng,
    t: (key: string, options: Record<string, string> = {}) => {
      let node: unknown = state.lng === 'fr' ? fr : ar;
      for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
      return (node as string).replace(/\{\{(\w+)\}\}/g, (_, k: string) => options[k] ?? '');
    },
  }),
}));
const { CompanyReviewFlags } = await import('./company-review-flags');

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ').trim();
const other = { id: 'c2', name: 'Sonatel Algérie', status: 'verified' as const };

describe('CompanyReviewFlags', () => {
  it('shows a badge and the other company when the RC is re-used', () => {
    state.lng = 'fr';
    const html = renderToStaticMarkup(<CompanyReviewFlags company={{ status: 'verified', documentCount: 2, duplicateOf: [other] }} />);
    expect(text(html)).toBe('RC déjà utilisé Même registre du commerce que : Sonatel Algérie');
  });

  it('says a pending company uploaded no document, in French and Arabic', () => {
    state.lng = 'fr';
    expect(text(renderToStaticMarkup(<CompanyReviewFlags company={{ status: 'pending', documentCount: 0, duplicateOf: [] }} />))).toContain('Aucun document déposé');
    state.lng = 'ar';
    const html = renderToStaticMarkup(<CompanyReviewFlags company={{ status: 'pending', documentCount: 0, duplicateOf: [other] }} />);
    expect(text(html)).toContain('لم تُودَع أي وثيقة');
    expect(text(html)).toContain('سجل تجاري مستعمل');
  });

  it('shows nothing for a company with its own RC and documents', () => {
    expect(renderToStaticMarkup(<CompanyReviewFlags company={{ status: 'pending', documentCount: 1, duplicateOf: [] }} />)).toBe('');
  });
});
