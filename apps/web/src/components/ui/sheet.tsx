import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { cn } from '@/lib/cn';
import { DialogOverlay, DialogPortal } from './dialog';

/** A panel sliding in from the start or end edge (mobile menus); built on the dialog primitive. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

interface SheetContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  side?: 'start' | 'end';
}

export function SheetContent({ side = 'start', className, children, ...props }: SheetContentProps) {
  const { t } = useTranslation();
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-y-0 z-50 flex w-[min(20rem,calc(100%-3rem))] flex-col overflow-y-auto bg-background shadow-xl [&>*]:shrink-0',
          side === 'start'
            ? 'start-0 border-e border-border data-[state=open]:animate-slide-in-start'
            : 'end-0 border-s border-border data-[state=open]:animate-slide-in-end',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute end-3 top-3 inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          aria-label={t('common.closeMenu')}
        >
          <X aria-hidden className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}
