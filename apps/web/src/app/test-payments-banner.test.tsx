import type { TSiteStatus } from '@farha/contracts/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAllArabic, setRenderLocale } from '@/lib/i18n';
import { TestPaymentsBanner } from './test-payments-banner';

// ADR 017: a test site (the sandbox outside demo mode) says on every page that no real payment is taken. The
// banner is drawn from GET /api/site's answer alone, as the server draws a page and the browser hydrates it.

const site = (patch: Partial<TSiteStatus>): TSiteStatus => ({
  maintenance: false,
  passwordMinLength: 8,
  partnerSelfRegistration: false,
  contact: { email: 'support@farha.dz', phone: null, partnerHotline: null },
  internationalCards: true,
  testPayments: false,
  sms: true,
  ...patch,
});

function draw(answer: TSiteStatus | undefined): string {
  const client = new QueryClient();
  if (answer) client.setQueryData(['site-status'], answer);
  return renderToString(
    <QueryClientProvider client={client}>
      <TestPaymentsBanner />
    </QueryClientProvider>,
  );
}

afterAll(() => setRenderLocale('fr'));

describe('the test-payments banner', () => {
  it('says so in French, fixed at the bottom with a spacer of its height, when the site takes test payments', async () => {
    await setRenderLocale('fr');
    const html = draw(site({ testPayments: true }));
    expect(html).toContain('data-testid="test-payments-banner"');
    expect(html).toContain('Paiements de test : aucun paiement réel n&#x27;est encaissé');
    expect(html).toContain('role="note"');
    expect(html).toMatch(/<div aria-hidden="true" class="h-14 sm:h-10"><\/div>/);
  });

  it('says so in Arabic on an Arabic page', async () => {
    await loadAllArabic();
    await setRenderLocale('ar');
    expect(draw(site({ testPayments: true }))).toContain('مدفوعات تجريبية: لا يُحصَّل أي دفع حقيقي');
  });

  it('draws nothing on a site with a real gateway, in the demo, or before the answer is known', async () => {
    await setRenderLocale('fr');
    expect(draw(site({ testPayments: false }))).toBe('');
    expect(draw(undefined)).toBe('');
  });
});
