import type { FastifyInstance } from 'fastify';
import { adminArea } from './admin/index.ts';
import { authArea } from './auth/index.ts';
import { chatArea } from './chat/index.ts';
import { clientArea } from './client/index.ts';
import { companyArea } from './company/index.ts';
import { demoArea } from './demo/index.ts';
import { metricsArea } from './metrics/index.ts';
import { partnerArea } from './partner/index.ts';
import { payArea } from './pay/index.ts';
import { publicArea } from './public/index.ts';
import { streamArea } from './stream/index.ts';
import { supportArea } from './support/index.ts';
import { webhookArea } from './webhooks/index.ts';

/**
 * The HTTP layer, one folder per audience: the folder is the URL's area, its index.ts holds the area's one
 * guard (the roles that may enter) and lists its route files. Route files validate with the contracts and
 * call the modules (ADR 004); they hold no query and no rule of their own.
 */
export const AREAS = [
  { prefix: '/api', plugin: publicArea },
  { prefix: '/api/auth', plugin: authArea },
  { prefix: '/api/client', plugin: clientArea },
  { prefix: '/api/partner', plugin: partnerArea },
  { prefix: '/api/admin', plugin: adminArea },
  { prefix: '/api/company', plugin: companyArea },
  { prefix: '/api/support', plugin: supportArea },
  { prefix: '/api/demo', plugin: demoArea },
  // Issue 36: the signed-in person's Server-Sent Events, whatever the role (ADR 019).
  { prefix: '/api/stream', plugin: streamArea },
  // Issue 36: the live chat's requester side (customers, partner members, visitors with the farha_chat cookie).
  { prefix: '/api/chat', plugin: chatArea },
  { prefix: '/api', plugin: webhookArea },
  { prefix: '/pay', plugin: payArea },
  { prefix: '', plugin: metricsArea },
] as const;

export async function registerAreas(app: FastifyInstance): Promise<void> {
  for (const area of AREAS) await app.register(area.plugin, { prefix: area.prefix });
}

export { WEBHOOK_PREFIXES } from './webhooks/index.ts';
