import { ZKycState, ZKycSubmitResponse, ZKycUploadResponse } from '@farha/contracts/admin';
import { ERRORS, ZApiError } from '@farha/contracts/errors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, NETWORK_ERROR } from '@/lib/api';
import { partnerKeys } from './me';

const kycKey = ['partner', 'kyc'] as const;

export function useKyc() {
  return useQuery({ queryKey: kycKey, queryFn: ({ signal }) => api.get('/api/partner/kyc', { schema: ZKycState, signal }) });
}

/** POST /api/partner/kyc/documents (multipart: `type` and the file). */
async function uploadKycDocument(input: { type: string; file: File }) {
  const body = new FormData();
  body.append('type', input.type);
  body.append('file', input.file);
  let response: Response;
  try {
    response = await fetch('/api/partner/kyc/documents', { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, ERRORS.LOGIN_FAILED.fr);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = ZApiError.safeParse(payload);
    throw parsed.success
      ? new ApiError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.field, parsed.data.error.params)
      : new ApiError(response.status, 'INTERNAL', ERRORS.INTERNAL.fr);
  }
  const parsed = ZKycUploadResponse.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, 'INTERNAL', ERRORS.INTERNAL.fr);
  return parsed.data;
}

export function useUploadKyc() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadKycDocument, onSettled: () => queryClient.invalidateQueries({ queryKey: kycKey }) });
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/partner/kyc/submit', {}, { schema: ZKycSubmitResponse }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: kycKey }), queryClient.invalidateQueries({ queryKey: partnerKeys.profile })]),
  });
}
