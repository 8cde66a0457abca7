import { RotateCcw, TriangleAlert } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * Shown when a route fails to load or render (a page chunk missing after a deployment, a bug).
 * Unknown paths never get here: the catch-all routes show the 404 page.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4 py-16">
      <section role="alert" className="flex max-w-lg flex-col items-center gap-5 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlert aria-hidden className="size-8" />
        </span>
        <h1 className="text-2xl font-bold">{t('routeError.title')}</h1>
        <p className="text-muted-foreground">{t('routeError.text')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>
            <RotateCcw aria-hidden />
            {t('common.reload')}
          </Button>
          <Button asChild variant="outline">
            <a href={paths.home}>{t('common.backHome')}</a>
          </Button>
        </div>
      </section>
    </main>
  );
}

