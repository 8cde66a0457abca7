import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { I18nProvider } from '@/lib/i18n-react';
import { ApiError } from '@/lib/api';
import { AuthProvider } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { ThemeProvider } from '@/lib/theme';
import { useToasterWanted } from '@/lib/toast';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Retry only what may succeed on a second try: network failures and server errors.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

/** `client`: the server's rendering and a hydrated page bring their own, filled with the page's data. */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <ThemeProvider>
          <AuthProvider>
            {children}
            <LazyToaster />
          </AuthProvider>
        </ThemeProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}

const AppToaster = lazy(() => import('./app-toaster'));

/** Mounted on the first toast only (see lib/toast.ts). */
function LazyToaster() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
