import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { cn } from '@/lib/cn';
import { Input } from './input';

/** A password input with a show/hide button. */
export function PasswordInput({ className, dir, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  // The direction goes on the wrapper too, so that the button stays at the end of the text.
  return (
    <div className="relative" dir={dir}>
      <Input type={visible ? 'text' : 'password'} dir={dir} className={cn('pe-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
        aria-pressed={visible}
        className="absolute inset-y-0 end-0 inline-flex w-11 items-center justify-center rounded-e-lg text-muted-foreground hover:text-foreground"
      >
        {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
      </button>
    </div>
  );
}
