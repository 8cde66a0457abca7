import * as SwitchPrimitive from '@radix-ui/react-switch';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useDirection } from '@/lib/use-direction';

interface SwitchProps extends ComponentProps<typeof SwitchPrimitive.Root> {
  /** Colour when on: `primary` (preferences), `success` (an offer or a setting that is live). */
  tone?: 'primary' | 'success';
}

/** An on/off switch. Give it an aria-label or a <label htmlFor>. */
export function Switch({ className, tone = 'primary', ...props }: SwitchProps) {
  const dir = useDirection();
  return (
    <SwitchPrimitive.Root
      dir={dir}
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-55',
        tone === 'success' ? 'bg-input/60 data-[state=checked]:bg-success' : 'data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        className={cn(
          'pointer-events-none block size-5 rounded-full shadow-sm transition-transform',
          tone === 'success' ? 'bg-card shadow-md ring-0' : 'bg-white',
          'data-[state=unchecked]:translate-x-0 ltr:data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5',
        )}
      />
    </SwitchPrimitive.Root>
  );
}
