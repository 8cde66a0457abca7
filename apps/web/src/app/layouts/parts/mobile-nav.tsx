import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { Button } from '@/components/ui/button';

const loadPanel = () => import('./mobile-nav-panel');
const MobileNavPanel = lazy(async () => ({ default: (await loadPanel()).MobileNavPanel }));

/** The public layout's menu button below the `md` breakpoint; the panel's code loads on the first approach. */
export function MobileNav() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadPanel();

  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t('common.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden className="size-6" />
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <MobileNavPanel open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
