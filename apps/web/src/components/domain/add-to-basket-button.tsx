import { useQueryClient } from '@tanstack/react-query';
import { ShoppingBasket } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useBasketOwner, type BasketBoxSnapshot } from '@/lib/basket';
import { useTranslation } from '@/lib/i18n-react';

interface AddToBasketButtonProps extends Pick<ButtonProps, 'variant' | 'size' | 'className'> {
  box: BasketBoxSnapshot;
  /** The name read by a screen reader where several boxes are listed. */
  namedLabel?: boolean;
}

/**
 * Issue 34: « Ajouter au panier » on the catalogue's cards and the box page. A visitor's line stays in this
 * browser, a customer's goes to the account; staff have no basket and see no button. The toast leads to it.
 * What adding does (lib/basket-lines.ts) loads on the first tap, off the storefront's first load.
 */
export function AddToBasketButton({ box, namedLabel = false, variant = 'outline', size, className }: AddToBasketButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { status } = useAuth();
  const owner = useBasketOwner();
  const [adding, setAdding] = useState(false);
  // A tap while the session is still being checked waits for it: a customer's gift goes to the account.
  const now = useRef({ status, owner });
  now.current = { status, owner };
  const settled = useRef<(() => void)[]>([]);
  useEffect(() => {
    if (status !== 'loading') for (const resolve of settled.current.splice(0)) resolve();
  }, [status]);
  if (owner === 'none') return null;

  const onClick = async () => {
    setAdding(true);
    try {
      const basket = import('@/lib/basket-lines');
      if (now.current.status === 'loading') await new Promise<void>((resolve) => settled.current.push(resolve));
      await (await basket).addFromButton(now.current.owner, box, queryClient, () => void navigate(paths.basket));
    } finally {
      setAdding(false);
    }
  };

  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={() => void onClick()}
      loading={adding}
      aria-label={namedLabel ? t('basket.addNamed', { name: box.name }) : undefined}
      data-testid="add-to-basket"
    >
      <ShoppingBasket aria-hidden />
      {t('basket.add')}
    </Button>
  );
}
