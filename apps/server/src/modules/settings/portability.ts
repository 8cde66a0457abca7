import { ZSettingsSections, type TSettingsSections } from '@farha/contracts/admin';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { systemSettings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { EVERYONE_AUDIENCE, publish } from '../realtime/index.ts';
import { assertGiftCardSettings, readAllSettings } from './administration.ts';
import { clearSettingsCache, SETTINGS_SCHEMAS, type SettingsKey } from './service.ts';

export const SETTINGS_FILE_FORMAT = 'farha-settings';
export const SETTINGS_FILE_VERSION = 1;
const SECTIONS = Object.keys(SETTINGS_SCHEMAS) as SettingsKey[];

/** The configuration file: every section, with what it is and when it was taken. */
export async function exportSettings(db: Db, now: Date) {
  const { settings } = await readAllSettings(db);
  return { format: SETTINGS_FILE_FORMAT, version: SETTINGS_FILE_VERSION, exportedAt: now.toISOString(), settings };
}

// Strict all the way down: a field this version does not know is a mistake in the file, not something to drop.
const ZStrictSections = z
  .object(Object.fromEntries(Object.entries(ZSettingsSections.shape).map(([key, section]) => [key, section.strict()])) as typeof ZSettingsSections.shape)
  .strict();
const ZSettingsFile = z.object({
  format: z.literal(SETTINGS_FILE_FORMAT),
  version: z.literal(SETTINGS_FILE_VERSION),
  exportedAt: z.string().optional(),
  settings: ZStrictSections,
});

type Step = { actor: AuditActor; now: Date };

/** Fields added after SETTINGS_FILE_VERSION 1 was first written: a file exported before them gets their defaults. */
const FIELDS_ADDED_LATER: Partial<Record<SettingsKey, string[]>> = {
  platform: ['support_email', 'support_phone', 'partner_hotline'],
  // Issue 35 (docs/product/gift-cards.md §1).
  payments: [
    'gift_card_min_amount',
    'gift_card_max_amount',
    'gift_card_validity_months',
    'gift_card_goodwill_max',
    'gift_card_reminder_days',
    // Issue 37 (docs/product/group-gifts.md §1).
    'group_gift_min_contribution',
    'group_gift_choice_days',
    'group_gift_max_open_per_user',
    'group_gift_max_contributions_per_email',
    'group_gift_max_amount',
  ],
  // Issue 36 (docs/product/live-chat.md §2): a section of its own, added whole.
  support: ['chat_max_per_agent', 'chat_wait_limit_seconds', 'chat_customer_from_hour', 'chat_customer_to_hour', 'chat_partner_from_hour', 'chat_partner_to_hour'],
};

/** A file exported before a field existed gets that field's default; any other missing field still makes the file invalid. */
function withNewFieldsDefaulted(file: unknown): unknown {
  if (!file || typeof file !== 'object' || !('settings' in file) || !file.settings || typeof file.settings !== 'object') return file;
  // A section added later (issue 36: support) is absent from older files: it starts empty and gets its defaults.
  const settings = { support: {}, ...(file.settings as Record<string, unknown>) };
  const filled = Object.fromEntries(
    Object.entries(settings).map(([key, values]) => {
      const added = FIELDS_ADDED_LATER[key as SettingsKey];
      if (!added || !values || typeof values !== 'object') return [key, values];
      const defaults = SETTINGS_SCHEMAS[key as SettingsKey].parse({}) as Record<string, unknown>;
      return [key, { ...Object.fromEntries(added.map((field) => [field, defaults[field]])), ...values }];
    }),
  );
  return { ...file, settings: filled };
}

async function writeAll(db: Db, next: TSettingsSections | null, step: Step, action: 'settings.import' | 'settings.reset') {
  const before = (await readAllSettings(db)).settings;
  await db.transaction(async (tx) => {
    if (next === null) await tx.delete(systemSettings);
    else {
      for (const key of SECTIONS) {
        await tx
          .insert(systemSettings)
          .values({ key, value: next[key], updatedBy: step.actor.userId, updatedAt: step.now })
          .onConflictDoUpdate({ target: systemSettings.key, set: { value: next[key], updatedBy: step.actor.userId, updatedAt: step.now } });
      }
    }
    // Issue 36: every signed-in page reads GET /api/site again (docs/product/realtime.md §6).
    await publish(tx, { topic: 'site.status', audience: EVERYONE_AUDIENCE, payload: { change: action === 'settings.import' ? 'settings_imported' : 'settings_reset' }, now: step.now });
  });
  clearSettingsCache();
  const after = await readAllSettings(db);
  await recordAudit(db, {
    actor: step.actor,
    action,
    entityType: 'settings',
    entityId: 'all',
    summary: action === 'settings.import' ? 'Configuration importée' : 'Réinitialisation aux valeurs par défaut',
    params: {},
    before,
    after: after.settings,
    now: step.now,
  });
  return after;
}

/**
 * Import (docs/product/back-office.md §7, issue 12): a file exported here, checked whole (every section, every field, the same
 * bounds as a save, minimum below maximum) before anything is written; a bad file changes nothing.
 */
export async function importSettings(db: Db, file: unknown, step: Step) {
  const parsed = ZSettingsFile.safeParse(withNewFieldsDefaulted(file));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    throw new AppError('SETTINGS_IMPORT_INVALID', { field: 'file', params: { where: where || 'settings' } });
  }
  const settings = parsed.data.settings;
  if (settings.payments.min_amount >= settings.payments.max_amount) {
    throw new AppError('SETTINGS_AMOUNTS', { field: 'file' });
  }
  assertGiftCardSettings(settings.payments, 'file');
  return writeAll(db, settings, step, 'settings.import');
}

/** Factory reset: every stored value removed, the spec's defaults apply again; audited with the old values. */
export const RESET_CONFIRMATION_WORD = 'RÉINITIALISER';
export async function resetSettings(db: Db, confirmation: string, step: Step) {
  if (confirmation.trim() !== RESET_CONFIRMATION_WORD) throw new AppError('RESET_CONFIRMATION', { field: 'confirm' });
  return writeAll(db, null, step, 'settings.reset');
}
