import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  fileClockNow,
  HEARTBEAT_MS,
  liveLockHolder,
  LOCK_FILE,
  lockHolder,
  processAlive,
  readLockHolder,
  STALE_AFTER_MS,
} from '../../src/db/data-dir-lock.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that ran and exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  expect(child.pid).toBeGreaterThan(0);
  return child.pid!;
}

describe('DATA_DIR lock (one process per embedded database)', () => {
  it('is created exclusively with the pid, refused to a second taker while held, free again once released', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(readLockHolder(path.join(dir, LOCK_FILE))).toEqual(lockHolder());
    // Another process (here: another pid asking) is refused with a clear message naming the holder.
    const other = { me: lockHolder(process.pid + 100_000) };
    expect(() => acquireDataDirLock(dir, other)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir, other)).toThrow(`in use by another Farha process (pid ${process.pid})`);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('refuses while the holder is a live process', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(lockHolder(holder.pid!)));
      expect(processAlive(holder.pid!)).toBe(true);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      // Its pid is checked directly (same namespace): a heartbeat long past does not free it.
      const longAgo = new Date(Date.now() - 10 * STALE_AFTER_MS);
      fs.utimesSync(path.join(dir, LOCK_FILE), longAgo, longAgo);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(readLockHolder(path.join(dir, LOCK_FILE))?.pid).toBe(holder.pid);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a crashed process (pid no longer alive)', () => {
    const dir = tempDir();
    const dead = deadPid();
    expect(processAlive(dead)).toBe(false);
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(lockHolder(dead)));
    const lock = acquireDataDirLock(dir);
    expect(readLockHolder(path.join(dir, LOCK_FILE))?.pid).toBe(process.pid);
    lock.release();
  });

  it('takes over an empty or garbled lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), 'not a pid');
    acquireDataDirLock(dir).release();
  });

  it('release never removes a lock another process took over', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    fs.writeFileSync(path.join(dir, LOCK_FILE), '1\n');
    lock.release();
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe('1');
  });
});

describe('DATA_DIR lock across a container boundary (pids of another namespace mean nothing here)', () => {
  /** A lock written by the server of a container: pid 1, its own host name and pid namespace. */
  function containerLock(dir: string, heartbeatAt: Date, holder: object = { pid: 1, hostname: 'f3a9c2e1b7d4', bootId: lockHolder().bootId, pidNamespace: 'pid:[4026532999]', startTime: '42' }) {
    const file = path.join(dir, LOCK_FILE);
    fs.writeFileSync(file, JSON.stringify(holder));
    fs.utimesSync(file, heartbeatAt, heartbeatAt);
  }

  it('refuses while the container’s heartbeat is fresh, takes the lock over once it is older than STALE_AFTER_MS', () => {
    const dir = tempDir();
    containerLock(dir, new Date(fileClockNow() - STALE_AFTER_MS + 5_000));
    expect(() => acquireDataDirLock(dir)).toThrow('in use by another Farha process (pid 1) on host f3a9c2e1b7d4');
    const lastBeat = new Date(fileClockNow() - STALE_AFTER_MS - 1_000);
    fs.utimesSync(path.join(dir, LOCK_FILE), lastBeat, lastBeat);
    const lock = acquireDataDirLock(dir);
    expect(readLockHolder(lock.file)?.pid).toBe(process.pid);
    lock.release();
  });

  it('judges a heartbeat on the kernel’s clock alone: a process clock 400 days ahead or behind frees no live lock and keeps no stale one (issue 32)', () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE);
    for (const shift of [400, -400]) {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + shift * 86_400_000 });
      try {
        // A container's server that beat a second ago, and a server of before heartbeats that just wrote its pid.
        containerLock(dir, new Date(fileClockNow() - 1_000));
        expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
        fs.writeFileSync(file, `${process.ppid}\n`);
        expect(liveLockHolder(dir)?.pid).toBe(process.ppid);
        // The same container gone quiet for longer than STALE_AFTER_MS: taken over.
        containerLock(dir, new Date(fileClockNow() - STALE_AFTER_MS - 1_000));
        acquireDataDirLock(dir).release();
      } finally {
        vi.useRealTimers();
      }
    }
  });

  it('takes over a pid-only lock file left by a killed container (pid 1, alive here as init) once untouched for STALE_AFTER_MS', () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE);
    fs.writeFileSync(file, '1\n');
    const killedAt = new Date(Date.now() - STALE_AFTER_MS - 5_000);
    fs.utimesSync(file, killedAt, killedAt);
    const lock = acquireDataDirLock(dir);
    expect(readLockHolder(file)?.pid).toBe(process.pid);
    lock.release();
    // The same file just written (a container running the image before heartbeats existed) is respected.
    fs.writeFileSync(file, '1\n');
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock whose pid now runs another process (same namespace, another start time)', () => {
    const dir = tempDir();
    containerLock(dir, new Date(), { ...lockHolder(), startTime: '1' });
    acquireDataDirLock(dir).release();
  });

  it('a held lock is touched every HEARTBEAT_MS, so that a process across the boundary sees it live', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const dir = tempDir();
      const held = acquireDataDirLock(dir);
      const inContainer = { ...lockHolder(7), pidNamespace: 'pid:[4026532999]' };
      const longAgo = new Date(fileClockNow() - 10 * STALE_AFTER_MS);
      fs.utimesSync(held.file, longAgo, longAgo);
      expect(liveLockHolder(dir, inContainer)).toBeNull(); // seen from there: stale
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(Math.abs(fs.statSync(held.file).mtimeMs - fileClockNow())).toBeLessThan(1_000);
      expect(readLockHolder(held.file)).toEqual(lockHolder()); // touched in place, never emptied
      expect(liveLockHolder(dir, inContainer)?.pid).toBe(process.pid);
      expect(() => acquireDataDirLock(dir, { me: inContainer })).toThrow(DataDirLockedError);
      held.release();
      expect(fs.existsSync(held.file)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
