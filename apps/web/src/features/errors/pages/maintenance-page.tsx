import { Wrench } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { useDocumentTitle } from '@/lib/use-document-title';

/** docs/product/storefront.md §12, maintenance mode: what the storefront shows instead of its pages while it is on. */
export function MaintenancePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('maintenance.title'));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 py-10 text-center" data-testid="maintenance-page">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
        <Wrench aria-hidden className="size-8" />
      </span>
      <div className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('maintenance.title')}</h1>
        <p className="text-muted-foreground text-pretty">{t('maintenance.text')}</p>
        <p className="text-muted-foreground text-pretty">{t('maintenance.vouchers')}</p>
      </div>
    </section>
  );
}
