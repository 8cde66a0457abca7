import { lazy, Suspense, useEffect } from 'react';
import { liveChatToResume, useLiveChatPanel, wantLiveChat } from '@/lib/live-chat';

const ChatWidget = lazy(async () => ({ default: (await import('@/features/chat/components/chat-widget')).ChatWidget }));

/**
 * Issue 36: the live chat's panel on every page, its code loaded only once « Discuter avec un conseiller » was
 * pressed or when this browser has a chat under way (after a reload).
 */
export function LiveChatMount() {
  const { wanted } = useLiveChatPanel();
  useEffect(() => {
    if (liveChatToResume() !== null) wantLiveChat();
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
