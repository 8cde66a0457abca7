import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { systemSettings } from '../../db/schema/index.ts';

/**
 * A random secret kept in system_settings under `key`, made by the first instance that asks: every
 * instance then reads the same one (the sandbox gateway signs with it when no key is configured).
 */
export async function sharedSecret(db: Queryable, key: string, now: Date): Promise<string> {
  await db
    .insert(systemSettings)
    .values({ key, value: { secret: randomBytes(32).toString('hex') }, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, key));
  return (row!.value as { secret: string }).secret;
}
