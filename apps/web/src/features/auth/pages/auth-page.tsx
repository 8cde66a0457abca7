import { landingPathFor } from '@farha/contracts/plain/roles';
import { X } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { paths, type AuthRedirectState } from '@/config/paths';
import { GiftIllustration } from '@/components/brand/gift-illustration';
import { Logo } from '@/components/brand/logo';
import { ZelligePattern } from '@/components/brand/zellige-pattern';
import { DisplaySwitches } from '@/components/display-switches';
import { PaymentLogos } from '@/components/payment-logos';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DemoAccounts } from '../components/demo-accounts';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';

type Mode = 'login' | 'register';

/** /auth (docs/product/accounts-and-roles.md §4, §5): login and registration tabs (`?mode=register` opens registration). */
export function AuthPage() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: Mode = searchParams.get('mode') === 'register' ? 'register' : 'login';
  const state = (location.state ?? null) as AuthRedirectState | null;
  useDocumentTitle(mode === 'register' ? t('auth.tabs.register') : t('auth.tabs.login'));

  if (status === 'loading') return <FullPageSpinner label={t('app.checkingAuth')} />;
  if (user) {
    // Back to where the user was sent from, else the role's home (replacing /auth in the history).
    const from = state?.from;
    const target = from && from.pathname !== paths.auth ? `${from.pathname}${from.search}${from.hash}` : landingPathFor(user.role);
    return <Navigate to={target} replace />;
  }

  const selectMode = (next: string) =>
    setSearchParams(next === 'register' ? { mode: 'register' } : {}, { replace: true, state: location.state });

  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,40rem)]">
      {/* Fixed colours: the brand panel keeps its terracotta in both themes. */}
      <aside className="relative isolate hidden overflow-hidden bg-gradient-to-br from-[#b5451b] via-[#9a3a17] to-[#5e230d] p-12 text-white lg:flex lg:flex-col">
        <ZelligePattern className="absolute inset-0 -z-10 text-white/10" />
        <Link to={paths.home} className="w-fit rounded-lg">
          <Logo tone="inverse" />
        </Link>
        <div className="my-auto max-w-md space-y-6">
          <GiftIllustration className="max-w-xs" />
          <h2 className="text-4xl font-extrabold leading-tight tracking-tight text-balance">{t('auth.brandTitle')}</h2>
          <p className="text-lg text-white/90">{t('auth.brandText')}</p>
        </div>
      </aside>

      <main id="main" tabIndex={-1} className="flex flex-col px-4 py-4 outline-none sm:px-8">
        <div className="flex items-center justify-between gap-2">
          <Link to={paths.home} className="rounded-lg lg:invisible" aria-label={t('nav.homeLink')}>
            <Logo />
          </Link>
          <DisplaySwitches>
            <Button asChild variant="ghost" size="icon" className="ms-1">
              <Link to={paths.home} aria-label={t('auth.close')} title={t('auth.close')} data-testid="auth-close">
                <X aria-hidden className="size-5" />
              </Link>
            </Button>
          </DisplaySwitches>
        </div>

        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 py-8">
          <div className="space-y-2">
            <h1 className="text-3xl font-bold tracking-tight">{t('auth.welcome')}</h1>
            <p className="text-muted-foreground">{t('auth.intro')}</p>
          </div>

          {state?.reason === 'session-expired' && <Alert variant="error">{t('auth.sessionExpired')}</Alert>}

          <Tabs value={mode} onValueChange={selectMode}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">{t('auth.tabs.login')}</TabsTrigger>
              <TabsTrigger value="register">{t('auth.tabs.register')}</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm />
            </TabsContent>
          </Tabs>

          <DemoAccounts />

          <div className="space-y-2 border-t border-border pt-5">
            <p className="text-sm text-muted-foreground">{t('auth.securePayment')}</p>
            <PaymentLogos />
          </div>
        </div>
      </main>
    </div>
  );
}
