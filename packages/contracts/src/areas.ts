import { z } from 'zod';

export const ZPartnerMe = z.object({
  partner: z.object({
    id: z.string(),
    name: z.string(),
    city: z.string(),
    kycStatus: z.enum(['pending', 'verified', 'rejected']),
    active: z.boolean(),
  }),
  memberRole: z.enum(['owner', 'staff']),
  permissions: z.array(z.string()),
});
export type TPartnerMe = z.infer<typeof ZPartnerMe>;

export const ZAdminNavigation = z.object({ pages: z.array(z.string()) });
