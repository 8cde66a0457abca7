import type { FastifyInstance } from 'fastify';
import { passwordResetRoutes } from './password-reset.ts';
import { authRoutes } from './session.ts';

/** /api/auth: signing up, in and out, and a forgotten password. No guard: these make the caller known. */
export async function authArea(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
}
