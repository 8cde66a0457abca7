import { Hourglass, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

interface PagePlaceholderProps {
  title: string;
  /** Defaults to "Cette page arrive dans une prochaine version." */
  message?: string;
  icon?: LucideIcon;
  /** Extra context (a search term) or actions (a back button). */
  children?: ReactNode;
}

/** A page whose screen is not built yet: its title and an honest line, no sample figures. */
export function PagePlaceholder({ title, message, icon: Icon = Hourglass, children }: PagePlaceholderProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="space-y-6">
      <PageHeader title={title} />
      <Card className="flex flex-col items-center gap-4 border-dashed px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
          <Icon aria-hidden className="size-7" />
        </span>
        <p className="max-w-md text-muted-foreground text-pretty">{message ?? t('common.comingSoon')}</p>
        {children}
      </Card>
    </div>
  );
}
