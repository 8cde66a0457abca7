import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TRole } from '@farha/contracts/roles';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';

import { forbidden, unauthenticated } from './errors.ts';

export type AuthContext = {
  userId: string;
  role: TRole;
  email: string;
  firstName: string;
  sessionExpiresAt: Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: 'pglite' | 'postgres';
    config: Config;
    clock: Clock;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The signed-in user, or a 401 in the spec's words. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** onRequest hook guarding a whole route prefix (or one route) by role. */
export function requireRoles(roles: readonly TRole[]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const auth = requireAuth(request);
    if (!roles.includes(auth.role)) throw forbidden();
  };
}
