import { ZSettingsSections, type TSettingsPatch, type TSettingsSections } from '@farha/contracts/admin';
import { max } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { systemSettings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { EVERYONE_AUDIENCE, publish } from '../realtime/index.ts';
import { clearSettingsCache, getSettings, SETTINGS_SCHEMAS, type SettingsKey } from './service.ts';

const SECTIONS = Object.keys(SETTINGS_SCHEMAS) as SettingsKey[];

/** Every section, stored values over the spec's defaults, and when they last changed. */
export async function readAllSettings(db: Queryable): Promise<{ settings: TSettingsSections; updatedAt: string | null }> {
  const sections = await Promise.all(SECTIONS.map(async (key) => [key, await getSettings(db, key)] as const));
  const [last] = await db.select({ at: max(systemSettings.updatedAt) }).from(systemSettings);
  // The stored values went through the server's schemas; the contract narrows a few (password lengths).
  const parsed = ZSettingsSections.safeParse(Object.fromEntries(sections));
  const settings = parsed.success ? parsed.data : (Object.fromEntries(sections) as unknown as TSettingsSections);
  return { settings, updatedAt: last?.at ? new Date(last.at).toISOString() : null };
}

/** docs/product/gift-cards.md §1: the gift card settings hold together (a save and an import alike). */
export function assertGiftCardSettings(p: TSettingsSections['payments'], field?: string): void {
  if (p.gift_card_min_amount >= p.gift_card_max_amount) throw new AppError('SETTINGS_GIFT_CARD_AMOUNTS', { field: field ?? 'payments.gift_card_min_amount' });
  if (p.gift_card_goodwill_max > p.gift_card_max_amount) throw new AppError('SETTINGS_GIFT_CARD_GOODWILL', { field: field ?? 'payments.gift_card_goodwill_max' });
  // A card is reminded within its validity (the shortest month counted as 28 days), never before it is even valid.
  if (p.gift_card_reminder_days >= p.gift_card_validity_months * 28) throw new AppError('SETTINGS_GIFT_CARD_REMINDER', { field: field ?? 'payments.gift_card_reminder_days' });
}

/**
 * PATCH /api/admin/settings: merges the given fields into their sections, checks the result as a whole
 * (min below max), writes each changed section with who and when, and audits before/after.
 */
export async function updateSettings(db: Db, patch: TSettingsPatch, action: { actor: AuditActor; now: Date }) {
  await db.transaction(async (tx) => {
    const current = (await readAllSettings(tx)).settings;
    const next = {
      ...current,
      ...Object.fromEntries(Object.entries(patch).map(([key, values]) => [key, { ...current[key as SettingsKey], ...values }])),
    } as TSettingsSections;
    if (next.payments.min_amount >= next.payments.max_amount) {
      throw new AppError('SETTINGS_AMOUNTS', { field: 'payments.min_amount' });
    }
    assertGiftCardSettings(next.payments);
    for (const key of SECTIONS) {
      if (!patch[key] || JSON.stringify(current[key]) === JSON.stringify(next[key])) continue;
      // The audit names and shows only the fields whose value changed, not every field the form sent.
      const was = current[key] as Record<string, unknown>;
      const now = next[key] as Record<string, unknown>;
      const changed = Object.keys(patch[key]!).filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]));
      const only = (values: Record<string, unknown>) => Object.fromEntries(changed.map((field) => [field, values[field]]));
      await tx
        .insert(systemSettings)
        .values({ key, value: next[key], updatedBy: action.actor.userId, updatedAt: action.now })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value: next[key], updatedBy: action.actor.userId, updatedAt: action.now } });
      await recordAudit(tx, {
        actor: action.actor,
        action: 'settings.update',
        entityType: 'settings',
        entityId: key,
        summary: changed.join(', '),
        params: { fields: changed },
        before: only(was),
        after: only(now),
        now: action.now,
      });
    }
    // Issue 36: every signed-in page reads GET /api/site again (maintenance, contact; docs/product/realtime.md §6).
    await publish(tx, { topic: 'site.status', audience: EVERYONE_AUDIENCE, payload: { change: 'settings_saved' }, now: action.now });
  });
  clearSettingsCache();
  return readAllSettings(db);
}
