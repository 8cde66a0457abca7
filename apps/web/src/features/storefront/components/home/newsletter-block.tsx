import type { TLandingContent } from '@farha/contracts/landing';
import { Check, Copy, Mail, Sparkles } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { ZelligePattern } from '@/components/brand/zellige-pattern';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useSubscribeNewsletter } from '../../api/landing';
import { storefrontError, useStorefrontT } from '../../i18n';

/** How long the success message stays before the form is ready again (docs/product/storefront.md §3). */
export const NEWSLETTER_SUCCESS_MS = 3000;

type Status = 'idle' | 'loading' | 'success';

/** The newsletter block (docs/product/storefront.md §3) with its promo code; sign-ups are stored (duplicates handled). */
export function NewsletterBlock({ newsletter }: { newsletter: TLandingContent['newsletter'] }) {
  const strings = useStorefrontT();
  const { t, locale } = strings;
  const subscribe = useSubscribeNewsletter();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (status !== 'success') return;
    const timer = window.setTimeout(() => setStatus('idle'), NEWSLETTER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  if (!newsletter.enabled) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || status === 'loading') return;
    setStatus('loading');
    setError(null);
    subscribe.mutate(
      { email: email.trim(), locale },
      {
        onSuccess: (result) => {
          setMessage(result.alreadySubscribed ? t('home.newsletter.already') : t('home.newsletter.success'));
          setStatus('success');
          setEmail('');
        },
        onError: (failure) => {
          setError(storefrontError(failure));
          setStatus('idle');
        },
      },
    );
  };

  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(newsletter.promoCode);
      setCopied(true);
      toast.success(t('home.newsletter.codeCopied'));
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      /* clipboard refused: the code stays visible */
    }
  };

  return (
    <section aria-labelledby="home-newsletter" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 sm:pb-20 lg:px-8">
      <div className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-[#1f6f5c] to-[#134437] px-6 py-10 text-white shadow-lg sm:px-10 sm:py-12">
        <ZelligePattern className="absolute inset-0 -z-10 text-white/[0.07]" />
        <div className="grid gap-8 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div className="space-y-4">
            <h2 id="home-newsletter" className="text-3xl font-extrabold tracking-tight text-balance">
              {newsletter.title}
            </h2>
            {newsletter.subtitle && <p className="max-w-xl text-white/90 text-pretty">{newsletter.subtitle}</p>}
            <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-2 sm:flex-row">
              <label htmlFor={inputId} className="sr-only">
                {t('home.newsletter.emailLabel')}
              </label>
              <div className="relative flex-1">
                <Mail aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
                <Input
                  id={inputId}
                  type="email"
                  name="email"
                  autoComplete="email"
                  dir="ltr"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    setError(null);
                  }}
                  placeholder={t('home.newsletter.placeholder')}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className="h-12 border-transparent ps-9 text-start sm:h-12"
                />
              </div>
              <Button
                type="submit"
                size="lg"
                variant="secondary"
                loading={status === 'loading'}
                disabled={!email.trim() || status === 'loading'}
              >
                {status === 'loading' ? t('home.newsletter.loading') : t('home.newsletter.submit')}
              </Button>
            </form>
            <div aria-live="polite" className="min-h-6 text-sm">
              {status === 'success' && (
                <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 font-semibold">
                  <Check aria-hidden className="size-4" />
                  {message}
                </p>
              )}
              {error && (
                <p id={errorId} role="alert" className="inline-flex rounded-full bg-[#fde8e4] px-3 py-1 font-semibold text-[#8a1c10]">
                  {error}
                </p>
              )}
            </div>
            <p className="text-xs text-white/75">{t('home.newsletter.privacy')}</p>
          </div>

          {newsletter.promoCode && (
            <div className="justify-self-center rounded-2xl border-2 border-dashed border-[#f7c873]/80 bg-white/10 p-6 text-center backdrop-blur lg:justify-self-end">
              <Sparkles aria-hidden className="mx-auto mb-2 size-6 text-[#f7c873]" />
              <p className="text-sm font-semibold text-white/85">{t('home.newsletter.code')}</p>
              <button
                type="button"
                onClick={() => void copyCode()}
                aria-label={t('home.newsletter.copyCode', { code: newsletter.promoCode })}
                className="mt-2 inline-flex items-center gap-2 rounded-xl bg-white px-4 py-2 font-mono text-2xl font-extrabold tracking-widest text-[#134437] transition hover:scale-[1.02]"
              >
                <span dir="ltr">{newsletter.promoCode}</span>
                {copied ? <Check aria-hidden className="size-5" /> : <Copy aria-hidden className="size-5" />}
              </button>
              {newsletter.discount > 0 && (
                <p className="mt-3 font-bold text-[#f7c873]">{t('home.newsletter.discount', { discount: newsletter.discount })}</p>
              )}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
