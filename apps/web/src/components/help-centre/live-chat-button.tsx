import { MessagesSquare } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { mayStartLiveChat, openLiveChat } from '@/lib/live-chat';

/** « Discuter avec un conseiller » (issue 36): opens the live chat's panel; shown only to who may chat. */
export function LiveChatButton({ label, ...props }: { label: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { user, status } = useAuth();
  if (status === 'loading' || !mayStartLiveChat(user?.role)) return null;
  return (
    <Button type="button" onClick={openLiveChat} data-testid="live-chat-open" {...props}>
      <MessagesSquare aria-hidden />
      {label}
    </Button>
  );
}
