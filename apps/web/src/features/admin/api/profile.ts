import { ZMessageResponse, type TChangePasswordRequest, type TUpdateProfileRequest } from '@farha/contracts/account';
import { ZStaffProfileResponse, ZTwoFactorResponse, ZTwoFactorSetup } from '@farha/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

const key = ['admin', 'profile'] as const;

export function useStaffProfile() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api.get('/api/admin/profile', { schema: ZStaffProfileResponse, signal }) });
}

export function useSaveStaffProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateProfileRequest) => api.patch('/api/admin/profile', input, { schema: ZStaffProfileResponse }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}

export function useChangeStaffPassword() {
  return useMutation({
    mutationFn: (input: TChangePasswordRequest) => api.post('/api/admin/profile/password', input, { schema: ZMessageResponse }),
  });
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.post('/api/admin/profile/2fa/setup', {}, { schema: ZTwoFactorSetup }) });
}

export function useTwoFactorSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: 'enable' | 'disable'; code: string }) =>
      api.post(`/api/admin/profile/2fa/${input.action}`, { code: input.code }, { schema: ZTwoFactorResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
