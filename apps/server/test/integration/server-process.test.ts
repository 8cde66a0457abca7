import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, readLockHolder } from '../../src/db/data-dir-lock.ts';
import { freePort } from '../helpers.ts';

/**
 * The real server (server.ts, as `npm start` runs it) in child processes on one embedded database:
 * a second process on the same DATA_DIR refuses to start while the first keeps serving, and SIGTERM
 * finishes the request in flight, closes the database and exits 0 — even when nobody reads its standard
 * output any more.
 */
const SERVER_ENTRY = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

type StartOptions = { logLevel?: string; readStdout?: boolean };

function serverEnv(dataDir: string, port: number, options: StartOptions = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    LOG_LEVEL: options.logLevel ?? 'info',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  };
  delete env.DATABASE_URL;
  return env;
}

function startServer(dataDir: string, port: number, options: StartOptions = {}): Running {
  const env = serverEnv(dataDir, port, options);
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // A parent that stops reading (it exited, or hangs) leaves the pipe open and full.
  if (options.readStdout !== false) child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves once `predicate` holds, checking every 100 ms (a real process: no clock to move). */
async function until(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function healthy(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      resolve(false);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('the server process', () => {
  let dataDir: string;
  let port: number;
  let first: Running;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-process-'));
    port = await freePort();
    // At debug, each request is logged as it arrives: the SIGTERM case waits for its request to be there.
    first = startServer(dataDir, port, { logLevel: 'debug' });
    await until(async () => first.child.exitCode === null && (await healthy(port)), `the server to answer\n${first.output()}`);
  }, 120_000);
  afterAll(() => {
    if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds the DATA_DIR lock; a second process on the same DATA_DIR refuses to start while the first keeps serving', async () => {
    expect(readLockHolder(path.join(dataDir, LOCK_FILE))?.pid).toBe(first.child.pid);
    // The one address Farha serves is printed, not every interface Fastify listens on.
    expect(first.output()).toContain(`Farha is running at http://127.0.0.1:${port}`);
    expect(first.output()).not.toContain('Server listening at');
    const second = startServer(dataDir, await freePort());
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(`is in use by another Farha process (pid ${first.child.pid})`);
    expect(await healthy(port)).toBe(true);
    expect(readLockHolder(path.join(dataDir, LOCK_FILE))?.pid).toBe(first.child.pid);
  }, 60_000);

  it('on SIGTERM stops accepting, finishes the request in flight, closes the database and exits 0', async () => {
    const body = JSON.stringify({ email: 'client@demo.farha.dz', password: 'demo1234' });
    const half = Math.floor(body.length / 2);
    // A login whose body is still arriving when the signal comes.
    let pending: http.ClientRequest | undefined;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/api/auth/login', method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half));
      pending = req;
    });
    await until(() => pending !== undefined, 'the request to start');
    await until(() => pending!.socket !== null && pending!.socket!.bytesWritten > 0, 'the first half of the body to be sent');
    // The server has the request once it has read its headers (a busy server may read them after the signal,
    // and then rightly refuses it with a 503: it is no longer in flight).
    await until(() => /"url":"\/api\/auth\/login"[^\n]*incoming request/.test(first.output()), 'the server to read the request');

    first.child.kill('SIGTERM');
    await until(() => first.output().includes('shutting down'), 'the server to start shutting down');
    await until(() => refused(port), 'the server to stop accepting connections', 20_000);
    expect(first.child.exitCode).toBeNull();

    pending!.end(body.slice(half));
    const res = await answer;
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body).user.email).toBe('client@demo.farha.dz');

    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped');
    // The lock is released: the next start on this DATA_DIR is not refused.
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);
});

/**
 * ≈ 2 MB of debug lines: far more than the pipe (64 KB) and the parent's read buffer hold. What is counted is
 * requests answered at all: a frozen event loop answers none, while a loaded machine may answer 503 (the
 * health check's database budget is 2 s, and 25 requests queue on the embedded database). Each request is given
 * 30 s (the integration suite shares two cores with the server) and the first batch with an unanswered
 * request ends the count.
 */
async function fillTheLog(port: number): Promise<number> {
  let answered = 0;
  for (let batch = 0; batch < 40; batch++) {
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        fetch(`http://127.0.0.1:${port}/api/health?filler=${'x'.repeat(1_000)}`, { signal: AbortSignal.timeout(30_000) }).then(
          async (res) => [200, 503].includes(res.status) && (await res.arrayBuffer(), true),
          () => false,
        ),
      ),
    );
    answered += results.filter(Boolean).length;
    if (results.includes(false)) break;
  }
  return answered;
}

/** A process that exists and is not a zombie left for a parent that is gone. */
function alive(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
  } catch {
    return false;
  }
}

describe('the server process whose standard output nobody reads', () => {
  let stuck: Running;
  let stuckDir: string;
  afterAll(() => {
    if (stuck && stuck.child.exitCode === null && stuck.child.signalCode === null) stuck.child.kill('SIGKILL');
    if (stuckDir) fs.rmSync(stuckDir, { recursive: true, force: true });
  });

  it('keeps answering and, on SIGTERM, exits within its grace period', async () => {
    stuckDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-stdout-'));
    const stuckPort = await freePort();
    // Every request writes debug lines to a pipe that the test holds open and never reads.
    stuck = startServer(stuckDir, stuckPort, { logLevel: 'debug', readStdout: false });
    await until(async () => stuck.child.exitCode === null && (await healthy(stuckPort)), `the server to answer\n${stuck.output()}`);

    const answered = await fillTheLog(stuckPort);
    expect(answered).toBe(1_000);

    const signalled = Date.now();
    stuck.child.kill('SIGTERM');
    const code = await Promise.race([stuck.exited, new Promise<'alive'>((resolve) => setTimeout(() => resolve('alive'), 30_000))]);
    expect(code, 'the process was still alive 30 s after SIGTERM').toBe(0);
    // The 25-second shutdown timer (server.ts) is the grace period; a clean exit comes well before it.
    expect(Date.now() - signalled).toBeLessThan(25_000);
    expect(fs.existsSync(path.join(stuckDir, LOCK_FILE))).toBe(false);
  }, 180_000);

  it('started by a parent (as npm start) that then exits, it keeps answering and, on SIGTERM, exits within its grace period', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-npm-'));
    const port = await freePort();
    // The parent prints to the shared pipe and exits on SIGTERM, as npm does. A Node process that exits
    // puts back the blocking mode it found on its standard output: the server's pipe blocks from then on.
    const launcher = `
      const { spawn } = require('node:child_process');
      process.stdout.write('> farha start\\n');
      const server = spawn(process.execPath, ['--import', 'tsx', ${JSON.stringify(SERVER_ENTRY)}], { stdio: 'inherit' });
      process.stderr.write('SERVER_PID=' + server.pid + '\\n');
      process.on('SIGTERM', () => process.exit(143));
    `;
    const parent = spawn(process.execPath, ['-e', launcher], { cwd: REPO_ROOT, env: serverEnv(dir, port, { logLevel: 'debug' }), stdio: ['ignore', 'pipe', 'pipe'] });
    // Held and never read: a 'readable' listener that never reads keeps Node from draining the pipe once
    // the parent has exited (it resumes a child's unread output then).
    parent.stdout!.on('readable', () => undefined);
    let errors = '';
    parent.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    let pid = 0;
    try {
      await until(() => /SERVER_PID=(\d+)/.test(errors), 'the server to be started');
      pid = Number(/SERVER_PID=(\d+)/.exec(errors)![1]);
      await until(async () => alive(pid) && (await healthy(port)), `the server to answer\n${errors}`);
      parent.kill('SIGTERM');
      await new Promise((resolve) => parent.once('exit', resolve));
      expect(await fillTheLog(port)).toBe(1_000);

      const signalled = Date.now();
      process.kill(pid, 'SIGTERM');
      await until(() => !alive(pid), 'the server to exit', 30_000).catch(() => undefined);
      expect(alive(pid), 'the server was still alive 30 s after SIGTERM').toBe(false);
      expect(Date.now() - signalled).toBeLessThan(25_000);
      expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    } finally {
      if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
