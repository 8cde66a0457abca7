import { ZSettingsResponse, type TSettingsPatch } from '@farha/contracts/admin';
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
