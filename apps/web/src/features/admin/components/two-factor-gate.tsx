import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useStaffProfile } from '../api/profile';

/**
 * With the setting security.require_2fa on, a back-office account without 2FA is taken to its profile to
 * enrol (the server refuses every other back-office call meanwhile).
 */
export function TwoFactorGate() {
  const { pathname } = useLocation();
  const profile = useStaffProfile();
  const twoFactor = profile.data?.twoFactor;
  if (twoFactor?.required && !twoFactor.enabled && pathname !== paths.admin.profile) return <Navigate to={paths.admin.profile} replace />;
  return null;
}
