/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE` for the embedded database (PGlite under
 * DATA_DIR/db): a backup is PGlite's gzipped tarball of its data folder; a restore unpacks one into a DATA_DIR
 * that has no database yet. Both take the DATA_DIR lock, so they refuse to run beside a server on that folder
 * (stop it first: the backup is then consistent). With DATABASE_URL, use pg_dump and pg_restore.
 * A relative FILE or DATA_DIR is resolved against the directory npm was started from.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newEmbeddedClient, openDatabase } from './client.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';

/** Writes a backup of the embedded database of `dataDir` to `file`; returns its size in bytes. */
export async function backupEmbedded(dataDir: string, file: string): Promise<number> {
  const dbDir = path.join(dataDir, 'db');
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dataDir} (nothing at ${dbDir}).`);
  const lock = acquireDataDirLock(dataDir);
  try {
    const client = newEmbeddedClient(dbDir);
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
    lock.release();
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
