import { ShoppingBasket } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { useBasketCount } from '@/lib/basket';
import { useTranslation } from '@/lib/i18n-react';

/**
 * Issue 34: the header's basket, with the number of gifts in it; none for staff. An icon with its count on
 * every width: the bar already holds the currency, the language and the account.
 */
export function BasketButton() {
  const { t } = useTranslation();
  const { owner, count } = useBasketCount();
  if (owner === 'none') return null;
  const label = t('basket.headerCount', { count });
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to={paths.basket} aria-label={label} title={label} data-testid="header-basket">
        <ShoppingBasket aria-hidden className="size-5" />
        {count > 0 && (
          <span
            aria-hidden
            data-testid="header-basket-count"
            className="absolute -end-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs font-bold text-primary-foreground tabular-nums"
          >
            {count}
          </span>
        )}
      </Link>
    </Button>
  );
}
