import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per DATA_DIR with the embedded database: PGlite is a single-user Postgres, two processes on
 * the same files corrupt them. The first process creates `<dataDir>/farha.lock` exclusively, naming itself
 * (pid, host name, the kernel's boot id, its pid namespace and its start time); another one finds it and
 * refuses to start, unless the lock is stale:
 * - a holder in the same pid namespace of the same boot is checked directly: stale once its pid no longer
 *   runs, or runs another process (another start time);
 * - a holder across a container boundary (another namespace, host or boot: its pid means nothing here,
 *   pid 1 of a container is this host's init) is judged by its heartbeat: a live holder touches the file
 *   every HEARTBEAT_MS, and a lock untouched for STALE_AFTER_MS is stale. A container killed with its lock
 *   held frees the folder 30 s later, for a backup on the host or the next container.
 * A stale lock is taken over.
 *
 * A heartbeat's age is measured on one clock only, the kernel's: the lock file's modification time against
 * the modification time of a file just written (never against the process's clock, which a test, an
 * injected clock or a shifted `Date` may move while the kernel stamps files in real time; issue 32).
 */
export const LOCK_FILE = 'farha.lock';
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 30_000;

/** Who holds a lock. A lock file written before these fields existed holds only `pid`. */
export type LockHolder = {
  pid: number;
  hostname?: string;
  bootId?: string;
  pidNamespace?: string;
  /** /proc/<pid>/stat's start time (clock ticks since boot): tells a reused pid from its first owner. */
  startTime?: string;
};

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.hostname && holder.hostname !== os.hostname() ? ` on host ${holder.hostname}` : '';
    super(
      `DATA_DIR ${dataDir} is in use by another Farha process (pid ${holder.pid})${where}: the embedded database serves one process. ` +
        `Stop that process, or start this one with another DATA_DIR (or DATABASE_URL). ` +
        `A lock left by a process in another container or host is taken over ${STALE_AFTER_MS / 1000} s after it stopped.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Whether a process with this pid runs in this pid namespace (EPERM: it runs, under another user). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOrUndefined(read: () => string): string | undefined {
  try {
    return read().trim() || undefined;
  } catch {
    return undefined; // not Linux, or /proc hidden
  }
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
function processStartTime(pid: number): string | undefined {
  const stat = readOrUndefined(() => fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/** This process (or `pid`, a process of this namespace) as a lock names it. */
export function lockHolder(pid: number = process.pid): LockHolder {
  return {
    pid,
    hostname: os.hostname(),
    bootId: readOrUndefined(() => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
    pidNamespace: readOrUndefined(() => fs.readlinkSync('/proc/self/ns/pid')),
    startTime: processStartTime(pid),
  };
}

/** Whether `holder`'s pid can be checked from `me`: same boot and pid namespace (same host name without /proc). */
function samePidSpace(holder: LockHolder, me: LockHolder): boolean {
  if (holder.hostname !== me.hostname && (!holder.bootId || !me.bootId)) return false;
  return holder.bootId === me.bootId && holder.pidNamespace === me.pidNamespace;
}

/** Whether the lock `holder` wrote (last touched at `heartbeatAt`, ms) still belongs to a running process. */
export function holderAlive(holder: LockHolder, heartbeatAt: number, me: LockHolder, now: number): boolean {
  const fresh = now - heartbeatAt < STALE_AFTER_MS;
  // A pid-only file (written before heartbeats): a dead pid here frees it at once, an old file too.
  if (holder.hostname === undefined) return fresh && processAlive(holder.pid);
  if (samePidSpace(holder, me)) {
    if (!processAlive(holder.pid)) return false;
    return !holder.startTime || !me.startTime || processStartTime(holder.pid) === holder.startTime;
  }
  return fresh;
}

export function readLockHolder(file: string): LockHolder | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const holder = JSON.parse(text) as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null;
  } catch {
    return null;
  }
}

function heartbeatOf(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * The kernel's "now" as it stamps files: the modification time of a file written this instant in the
 * system's temporary folder (the data folder itself is never written to by a reader: a backup run as root
 * must leave it as it found it).
 */
export function fileClockNow(): number {
  const probe = path.join(os.tmpdir(), `farha-clock-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const fd = fs.openSync(probe, 'w');
  try {
    fs.writeSync(fd, '.');
    return fs.fstatSync(fd).mtimeMs;
  } finally {
    fs.closeSync(fd);
    fs.rmSync(probe, { force: true });
  }
}

/** Touches the lock on the kernel's clock: its bytes written again in place (never emptied, as a rewrite would). */
function touch(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    const bytes = fs.readFileSync(fd);
    fs.writeSync(fd, bytes, 0, bytes.length, 0);
  } finally {
    fs.closeSync(fd);
  }
}

function sameHolder(a: LockHolder | null, b: LockHolder): boolean {
  return a !== null && a.pid === b.pid && a.hostname === b.hostname && a.pidNamespace === b.pidNamespace && a.startTime === b.startTime;
}

/** The live holder of `dataDir`'s lock, or null when it is free or stale. Reads only: writes nothing. */
export function liveLockHolder(dataDir: string, me: LockHolder = lockHolder()): LockHolder | null {
  const file = path.join(dataDir, LOCK_FILE);
  if (!fs.existsSync(file)) return null;
  const holder = readLockHolder(file);
  if (holder === null || sameHolder(holder, me)) return null;
  return holderAlive(holder, heartbeatOf(file), me, fileClockNow()) ? holder : null;
}

export type DataDirLock = { file: string; release: () => void };

/**
 * Takes the lock of `dataDir` for `me` (this process by default), or throws DataDirLockedError. While held,
 * the file is touched every HEARTBEAT_MS (an unref'd timer: it keeps no process alive).
 */
export function acquireDataDirLock(dataDir: string, options: { me?: LockHolder } = {}): DataDirLock {
  const me = options.me ?? lockHolder();
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      fs.writeSync(fd, `${JSON.stringify(me)}\n`);
      fs.closeSync(fd);
      return held(file, me);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = liveLockHolder(dataDir, me);
    if (holder !== null) throw new DataDirLockedError(dataDir, holder);
    // Stale (its process is gone, its heartbeat stopped, or the file is empty or unreadable): removed, then
    // created again exclusively.
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(dataDir, readLockHolder(file) ?? { pid: 0 });
}

function held(file: string, me: LockHolder): DataDirLock {
  const ours = () => sameHolder(readLockHolder(file), me);
  const heartbeat = setInterval(() => {
    try {
      if (!ours()) return clearInterval(heartbeat);
      touch(file);
    } catch {
      clearInterval(heartbeat);
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return {
    file,
    release: () => {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      // Only our own lock: never a file another process took over meanwhile.
      if (ours()) fs.rmSync(file, { force: true });
    },
  };
}
