import type { TUser } from '@farha/contracts/auth';
import { cn } from '@/lib/cn';
import { initialOf } from '@/lib/user-display';

/**
 * The initial is drawn by CSS (generated content), not written as text: the avatar sits inside buttons
 * named after the user, and a visible letter that is not part of that name fails WCAG 2.5.3 (label in name).
 */
export function UserAvatar({ user, className }: { user: TUser; className?: string }) {
  return (
    <span
      aria-hidden
      data-initial={initialOf(user)}
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-bold text-primary-strong before:content-[attr(data-initial)]',
        className,
      )}
    />
  );
}
