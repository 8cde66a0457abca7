import { z } from 'zod';
import { ZRole } from './roles.ts';
import { ZVoucherStatus } from './vouchers.ts';

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

export const ZClientVoucherSummary = z.object({
  id: z.string(),
  code: z.string(),
  status: ZVoucherStatus,
  boxId: z.string(),
  boxName: z.string(),
  boxImageUrl: z.string().nullable(),
  recipientName: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export const ZClientVoucherList = z.object({ vouchers: z.array(ZClientVoucherSummary) });
export type TClientVoucherSummary = z.infer<typeof ZClientVoucherSummary>;

export const ZAdminNavigation = z.object({ pages: z.array(z.string()) });

export const ZAdminUserList = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      role: ZRole,
      status: z.string(),
      createdAt: z.string(),
      lastLoginAt: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
});

export const ZSupportTicketList = z.object({
  tickets: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      category: z.string(),
      priority: z.string(),
      status: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
});
