import type { Queryable } from '../../db/client.ts';
import { cachedSettings } from '../settings/index.ts';

/** Attempts of one message: the first, then the setting notifications.retry_attempts retries (spec 02 §3). */
export async function maxAttempts(db: Queryable): Promise<number> {
  return 1 + (await cachedSettings(db, 'notifications')).retry_attempts;
}
