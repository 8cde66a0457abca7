import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../lib/context.ts';
import type { AuditActor } from '../../modules/audit/index.ts';

/** The signed-in staff member, as the audit log records them. */
export function actorOf(request: FastifyRequest): AuditActor {
  const auth = requireAuth(request);
  return { userId: auth.userId, email: auth.email, role: auth.role };
}
