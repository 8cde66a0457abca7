import type { ReactNode } from 'react';
import { useCurrentUser } from '@/lib/auth';
import { displayName } from '@/lib/user-display';
import { UserAvatar } from './user-avatar';

/** Name and a second line (partner title, "Agent Support", role badge) in an area header. */
export function UserIdentity({ subtitle }: { subtitle: ReactNode }) {
  const user = useCurrentUser();
  return (
    <div className="flex items-center gap-2 px-1">
      <UserAvatar user={user} />
      <div className="flex min-w-0 flex-col leading-tight">
        <span className="max-w-36 truncate text-sm font-semibold">{displayName(user)}</span>
        <span className="text-xs text-muted-foreground">{subtitle}</span>
      </div>
    </div>
  );
}
