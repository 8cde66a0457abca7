import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, processAlive } from '../../src/db/data-dir-lock.ts';

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
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    // Another process (here: another pid asking) is refused with a clear message naming the holder.
    expect(() => acquireDataDirLock(dir, process.pid + 100_000)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir, process.pid + 100_000)).toThrow(`in use by another Farha process (pid ${process.pid})`);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('refuses while the holder is a live process', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dir, LOCK_FILE), `${holder.pid}\n`);
      expect(processAlive(holder.pid!)).toBe(true);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(holder.pid));
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a crashed process (pid no longer alive)', () => {
    const dir = tempDir();
    const dead = deadPid();
    expect(processAlive(dead)).toBe(false);
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${dead}\n`);
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
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
