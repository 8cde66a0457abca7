import { Check } from 'lucide-react';
import { Fragment } from 'react';
import { cn } from '@/lib/cn';
import { useCheckoutTranslation } from '../i18n';

export type CheckoutStep = 'details' | 'payment';
const STEPS: CheckoutStep[] = ['details', 'payment'];

/** docs/product/storefront.md §7: the wizard's two steps, the current one marked. */
export function CheckoutStepper({ current }: { current: CheckoutStep }) {
  const { t } = useCheckoutTranslation();
  const currentIndex = STEPS.indexOf(current);
  return (
    <nav aria-label={t('stepper.label')}>
      <ol className="flex items-center gap-3">
        {STEPS.map((step, index) => {
          const done = index < currentIndex;
          const active = index === currentIndex;
          return (
            <Fragment key={step}>
              {index > 0 && (
                <li aria-hidden className={cn('h-0.5 w-8 flex-1 rounded-full sm:max-w-24', done || active ? 'bg-primary' : 'bg-border')} />
              )}
              <li aria-current={active ? 'step' : undefined} className="flex items-center gap-2.5" data-testid={`step-${step}`}>
                <span
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold',
                    done && 'border-primary bg-primary text-primary-foreground',
                    active && 'border-primary bg-primary-soft text-primary-strong',
                    !done && !active && 'border-border text-muted-foreground',
                  )}
                >
                  {done ? <Check aria-hidden className="size-4" strokeWidth={3} /> : index + 1}
                </span>
                <span className={cn('text-sm font-semibold', !active && !done && 'text-muted-foreground')}>
                  {t(`stepper.${step}`)}
                  {(done || active) && <span className="sr-only"> ({t(done ? 'stepper.done' : 'stepper.current')})</span>}
                </span>
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
