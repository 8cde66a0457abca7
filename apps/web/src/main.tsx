import './fonts.css';
import './styles.css';
import './lib/i18n';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders, createQueryClient } from './app/providers';
import { Hydrated } from './app/hydrated';
import { AppRouter, createAppRouter } from './app/router';
import { receivedState, setHydrating, SSR_STATE_ID, yieldToBrowser } from './lib/hydration';

const container = document.getElementById('root');
// A public page drawn by the server (entry-server.tsx) comes with the data it was drawn with.
const ssrState = document.getElementById(SSR_STATE_ID)?.textContent;

try {
  if (!container) throw new Error('#root is missing from index.html');
  if (ssrState) {
    setHydrating(true);
    // The page is on screen already: each step below is a task of its own (evaluating the app's modules, the
    // page's data, the router, then hydration in slices), so that a phone answers a tap between them (issue 34).
    await yieldToBrowser();
    const client = createQueryClient();
    // The server's page is up to date when sent (its cache is dropped when the data changes): its data is
    // fresh from now, so that hydration asks the API nothing again.
    hydrate(client, receivedState(JSON.parse(ssrState) as DehydratedState, Date.now()));
    await yieldToBrowser();
    const router = await createAppRouter(true);
    await yieldToBrowser();
    // In a transition, hydration yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page (a phone's taps and scrolls are answered meanwhile: issue 23's blocking time).
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <AppProviders client={client}>
            <Hydrated>
              <AppRouter router={router} />
            </Hydrated>
          </AppProviders>
        </StrictMode>,
      );
    });
  } else {
    const router = await createAppRouter(false);
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <AppRouter router={router} />
        </AppProviders>
      </StrictMode>,
    );
  }
} catch (error) {
  console.error(error);
  // docs/product/storefront.md §2: plain markup, since the app itself could not start.
  document.body.innerHTML =
    '<p role="alert" style="margin:20vh auto;max-width:32rem;padding:0 1rem;text-align:center;font:1rem system-ui">' +
    "Erreur d'initialisation de l'application</p>";
}
