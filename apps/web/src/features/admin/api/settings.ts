import { ZSettingsResponse, ZSystemFigures, type TSettingsPatch } from '@farha/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

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

/** The four tiles, refreshed every 30 seconds while the page is open. */
export function useSystemFigures() {
  return useQuery({
    queryKey: ['admin', 'settings', 'system'],
    queryFn: ({ signal }) => api.get('/api/admin/settings/system', { schema: ZSystemFigures, signal }),
    refetchInterval: 30_000,
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
