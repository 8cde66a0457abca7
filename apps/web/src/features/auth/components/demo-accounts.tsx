import { useState } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useDemoInfo } from '../api/demo';

/** Demo mode only: one-click login per seeded account, and the shared demo password. */
export function DemoAccounts() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const demo = useDemoInfo();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const info = demo.data;
  if (!info?.demoMode || info.accounts.length === 0) return null;

  // `quick-login-<role>` for the first account of a role, then `-2`, `-3`… (end-to-end tests use them).
  const seen = new Map<string, number>();
  const accounts = info.accounts.map((account) => {
    const rank = (seen.get(account.role) ?? 0) + 1;
    seen.set(account.role, rank);
    return {
      ...account,
      roleLabel: t(`roles.${account.role}`),
      testId: rank === 1 ? `quick-login-${account.role}` : `quick-login-${account.role}-${rank}`,
    };
  });

  const quickLogin = async (email: string) => {
    setFailed(false);
    setPendingEmail(email);
    try {
      await login({ email, password: info.password ?? '', remember: false });
    } catch {
      setFailed(true); // docs/product/accounts-and-roles.md §5: 'Erreur de connexion rapide'
    } finally {
      setPendingEmail(null);
    }
  };

  return (
    <section aria-labelledby="demo-accounts" className="space-y-3 rounded-xl border border-dashed border-secondary bg-secondary/10 p-4">
      <div className="space-y-1">
        <h2 id="demo-accounts" className="font-semibold">
          {t('auth.demo.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('auth.demo.description')}</p>
        {info.password && (
          <p className="text-sm">
            {t('auth.demo.password')}{' '}
            <code dir="ltr" className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.8125rem] font-semibold" data-testid="demo-password">
              {info.password}
            </code>
          </p>
        )}
      </div>
      {failed && <Alert variant="error">{t('errors.QUICK_LOGIN_FAILED')}</Alert>}
      <ul className="grid gap-2 sm:grid-cols-2">
        {accounts.map((account) => (
          <li key={account.email}>
            <Button
              variant="outline"
              className="h-auto min-h-11 w-full flex-col items-start justify-center gap-0.5 py-2 text-start"
              data-testid={account.testId}
              loading={pendingEmail === account.email}
              disabled={pendingEmail !== null}
              onClick={() => void quickLogin(account.email)}
              title={account.email}
            >
              <span className="font-semibold">{account.label}</span>
              {account.roleLabel !== account.label && (
                <span className="text-xs font-normal text-muted-foreground">{account.roleLabel}</span>
              )}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
