import {
  CHAT_TYPING_INTERVAL_MS,
  ZChatAvailability,
  ZChatMessageOnly,
  ZChatMessagePage,
  ZChatReadResponse,
  ZChatResponse,
  ZChatSendResponse,
  ZCurrentChatResponse,
  type TChatRatingRequest,
  type TChatView,
  type TStartChatRequest,
} from '@farha/contracts/chat';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '@/lib/api';
import { useLiveQueries } from '@/lib/realtime';
import { postWithFiles } from '@/lib/upload';

// Issue 36 (docs/product/live-chat.md): the requester's side of a live chat, /api/chat. Everything refreshes
// from the stream (chat.message, chat.status, chat.read, chat.typing), never by polling.

export const chatKeys = {
  all: ['live-chat'] as const,
  availability: ['live-chat', 'availability'] as const,
  current: ['live-chat', 'current'] as const,
  chat: (id: string) => ['live-chat', 'chat', id] as const,
};

const chatPath = (id: string, tail = '') => `/api/chat/${encodeURIComponent(id)}${tail}`;

export function useChatAvailability(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.availability,
    queryFn: ({ signal }) => api.get('/api/chat/availability', { schema: ZChatAvailability, signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** The person's open chat, if any (a reload finds it again). */
export function useCurrentChat(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.current,
    queryFn: ({ signal }) => api.get('/api/chat/current', { schema: ZCurrentChatResponse, signal }),
    enabled,
    staleTime: 0,
  });
}

/** One chat with its latest messages, kept fresh by the stream while shown. */
export function useChat(id: string | null) {
  useLiveQueries(
    {
      'chat.message': ({ chatId }) => (chatId === id ? [chatKeys.chat(chatId)] : []),
      'chat.status': ({ chatId }) => (chatId === id ? [chatKeys.chat(chatId), chatKeys.current] : []),
      'chat.read': ({ chatId, side }) => (chatId === id && side === 'agent' ? [chatKeys.chat(chatId)] : []),
    },
    { enabled: id !== null, onReady: id ? [chatKeys.chat(id)] : [] },
  );
  return useQuery({
    queryKey: chatKeys.chat(id ?? ''),
    queryFn: async ({ signal }) => (await api.get(chatPath(id ?? ''), { schema: ZChatResponse, signal })).chat,
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Older messages, page by page (`before` the oldest shown). */
export function fetchOlderMessages(id: string, before: string) {
  return api.get(`${chatPath(id, '/messages')}?${new URLSearchParams({ before, limit: '50' })}`, { schema: ZChatMessagePage });
}

function useStoreChat() {
  const queryClient = useQueryClient();
  return (chat: TChatView) => {
    queryClient.setQueryData(chatKeys.chat(chat.id), chat);
    void queryClient.invalidateQueries({ queryKey: chatKeys.current });
  };
}

export function useStartChat() {
  const store = useStoreChat();
  return useMutation({
    mutationFn: (body: TStartChatRequest) => api.post('/api/chat', body, { schema: ZChatResponse }),
    onSuccess: (answer) => store(answer.chat),
  });
}

export function useSendChatMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files }: { body: string; files: File[] }) => postWithFiles(chatPath(id, '/messages'), { body }, files, ZChatSendResponse),
    onSuccess: (answer) => {
      queryClient.setQueryData<TChatView>(chatKeys.chat(id), (chat) =>
        chat && !chat.messages.some((m) => m.id === answer.message.id) ? { ...chat, messages: [...chat.messages, answer.message] } : chat,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.chat(id) });
    },
  });
}

export function useEndChat(id: string) {
  const store = useStoreChat();
  return useMutation({
    mutationFn: () => api.post(chatPath(id, '/end'), {}, { schema: ZChatResponse }),
    onSuccess: (answer) => store(answer.chat),
  });
}

export function useRateChat(id: string) {
  const store = useStoreChat();
  return useMutation({
    mutationFn: (body: TChatRatingRequest) => api.post(chatPath(id, '/rating'), body, { schema: ZChatResponse }),
    onSuccess: (answer) => store(answer.chat),
  });
}

export function useChatTranscript(id: string) {
  return useMutation({ mutationFn: () => api.post(chatPath(id, '/transcript'), {}, { schema: ZChatMessageOnly }) });
}

/** Marks the chat read up to now (the adviser sees « Lu »). */
export function markChatRead(path: string) {
  return api.post(path, {}, { schema: ZChatReadResponse });
}

/** Tells the other side that this one types: at most one call per CHAT_TYPING_INTERVAL_MS. */
export function useTypingNotifier(path: string | null) {
  const last = useRef(0);
  return () => {
    const now = Date.now();
    if (!path || now - last.current < CHAT_TYPING_INTERVAL_MS + 500) return;
    last.current = now;
    api.post(path, {}).catch(() => undefined);
  };
}

