import { ZInvitationInfo, type TAcceptInvitation } from '@farha/contracts/partner';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => api.get(`/api/invitations/${encodeURIComponent(token)}`, { schema: ZInvitationInfo, signal }),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (values: TAcceptInvitation) => api.post(`/api/invitations/${encodeURIComponent(token)}/accept`, values),
  });
}
