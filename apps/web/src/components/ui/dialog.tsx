import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn(
        'fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}

/**
 * What a dialog and a sheet share: the portal, the dimmed overlay, the content (classes by the caller) and,
 * unless `close` is left out, the corner button that closes it (its label and sizes by the caller).
 */
export function DialogFrame({
  children,
  close,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { close?: { label: string; className: string; iconClassName: string } }) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content {...props}>
        {children}
        {close && (
          <DialogPrimitive.Close
            className={cn(
              'absolute end-3 top-3 inline-flex items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground',
              close.className,
            )}
            aria-label={close.label}
          >
            <X aria-hidden className={close.iconClassName} />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Hide the corner close button (the dialog then needs its own way out). */
  hideClose?: boolean;
}

export function DialogContent({ className, hideClose = false, ...props }: DialogContentProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      className={cn(
        'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-popover p-6 text-popover-foreground shadow-xl',
        '-translate-x-1/2 data-[state=open]:animate-pop-in',
        className,
      )}
      close={hideClose ? undefined : { label: t('common.close'), className: 'size-9', iconClassName: 'size-4' }}
      {...props}
    />
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pe-8 text-start', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold leading-tight', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
