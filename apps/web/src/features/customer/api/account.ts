import {
  ZMessageResponse,
  ZProfileResponse,
  type TChangePasswordRequest,
  type TUpdateProfileRequest,
} from '@farha/contracts/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

const profileKey = ['customer', 'profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => api.get('/api/client/profile', { schema: ZProfileResponse, signal }),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TUpdateProfileRequest) => api.patch('/api/client/profile', request, { schema: ZProfileResponse }),
    onSuccess: (result) => {
      queryClient.setQueryData(profileKey, { profile: result.profile });
      // A new e-mail address may bring vouchers addressed to it.
      void queryClient.invalidateQueries({ queryKey: ['customer', 'vouchers'] });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (request: TChangePasswordRequest) => api.post('/api/client/password', request, { schema: ZMessageResponse }),
  });
}

/** GET /api/client/export: everything Farha keeps about the customer, saved as a JSON file. */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const data = await api.get('/api/client/export');
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `farha-mes-donnees-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      // Some browsers read the blob after click() returns.
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}
