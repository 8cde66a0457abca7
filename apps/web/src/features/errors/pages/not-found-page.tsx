import { Compass } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 py-10 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
        <Compass aria-hidden className="size-8" />
      </span>
      <div className="space-y-3">
        <p className="text-sm font-bold tracking-widest text-muted-foreground">404</p>
        <h1 className="text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
        <p className="text-muted-foreground text-pretty">{t('notFound.text')}</p>
      </div>
      <Button asChild>
        <Link to={paths.home}>{t('common.backHome')}</Link>
      </Button>
    </section>
  );
}
