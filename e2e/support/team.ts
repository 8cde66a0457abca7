import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { loginAs } from './auth.ts';
import { UI_TIMEOUT_MS } from './browser.ts';

export type PartnerPermission = 'scanner' | 'view_transactions' | 'manage_offers' | 'manage_reservations';

export interface StaffMember {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * A new staff member of the demo partner (partenaire@), through the API: the owner invites them, the
 * invitation link is read from the demo mailbox (as a back-office user), and the invitation is accepted
 * in `staff`, which is then logged in as them. A journey that changes an account (its language…) uses
 * one of these rather than a demo account.
 */
export async function joinDemoPartnerViaApi(
  staff: BrowserContext,
  helpers: { owner: Page; admin: Page },
  permissions: PartnerPermission[],
): Promise<StaffMember> {
  const origin = new URL(inject('baseURL')).origin;
  const id = randomUUID().slice(0, 8);
  const member: StaffMember = { email: `e2e-staff-${id}@example.com`, password: `motdepasse-${id}`, firstName: 'Rania', lastName: `Test-${id}` };

  await loginAs(helpers.owner, 'partenaire');
  const invited = await helpers.owner.request.post('/api/partner/team', {
    data: { email: member.email, firstName: member.firstName, lastName: member.lastName, permissions },
    headers: { origin },
  });
  if (!invited.ok()) throw new Error(`POST /api/partner/team answered ${invited.status()}: ${await invited.text()}`);

  await loginAs(helpers.admin, 'admin');
  let messageId: string | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await helpers.admin.request.get(`/api/demo/mailbox?to=${encodeURIComponent(member.email)}`)).json()) as {
          messages: { id: string }[];
        };
        messageId = list.messages[0]?.id;
        return messageId !== undefined;
      },
      { timeout: UI_TIMEOUT_MS, message: 'the invitation e-mail is in the demo mailbox' },
    )
    .toBe(true);
  const mail = (await (await helpers.admin.request.get(`/api/demo/mailbox/${messageId}`)).json()) as { text: string };
  const token = /\/invitation\?token=([^\s"&<>]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No invitation link in the e-mail:\n${mail.text}`);

  const accepted = await staff.request.post(`/api/invitations/${token}/accept`, {
    data: { firstName: member.firstName, lastName: member.lastName, password: member.password, confirmPassword: member.password },
    headers: { origin },
  });
  if (!accepted.ok()) throw new Error(`Accepting the invitation answered ${accepted.status()}: ${await accepted.text()}`);
  return member;
}
