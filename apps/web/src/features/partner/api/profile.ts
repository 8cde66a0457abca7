import {
  ZInviteMemberResponse,
  ZMessageResponse,
  ZNotificationPreferences,
  ZPartnerProfile,
  ZTeamMemberResponse,
  type TInviteMember,
  type TNotificationPreferences,
  type TPartnerPermission,
  type TUpdateBusinessProfile,
  type TUpdatePersonalProfile,
} from '@farha/contracts/partner';
import type { TChangePasswordRequest } from '@farha/contracts/account';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { partnerKeys } from './me';

export function usePartnerProfile() {
  return useQuery({
    queryKey: partnerKeys.profile,
    queryFn: ({ signal }) => api.get('/api/partner/profile', { schema: ZPartnerProfile, signal }),
  });
}

function useProfileRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: partnerKeys.profile }),
      queryClient.invalidateQueries({ queryKey: partnerKeys.me }),
    ]);
}

export function useUpdatePersonal() {
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (values: TUpdatePersonalProfile) =>
      api.patch('/api/partner/profile/personal', values, { schema: ZPartnerProfile.extend({ message: z.string() }) }),
    onSuccess: refresh,
  });
}

export function useUpdateBusiness() {
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (values: TUpdateBusinessProfile) =>
      api.patch('/api/partner/profile/business', values, { schema: ZPartnerProfile.extend({ message: z.string() }) }),
    onSuccess: refresh,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (values: TChangePasswordRequest) => api.post('/api/partner/password', values, { schema: ZMessageResponse }),
  });
}

export function useInviteMember() {
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (values: TInviteMember) => api.post('/api/partner/team', values, { schema: ZInviteMemberResponse }),
    onSuccess: refresh,
  });
}

export function useUpdateMemberPermissions() {
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: ({ id, permissions }: { id: string; permissions: TPartnerPermission[] }) =>
      api.patch(`/api/partner/team/${encodeURIComponent(id)}`, { permissions }, { schema: ZTeamMemberResponse }),
    onSettled: refresh,
  });
}

export function useRemoveMember() {
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/partner/team/${encodeURIComponent(id)}`, { schema: ZMessageResponse }),
    onSuccess: refresh,
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: partnerKeys.settings,
    queryFn: ({ signal }) => api.get('/api/partner/settings/notifications', { schema: ZNotificationPreferences, signal }),
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TNotificationPreferences) =>
      api.put('/api/partner/settings/notifications', values, { schema: ZNotificationPreferences.extend({ message: z.string() }) }),
    onSuccess: ({ message: _message, ...saved }) => queryClient.setQueryData(partnerKeys.settings, saved),
  });
}
