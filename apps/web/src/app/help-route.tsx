import { isPartnerRole } from '@farha/contracts/plain/roles';
import { lazy, Suspense } from 'react';
import { HelpPage } from '@/features/storefront/pages/help-page';
import { useAuth } from '@/lib/auth';

// Loaded only for a signed-in customer or partner: a visitor's help centre carries neither area.
const CustomerHelpCorner = lazy(async () => ({ default: (await import('@/features/customer/components/help-corner')).CustomerHelpCorner }));
const PartnerHelpCorner = lazy(async () => ({ default: (await import('@/features/partner/components/help-corner')).PartnerHelpCorner }));

/** /support: the public help centre, with the reader's own tickets and a new-ticket form when they have an account area. */
export function HelpRoute() {
  const { user } = useAuth();
  const corner = !user ? null : user.role === 'customer' ? <CustomerHelpCorner /> : isPartnerRole(user.role) ? <PartnerHelpCorner /> : null;
  return <HelpPage accountArea={corner && <Suspense fallback={null}>{corner}</Suspense>} />;
}
