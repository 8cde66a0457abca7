import { Heart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { paths, type AuthRedirectState } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useFavourites, useToggleFavourite } from '../api/catalog';
import { useStorefrontT } from '../i18n';

interface FavouriteButtonProps {
  box: { id: string; name: string };
  /** `overlay`: round white button over a picture; `outline`: with a text label. */
  variant?: 'overlay' | 'outline';
  className?: string;
}

/** docs/product/storefront.md §6: favouriting needs login (a visitor goes to /auth and comes back). Saved to the account. */
export function FavouriteButton({ box, variant = 'overlay', className }: FavouriteButtonProps) {
  const { t } = useStorefrontT();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: favourites } = useFavourites();
  const toggle = useToggleFavourite();
  const active = favourites?.has(box.id) ?? false;
  const label = active ? t('common.favouriteRemove', { name: box.name }) : t('common.favouriteAdd', { name: box.name });

  const onClick = () => {
    if (!user) {
      const state: AuthRedirectState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
      toast.info(t('common.favouriteLogin'), { id: 'favourite-login' });
      void navigate(paths.auth, { state });
      return;
    }
    toggle.mutate(
      { boxId: box.id, favourite: !active },
      {
        onSuccess: () =>
          toast.success(active ? t('common.favouriteRemoved') : t('common.favouriteAdded'), { id: `fav-${box.id}` }),
        onError: () => toast.error(t('common.favouriteError')),
      },
    );
  };

  const heart = <Heart aria-hidden className={cn('size-5 transition-transform', active && 'scale-110 fill-primary text-primary')} />;
  if (variant === 'outline') {
    return (
      <Button variant="outline" onClick={onClick} aria-pressed={active} className={className}>
        {heart}
        {active ? t('box.unfavourite') : t('box.favourite')}
      </Button>
    );
  }
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-full bg-card/95 text-foreground shadow-md backdrop-blur transition hover:scale-105 hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      {heart}
    </button>
  );
}
