import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { cn } from '@/lib/cn';
import { DialogFrame } from './dialog';

/** A panel sliding in from the start or end edge (mobile menus); built on the dialog primitive. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

interface SheetContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  side?: 'start' | 'end';
}

export function SheetContent({ side = 'start', className, ...props }: SheetContentProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      className={cn(
        'fixed inset-y-0 z-50 flex w-[min(20rem,calc(100%-3rem))] flex-col overflow-y-auto bg-background shadow-xl [&>*]:shrink-0',
        side === 'start'
          ? 'start-0 border-e border-border data-[state=open]:animate-slide-in-start'
          : 'end-0 border-s border-border data-[state=open]:animate-slide-in-end',
        className,
      )}
      close={{ label: t('common.closeMenu'), className: 'size-10', iconClassName: 'size-5' }}
      {...props}
    />
  );
}
