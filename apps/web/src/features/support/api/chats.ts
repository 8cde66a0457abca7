import {
  CHAT_PRESENCE_INTERVAL_MS,
  ZChatAgentList,
  ZChatMessagePage,
  ZChatReadResponse,
  ZChatSendResponse,
  ZDeskChatDetail,
  ZDeskChatList,
  ZDeskChatSummary,
  type TDeskChatDetail,
  type TDeskChatSummary,
  type TDeskChatView,
} from '@farha/contracts/chat';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '@/lib/api';
import { useLocalizedSelect } from '@/lib/localized';
import { subscribeRealtime, useLiveQueries } from '@/lib/realtime';
import { postWithFiles } from '@/lib/upload';
import { playChatBeep } from '../chat-sound';

// Issue 36 (docs/product/live-chat.md): the desk's side of the live chat, /api/support/chats. The queue, the
// sidebar count and the open conversation refresh from the stream (chat.queue, chat.status, chat.message,
// chat.read), never by polling.

export const chatDeskKeys = {
  all: ['support-chats'] as const,
  summary: ['support-chats', 'summary'] as const,
  lists: ['support-chats', 'list'] as const,
  list: (view: TDeskChatView) => ['support-chats', 'list', view] as const,
  detail: (id: string) => ['support-chats', 'detail', id] as const,
  agents: ['support-chats', 'agents'] as const,
};

const deskPath = (id: string, tail = '') => `/api/support/chats/${encodeURIComponent(id)}${tail}`;

/**
 * The sidebar's waiting count and the adviser's toggle. `listen`: this caller holds the desk's chat
 * events (the support layout, on every page of the desk): the queue and the adviser's chats refresh, and
 * a new waiting chat beeps when the adviser is available and has the sound on.
 */
export function useChatDeskSummary({ listen = false } = {}) {
  const queryClient = useQueryClient();
  useLiveQueries(
    {
      'chat.queue': ({ chatId }) => [chatDeskKeys.summary, chatDeskKeys.lists, chatDeskKeys.detail(chatId), chatDeskKeys.agents],
      'chat.status': ({ chatId }) => [chatDeskKeys.summary, chatDeskKeys.lists, chatDeskKeys.detail(chatId)],
      'chat.message': ({ chatId }) => [chatDeskKeys.list('mine'), chatDeskKeys.detail(chatId)],
      'chat.read': ({ chatId, side }) => (side === 'requester' ? [chatDeskKeys.detail(chatId)] : []),
    },
    { enabled: listen, onReady: [chatDeskKeys.all] },
  );
  useEffect(() => {
    if (!listen) return;
    return subscribeRealtime({
      topic: 'chat.queue',
      on: (message) => {
        const summary = queryClient.getQueryData<TDeskChatSummary>(chatDeskKeys.summary);
        if ((message.payload as { status: string }).status === 'waiting' && summary?.available && chatSoundOn()) playChatBeep();
      },
    });
  }, [listen, queryClient]);
  return useQuery({
    queryKey: chatDeskKeys.summary,
    queryFn: ({ signal }) => api.get('/api/support/chats/summary', { schema: ZDeskChatSummary, signal }),
  });
}

/** While the adviser's toggle is on, tells the server every 60 s that they are here (present: seen within 2 minutes). */
export function useChatPresencePing(available: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!available) return;
    const ping = () =>
      api
        .post('/api/support/chats/presence', { available: true }, { schema: ZDeskChatSummary })
        .then((summary) => queryClient.setQueryData(chatDeskKeys.summary, summary))
        .catch(() => undefined);
    void ping();
    const timer = setInterval(ping, CHAT_PRESENCE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [available, queryClient]);
}

export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (available: boolean) => api.post('/api/support/chats/presence', { available }, { schema: ZDeskChatSummary }),
    onSuccess: (summary) => {
      queryClient.setQueryData(chatDeskKeys.summary, summary);
      void queryClient.invalidateQueries({ queryKey: chatDeskKeys.agents });
    },
  });
}

export function useDeskChats(view: TDeskChatView) {
  return useQuery({
    queryKey: chatDeskKeys.list(view),
    queryFn: ({ signal }) => api.get(`/api/support/chats?${new URLSearchParams({ view, limit: '50' })}`, { schema: ZDeskChatList, signal }),
  });
}

export function useDeskChat(id: string | null) {
  const select = useLocalizedSelect<TDeskChatDetail>();
  return useQuery({
    queryKey: chatDeskKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get(deskPath(id ?? ''), { schema: ZDeskChatDetail, signal }),
    select,
    enabled: id !== null,
    staleTime: 0,
  });
}

export function fetchOlderDeskMessages(id: string, before: string) {
  return api.get(`${deskPath(id, '/messages')}?${new URLSearchParams({ before, limit: '50' })}`, { schema: ZChatMessagePage });
}

export function useChatAgents(enabled: boolean) {
  return useQuery({
    queryKey: chatDeskKeys.agents,
    queryFn: ({ signal }) => api.get('/api/support/chats/agents', { schema: ZChatAgentList, signal }),
    enabled,
  });
}

/** Accept, end or transfer: the answer is the chat's detail; the lists and the count follow. */
function useDeskChatAction<V>(call: (vars: V) => Promise<TDeskChatDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      queryClient.setQueryData(chatDeskKeys.detail(detail.chat.id), detail);
      void queryClient.invalidateQueries({ queryKey: chatDeskKeys.lists });
      void queryClient.invalidateQueries({ queryKey: chatDeskKeys.summary });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: chatDeskKeys.lists });
      void queryClient.invalidateQueries({ queryKey: chatDeskKeys.summary });
    },
  });
}

export function useAcceptChat() {
  return useDeskChatAction((id: string) => api.post(deskPath(id, '/accept'), {}, { schema: ZDeskChatDetail }));
}

export function useEndDeskChat() {
  return useDeskChatAction((id: string) => api.post(deskPath(id, '/end'), {}, { schema: ZDeskChatDetail }));
}

export function useTransferChat() {
  return useDeskChatAction(({ id, agentId }: { id: string; agentId: string }) => api.post(deskPath(id, '/transfer'), { agentId }, { schema: ZDeskChatDetail }));
}

export function useSendDeskMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files }: { body: string; files: File[] }) => postWithFiles(deskPath(id, '/messages'), { body }, files, ZChatSendResponse),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatDeskKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: chatDeskKeys.list('mine') });
    },
  });
}

export function markDeskChatRead(id: string) {
  return api.post(deskPath(id, '/read'), {}, { schema: ZChatReadResponse });
}

export const deskTypingPath = (id: string) => deskPath(id, '/typing');

// The sound of a new waiting chat: on unless the adviser turned it off on this browser.
const SOUND_KEY = 'farha.desk.chatSound';
const soundListeners = new Set<() => void>();
let soundWithoutStorage = true;

function chatSoundOn(): boolean {
  try {
    return typeof localStorage === 'undefined' || localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return soundWithoutStorage;
  }
}

export function setChatSound(on: boolean): void {
  soundWithoutStorage = on;
  try {
    if (on) localStorage.removeItem(SOUND_KEY);
    else localStorage.setItem(SOUND_KEY, 'off');
  } catch {
    // No storage: the choice lasts while the page is open.
  }
  for (const notify of soundListeners) notify();
}

export function useChatSound(): boolean {
  return useSyncExternalStore(
    (notify) => {
      soundListeners.add(notify);
      return () => soundListeners.delete(notify);
    },
    chatSoundOn,
    () => true,
  );
}
