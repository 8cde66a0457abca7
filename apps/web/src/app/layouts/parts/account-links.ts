import { isAdminRole, isPartnerRole, isSupportRole, type TRole } from '@farha/contracts/plain/roles';
import type { TFunction } from '@/lib/i18n-react';
import { Gift, LayoutDashboard, LifeBuoy, Store, UserRound, type LucideIcon } from 'lucide-react';
import { paths, profilePathFor } from '@/config/paths';

export interface AccountLink {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** docs/product/accounts-and-roles.md §2: the user menu's entries for a role. */
export function accountLinks(role: TRole, t: TFunction): AccountLink[] {
  const links: AccountLink[] = [];
  if (role === 'customer') links.push({ to: paths.client.dashboard, label: t('account.myBoxes'), icon: Gift });
  if (isPartnerRole(role)) {
    links.push({ to: paths.partner.dashboard, label: t('account.partnerDashboard'), icon: Store });
  }
  if (isAdminRole(role)) {
    links.push({ to: paths.admin.dashboard, label: t('account.administration'), icon: LayoutDashboard });
  }
  // superadmin may open the support portal too (docs/product/accounts-and-roles.md §1).
  if (isSupportRole(role)) {
    links.push({ to: paths.supportPortal.dashboard, label: t('account.supportPortal'), icon: LifeBuoy });
  }
  links.push({ to: profilePathFor(role), label: t('account.myProfile'), icon: UserRound });
  return links;
}
