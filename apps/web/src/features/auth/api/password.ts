import { ZMessageResponse, ZResetTokenCheckResponse } from '@farha/contracts/account';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post('/api/auth/password/forgot', { email }, { schema: ZMessageResponse }),
  });
}

/** Tells the reset page, before the user types anything, whether the link still works. */
export function useResetTokenCheck(token: string | null) {
  return useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => api.post('/api/auth/password/reset/check', { token }, { schema: ZResetTokenCheckResponse }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (request: { token: string; password: string; confirmPassword: string }) =>
      api.post('/api/auth/password/reset', request, { schema: ZMessageResponse }),
  });
}
