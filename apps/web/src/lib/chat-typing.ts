import { useEffect, useState } from 'react';
import { subscribeRealtime } from './realtime';

// Issue 36 (docs/product/live-chat.md): « en train d'écrire… » on both sides of a live chat, the requester's
// panel and the desk's conversation.

/** How long « en train d'écrire… » stays after the last typing event (the typist sends one every 2 s or so). */
const TYPING_SHOWN_MS = 5000;

/**
 * Whether `side` of chat `chatId` is typing: true for a few seconds after each `chat.typing` event, false as
 * soon as a message of that chat arrives.
 */
export function useChatTyping(chatId: string | null, side: 'agent' | 'requester'): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!chatId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offTyping = subscribeRealtime({
      topic: 'chat.typing',
      on: (message) => {
        const payload = message.payload as { chatId: string; side: string };
        if (payload.chatId !== chatId || payload.side !== side) return;
        setTyping(true);
        clearTimeout(timer);
        timer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
      },
    });
    const offMessage = subscribeRealtime({
      topic: 'chat.message',
      on: (message) => {
        if ((message.payload as { chatId: string }).chatId !== chatId) return;
        clearTimeout(timer);
        setTyping(false);
      },
    });
    return () => {
      clearTimeout(timer);
      offTyping();
      offMessage();
      setTyping(false);
    };
  }, [chatId, side]);
  return typing;
}
