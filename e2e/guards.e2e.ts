// Route guards and error pages (issue 2, docs/product/accounts-and-roles.md §2, §3): protected routes, 403, 404.
import { describe, expect, test } from 'vitest';
import { currentUser, DEMO_ACCOUNTS, DEMO_PASSWORD, loginAs, submitLoginForm } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { expectPath, expectVisible } from './support/expect.ts';

const session = useBrowser();

describe('protected pages', () => {
  test('logged out: /client/history sends to /auth, and back there after logging in with the form', async () => {
    const { page } = session;
    await page.goto('/client/history');
    await expectPath(page, '/auth');

    await submitLoginForm(page, DEMO_ACCOUNTS.client.email, DEMO_PASSWORD);

    await expectPath(page, '/client/history');
    expect(await currentUser(page)).toMatchObject({ email: DEMO_ACCOUNTS.client.email });
  });
});

describe('403: another role’s area', () => {
  test('a customer opening /admin/dashboard sees “Accès non autorisé” with their e-mail and role', async () => {
    const { page } = session;
    await loginAs(page, 'client');
    await page.goto('/admin/dashboard');

    await expectPath(page, '/unauthorized');
    await expectVisible(page.getByRole('heading', { name: 'Accès non autorisé' }), 'the 403 title');
    expect(await page.getByTestId('forbidden-email').textContent()).toBe(DEMO_ACCOUNTS.client.email);
    expect(await page.getByTestId('forbidden-role').textContent()).toBe('Client');
    await expectVisible(page.getByRole('link', { name: "Retour à l'accueil" }), 'the back-to-home link');
  });

  test('a finance user may open the admin dashboard but not /admin/users', async () => {
    const { page } = session;
    await loginAs(page, 'finance'); // lands on /admin/dashboard
    await page.goto('/admin/users');

    await expectPath(page, '/unauthorized');
    await expectVisible(page.getByRole('heading', { name: 'Accès non autorisé' }), 'the 403 title');
    expect(await page.getByTestId('forbidden-email').textContent()).toBe(DEMO_ACCOUNTS.finance.email);
    expect(await page.getByTestId('forbidden-role').textContent()).toBe('Finance');
  });

  test('“Se déconnecter et changer de compte” logs out and opens /auth', async () => {
    const { page } = session;
    await loginAs(page, 'partenaire');
    await page.goto('/support/dashboard');
    await expectPath(page, '/unauthorized');

    await page.getByRole('button', { name: 'Se déconnecter et changer de compte' }).click();

    await expectPath(page, '/auth');
    await expectVisible(page.getByTestId('quick-login-customer'), 'the quick-login buttons');
    expect(await currentUser(page)).toBeNull();
  });
});

describe('404', () => {
  test.each(['/cette-page-n-existe-pas', '/catalogue/ancien/lien'])('%s shows “Page non trouvée”', async (path) => {
    const { page } = session;
    const response = await page.goto(path);

    expect(response?.status()).toBe(404); // the server knows the app's pages; the app shows its 404 page
    await expectVisible(page.getByRole('heading', { name: 'Page non trouvée' }), 'the 404 title');
    await expectVisible(page.getByRole('link', { name: "Retour à l'accueil" }), 'the back-to-home link');
  });

  test('an unknown page inside an area, logged in, shows the 404 page', async () => {
    const { page } = session;
    await loginAs(page, 'client');
    expect((await page.goto('/client/nulle-part'))?.status()).toBe(404);
    await expectVisible(page.getByRole('heading', { name: 'Page non trouvée' }), 'the 404 title');
  });
});
