import type { TUser } from '@farha/contracts/auth';
import { cn } from '@/lib/cn';
import { initialOf } from '@/lib/user-display';

export function UserAvatar({ user, className }: { user: TUser; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-bold text-primary-strong',
        className,
      )}
    >
      {initialOf(user)}
    </span>
  );
}
