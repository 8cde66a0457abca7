import * as SwitchPrimitive from '@radix-ui/react-switch';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useDirection } from '@/lib/use-direction';

/** An on/off switch (offer active, notification preferences). Give it an aria-label or a <label htmlFor>. */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  const dir = useDirection();
  return (
    <SwitchPrimitive.Root
      dir={dir}
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input/60 transition-colors disabled:cursor-not-allowed disabled:opacity-55 data-[state=checked]:bg-success',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        className={cn(
          'pointer-events-none block size-5 rounded-full bg-card shadow-md ring-0 transition-transform',
          'data-[state=unchecked]:translate-x-0 ltr:data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5',
        )}
      />
    </SwitchPrimitive.Root>
  );
}
