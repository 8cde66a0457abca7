/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE` for the embedded database (PGlite under
 * DATA_DIR/db), compiled to apps/server/dist/backup.js (`node apps/server/dist/backup.js backup|restore FILE`
 * in the image): a backup is PGlite's gzipped tarball of its data folder; a restore unpacks one into a
 * DATA_DIR that has no database yet. Both refuse to run beside a server on that folder (stop it first: the
 * backup is then consistent): the restore takes the DATA_DIR lock, the backup only checks it and writes
 * nothing there. With DATABASE_URL, use pg_dump and pg_restore.
 * A relative FILE or DATA_DIR is resolved against the directory npm was started from.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newEmbeddedClient, openDatabase } from './client.ts';
import { acquireDataDirLock, DataDirLockedError, liveLockHolder } from './data-dir-lock.ts';

/**
 * Writes a backup of the embedded database of `dataDir` to `file`; returns its size in bytes. Nothing is
 * written to `dataDir`: opening PGlite rewrites some of its files (the control file, relation caches, the
 * WAL), and a backup run as root on the host would leave them root-owned, after which the server of a
 * container (uid 1000) aborts at start. So the database folder is copied aside and the copy is opened
 * and dumped. Refused while a server holds the folder's lock, checked before and after the copy.
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<number> {
  const dbDir = path.join(dataDir, 'db');
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dataDir} (nothing at ${dbDir}).`);
  const refuseIfHeld = () => {
    const holder = liveLockHolder(dataDir);
    if (holder) throw new DataDirLockedError(dataDir, holder);
  };
  refuseIfHeld();
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-backup-'));
  try {
    fs.cpSync(dbDir, copy, { recursive: true });
    refuseIfHeld(); // a server started during the copy: the copy may be torn
    const client = newEmbeddedClient(copy);
    try {
      await client.waitReady;
      const dump = await client.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      // Written aside then renamed: a backup file is either whole or absent.
      const partial = `${file}.partial`;
      fs.writeFileSync(partial, bytes);
      fs.renameSync(partial, file);
      return bytes.length;
    } finally {
      await client.close();
    }
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

/** Restores `file` into `dataDir`, which must not hold a database yet; migrations newer than the backup are applied. */
export async function restoreEmbedded(file: string, dataDir: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`Backup file not found: ${file}`);
  const dbDir = path.join(dataDir, 'db');
  if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) {
    throw new Error(`${dbDir} already holds a database: restore into a new DATA_DIR, or move that folder away first.`);
  }
  const lock = acquireDataDirLock(dataDir);
  try {
    fs.mkdirSync(dbDir, { recursive: true });
    const client = newEmbeddedClient(dbDir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    const database = await openDatabase({ pglite: client });
    await database.close();
  } finally {
    lock.release();
  }
}

async function main(command: string | undefined, file: string | undefined): Promise<void> {
  const base = process.env.INIT_CWD ?? process.cwd();
  if (process.env.DATABASE_URL) throw new Error('DATABASE_URL is set: back up and restore PostgreSQL with pg_dump and pg_restore.');
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new Error('Usage: npm run db:backup -- FILE   |   npm run db:restore -- FILE   (DATA_DIR as for npm start)');
  }
  const dataDir = path.resolve(base, process.env.DATA_DIR ?? './data');
  const target = path.resolve(base, file);
  const started = Date.now();
  if (command === 'backup') {
    const size = await backupEmbedded(dataDir, target);
    console.log(`Backup of ${dataDir} written to ${target} (${(size / 1_048_576).toFixed(1)} MB) in ${Date.now() - started} ms.`);
  } else {
    await restoreEmbedded(target, dataDir);
    console.log(`${target} restored into ${dataDir} in ${Date.now() - started} ms.`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv[2], process.argv[3]).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
