import { ShieldX } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/** docs/product/accounts-and-roles.md §2: the 403 page, with the user's e-mail and role and a way to switch account. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  useDocumentTitle(t('forbidden.title'));

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 py-10 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldX aria-hidden className="size-8" />
      </span>
      <div className="space-y-3">
        <p className="text-sm font-bold tracking-widest text-muted-foreground">403</p>
        <h1 className="text-3xl font-bold tracking-tight">{t('forbidden.title')}</h1>
        <p className="text-muted-foreground text-pretty">{t('forbidden.text')}</p>
      </div>
      {user && (
        <dl className="grid w-full gap-2 rounded-xl border border-border bg-card p-4 text-sm sm:grid-cols-[auto_1fr] sm:text-start">
          <dt className="text-muted-foreground">{t('forbidden.signedInAs')}</dt>
          <dd className="break-all font-medium" data-testid="forbidden-email">
            <bdi>{user.email}</bdi>
          </dd>
          <dt className="text-muted-foreground">{t('forbidden.role')}</dt>
          <dd>
            <Badge variant="soft" data-testid="forbidden-role">
              {t(`roles.${user.role}`)}
            </Badge>
          </dd>
        </dl>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to={paths.home}>{t('common.backHome')}</Link>
        </Button>
        {user ? (
          <Button
            variant="outline"
            onClick={async () => {
              await logout(paths.auth);
            }}
          >
            {t('forbidden.switchAccount')}
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to={paths.auth}>{t('account.login')}</Link>
          </Button>
        )}
      </div>
    </section>
  );
}
