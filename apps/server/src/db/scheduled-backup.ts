import fs from 'node:fs';
import path from 'node:path';

/**
 * Backups the running server takes of the embedded database into DATA_DIR/backups (PostgreSQL: pg_dump,
 * see the README). Each is a whole PGlite data folder, gzipped (`npm run db:restore -- FILE` restores one).
 * Ages come from the names, written with the injected clock: `farha-20250101T020000Z.tar.gz`.
 */
export const BACKUP_DIR_NAME = 'backups';
const NAME = /^farha-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/;
const DAY_MS = 86_400_000;

export function backupFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
  return `farha-${stamp}.tar.gz`;
}

function takenAt(name: string): Date | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}

/** The backups in `dir`, oldest first. */
export function listBackups(dir: string): { file: string; takenAt: Date }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => ({ file: path.join(dir, name), takenAt: takenAt(name) }))
    .filter((b): b is { file: string; takenAt: Date } => b.takenAt !== null)
    .sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
}

export type BackupSchedule = {
  dir: string;
  /** The database as a gzipped tarball (PGlite's dumpDataDir). */
  dump: () => Promise<Blob>;
  now: Date;
  /** A new backup once the newest is this old. */
  everyMs: number;
  /** Backups older than this many days are deleted (the newest one is always kept). */
  keepDays: number;
};

/**
 * One pass of the schedule: a backup when the newest is `everyMs` old (or there is none), then the ones
 * older than `keepDays` removed. Written aside and renamed: a backup file is whole or absent.
 */
export async function runScheduledBackup(s: BackupSchedule): Promise<{ written: string | null; removed: string[] }> {
  fs.mkdirSync(s.dir, { recursive: true });
  const newest = listBackups(s.dir).at(-1);
  let written: string | null = null;
  if (!newest || s.now.getTime() - newest.takenAt.getTime() >= s.everyMs) {
    const file = path.join(s.dir, backupFileName(s.now));
    const bytes = Buffer.from(await (await s.dump()).arrayBuffer());
    const partial = `${file}.partial`;
    await fs.promises.writeFile(partial, bytes);
    await fs.promises.rename(partial, file);
    written = file;
  }
  const all = listBackups(s.dir);
  const cutoff = s.now.getTime() - s.keepDays * DAY_MS;
  const removed: string[] = [];
  for (const backup of all.slice(0, -1)) {
    if (backup.takenAt.getTime() < cutoff) {
      await fs.promises.rm(backup.file, { force: true });
      removed.push(backup.file);
    }
  }
  return { written, removed };
}
