import { ZKycState, ZKycSubmitResponse, ZKycUploadResponse } from '@farha/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { postForm } from '@/lib/upload';
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
  return postForm('/api/partner/kyc/documents', body, ZKycUploadResponse);
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
