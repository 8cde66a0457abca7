import fs from 'node:fs';
import path from 'node:path';

/**
 * One process per DATA_DIR with the embedded database: PGlite is a single-user Postgres, two processes on
 * the same files corrupt them. The first process creates `<dataDir>/farha.lock` exclusively with its pid;
 * another one finds it and refuses to start. A lock whose pid no longer runs (a crash, a kill -9) is stale
 * and taken over.
 */
export const LOCK_FILE = 'farha.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Farha process (pid ${pid}): the embedded database serves one process. ` +
        `Stop that process, or start this one with another DATA_DIR (or DATABASE_URL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Whether a process with this pid runs (EPERM: it runs, under another user). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type DataDirLock = { file: string; release: () => void };

/** Takes the lock of `dataDir` for `pid` (this process by default), or throws DataDirLockedError. */
export function acquireDataDirLock(dataDir: string, pid: number = process.pid): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      fs.writeSync(fd, `${pid}\n`);
      fs.closeSync(fd);
      let released = false;
      return {
        file,
        release: () => {
          if (released) return;
          released = true;
          // Only our own lock: never a file another process took over meanwhile.
          if (readPid(file) === pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readPid(file);
    if (holder !== null && holder !== pid && processAlive(holder)) throw new DataDirLockedError(dataDir, holder);
    // Stale (its process is gone, or the file is empty or unreadable): removed, then created again exclusively.
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(dataDir, readPid(file) ?? 0);
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
