import { useTranslation } from '@/lib/i18n-react';
import { useSiteStatus } from '@/lib/site-status';

/**
 * ADR 017: with the sandbox gateway outside demo mode (ALLOW_SANDBOX_PAYMENTS=true), every page says that no
 * real payment is taken. Drawn from GET /api/site alone (sent with a drawn page's data, and in the boot
 * answers of the others), so the server's drawing and the browser's hydration show the same thing. Fixed at
 * the bottom of the screen, under dialogs, with a spacer of its height so that it hides no page's end.
 */
export function TestPaymentsBanner() {
  const { t } = useTranslation();
  const testPayments = useSiteStatus().data?.testPayments === true;
  if (!testPayments) return null;
  return (
    <>
      {/* Two lines on a phone, one from 640 px. */}
      <div aria-hidden className="h-14 sm:h-10" />
      <p
        role="note"
        data-testid="test-payments-banner"
        className="fixed inset-x-0 bottom-0 z-40 flex min-h-10 items-center justify-center border-t border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        {t('app.testPayments')}
      </p>
    </>
  );
}
