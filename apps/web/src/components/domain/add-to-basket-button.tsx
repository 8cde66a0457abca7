import { ShoppingBasket } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { Button, type ButtonProps } from '@/components/ui/button';
import { BasketFullError, LOCAL_BASKET_MAX_LINES, useBasket, type BasketBoxSnapshot } from '@/lib/basket';
import { errorMessage } from '@/lib/i18n';
import { useTranslation } from '@/lib/i18n-react';
import { toast } from '@/lib/toast';

interface AddToBasketButtonProps extends Pick<ButtonProps, 'variant' | 'size' | 'className'> {
  box: BasketBoxSnapshot;
  /** The name read by a screen reader where several boxes are listed. */
  namedLabel?: boolean;
}

/**
 * Issue 34: « Ajouter au panier » on the catalogue's cards and the box page. A visitor's line stays in this
 * browser, a customer's goes to the account; staff have no basket and see no button. The toast leads to it.
 */
export function AddToBasketButton({ box, namedLabel = false, variant = 'outline', size, className }: AddToBasketButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const basket = useBasket();
  const [adding, setAdding] = useState(false);
  if (basket.owner === 'none') return null;

  const onClick = async () => {
    setAdding(true);
    try {
      await basket.add(box);
      toast.success(t('basket.added'), {
        id: 'basket-added',
        description: box.name,
        action: { label: t('basket.view'), onClick: () => void navigate(paths.basket) },
      });
    } catch (error) {
      toast.error(error instanceof BasketFullError ? t('basket.full', { max: LOCAL_BASKET_MAX_LINES }) : errorMessage(error), { id: 'basket-added' });
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
