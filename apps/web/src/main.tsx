import './fonts.css';
import './styles.css';
import './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';

const container = document.getElementById('root');

try {
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
} catch (error) {
  console.error(error);
  // spec 01 §2 "Startup": plain markup, since the app itself could not start.
  document.body.innerHTML =
    '<p role="alert" style="margin:20vh auto;max-width:32rem;padding:0 1rem;text-align:center;font:1rem system-ui">' +
    "Erreur d'initialisation de l'application</p>";
}
