import {
  ArrowRight,
  CalendarCheck,
  Gift,
  LifeBuoy,
  MailOpen,
  QrCode,
  Repeat,
  RotateCcw,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useStorefrontT, type StorefrontKey } from '../i18n';

type Stage = { key: 'offer' | 'receive' | 'book' | 'redeem'; icon: LucideIcon; steps: string[] };

const STAGES: Stage[] = [
  { key: 'offer', icon: Gift, steps: ['choose', 'personalise', 'pay'] },
  { key: 'receive', icon: MailOpen, steps: ['email', 'validity', 'account'] },
  { key: 'book', icon: CalendarCheck, steps: ['partner', 'confirm', 'horizon'] },
  { key: 'redeem', icon: QrCode, steps: ['show', 'scan', 'enjoy'] },
];

const FACTS = [
  { key: 'refund', icon: RotateCcw },
  { key: 'exchange', icon: Repeat },
  { key: 'secure', icon: ShieldCheck },
] as const;

/** /how-it-works: offering, receiving, booking and redeeming a box, step by step. */
export function HowItWorksPage() {
  const { t } = useStorefrontT();
  useDocumentTitle(t('howItWorks.title'));

  return (
    <div className="space-y-14">
      <header className="mx-auto max-w-3xl space-y-3 text-center">
        <p className="text-sm font-bold uppercase tracking-wider text-primary">{t('howItWorks.eyebrow')}</p>
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{t('howItWorks.title')}</h1>
        <p className="text-lg text-muted-foreground text-pretty">{t('howItWorks.subtitle')}</p>
        <div className="pt-2">
          <Button asChild size="lg">
            <Link to={paths.catalog}>
              {t('howItWorks.cta')}
              <ArrowRight aria-hidden className="rtl:-scale-x-100" />
            </Link>
          </Button>
        </div>
      </header>

      <ol className="grid gap-6 md:grid-cols-2">
        {STAGES.map(({ key, icon: Icon, steps }, index) => (
          <li key={key} className="relative overflow-hidden rounded-3xl border border-border bg-card p-6 shadow-sm sm:p-8">
            <span aria-hidden className="absolute -end-2 -top-6 text-[7rem] font-black leading-none text-primary/[0.07]">
              {index + 1}
            </span>
            <div className="mb-5 flex items-center gap-3">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-sm">
                <Icon aria-hidden className="size-6" />
              </span>
              <h2 className="text-2xl font-bold">{t(`howItWorks.${key}.title`)}</h2>
            </div>
            <ul className="space-y-3">
              {steps.map((step) => (
                <li key={step} className="flex gap-3 text-pretty">
                  <span aria-hidden className="mt-2 size-2 shrink-0 rounded-full bg-secondary" />
                  <span>{t(`howItWorks.${key}.steps.${step}` as StorefrontKey)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>

      <section aria-labelledby="how-facts" className="space-y-6">
        <h2 id="how-facts" className="text-center text-3xl font-extrabold tracking-tight">
          {t('howItWorks.factsTitle')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {FACTS.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl bg-muted/70 p-6">
              <Icon aria-hidden className="mb-3 size-7 text-accent" />
              <p className="font-bold">{t(`howItWorks.facts.${key}.title`)}</p>
              <p className="mt-1 text-sm text-muted-foreground text-pretty">{t(`howItWorks.facts.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="flex flex-col items-center gap-4 rounded-3xl bg-gradient-to-br from-primary-soft to-secondary/20 p-8 text-center sm:p-10">
        <LifeBuoy aria-hidden className="size-10 text-primary" />
        <h2 className="text-2xl font-bold">{t('howItWorks.faqTitle')}</h2>
        <p className="max-w-xl text-muted-foreground text-pretty">{t('howItWorks.faqText')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild variant="outline">
            <Link to={paths.help}>{t('howItWorks.faqLink')}</Link>
          </Button>
          <Button asChild>
            <Link to={paths.catalog}>{t('howItWorks.cta')}</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
