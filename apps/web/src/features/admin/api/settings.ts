import { ZSettingsResponse, ZSystemFigures, type TSettingsPatch } from '@farha/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useAdminLive } from './live';

const key = ['admin', 'settings'] as const;

export function useAdminSettings() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api.get('/api/admin/settings', { schema: ZSettingsResponse, signal }) });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TSettingsPatch) => api.patch('/api/admin/settings', patch, { schema: ZSettingsResponse }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}

/**
 * The four tiles: the payments are pushed; uptime, the users of the last 15 minutes, the hour's transactions and
 * the storage move with time too: the slow clock (./live.ts).
 */
export function useSystemFigures() {
  const refetchInterval = useAdminLive([['admin', 'settings', 'system']]);
  return useQuery({
    queryKey: ['admin', 'settings', 'system'],
    queryFn: ({ signal }) => api.get('/api/admin/settings/system', { schema: ZSystemFigures, signal }),
    refetchInterval,
  });
}

export function useImportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: unknown) => api.post('/api/admin/settings/import', file, { schema: ZSettingsResponse }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}

export function useResetSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) => api.post('/api/admin/settings/reset', { confirm }, { schema: ZSettingsResponse }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}
