import type { TPartnerPermission } from '@farha/contracts/partner';
import type { ReactNode } from 'react';
import { can, usePartnerMe } from '../api/me';
import { usePartnerTranslation } from '../i18n';
import { LoadError, NoPermission, PageSkeleton } from './page-states';

/** Renders the page for a member holding `permission` (the owner holds all); a clear message otherwise. */
export function RequirePartnerPermission({ permission, children }: { permission: TPartnerPermission; children: ReactNode }) {
  const { t } = usePartnerTranslation();
  const me = usePartnerMe();
  if (me.isPending) return <PageSkeleton />;
  if (me.isError) return <LoadError error={me.error} onRetry={() => void me.refetch()} />;
  if (!can(me.data, permission)) return <NoPermission permissionLabel={t(`permissions.${permission}`)} />;
  return children;
}
