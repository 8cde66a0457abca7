import type { TBasket } from '@farha/contracts/basket';
import type { TUser } from '@farha/contracts/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setRenderLocale } from '@/lib/i18n';

// Issue 34: the customer's area shows the storefront's basket button with its count, as the public header does.
const customer = { id: 'u1', email: 'amina@example.dz', firstName: 'Amina', lastName: 'B', role: 'customer', locale: 'fr' } as unknown as TUser;
vi.mock('@/lib/auth', () => ({
  useAuth: () => ({ status: 'authenticated', user: customer, expiresAt: null, sessionExpiredAt: null, setLocale: () => {}, logout: async () => {} }),
  useCurrentUser: () => customer,
}));

// The header's other buttons need their own providers and are not this test's subject.
vi.mock('@/components/theme-toggle', () => ({ ThemeToggle: () => null }));
vi.mock('@/components/currency-switch', () => ({ CurrencySwitch: () => null }));
vi.mock('@/components/locale-switch', () => ({ LocaleSwitch: () => null }));
vi.mock('./parts/logout-button', () => ({ LogoutButton: () => null }));

const { CustomerLayout } = await import('./customer-layout');

function draw(count: number): string {
  const client = new QueryClient();
  client.setQueryData(['basket'], { lines: [], total: 0, count, maxLines: 20 } satisfies TBasket);
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/client']}>
        <CustomerLayout />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterAll(() => setRenderLocale('fr'));

describe('the customer area’s header', () => {
  it('has the basket button with the number of gifts in the basket', async () => {
    await setRenderLocale('fr');
    const html = draw(3);
    expect(html).toContain('data-testid="header-basket"');
    expect(html).toContain('href="/panier"');
    expect(html).toMatch(/data-testid="header-basket-count"[^>]*>3</);
    expect(html).toContain('Panier : 3 coffrets');
  });
});
