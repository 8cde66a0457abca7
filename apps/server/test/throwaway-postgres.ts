import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own (initdb into a temporary folder, trust authentication, a free port of
 * 3200-3299), which the test may stop and start: never the machine's shared server, which other tests use.
 * null, with the reason, when this machine has no PostgreSQL binaries under /usr/lib/postgresql/<version>/bin.
 */
export type ThrowawayPostgres = {
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** A database that no longer answers (a host gone during a failover): its processes paused, connections left open. */
  freeze: () => void;
  thaw: () => void;
  remove: () => Promise<void>;
};

export function postgresBinaries(): { bin: string } | { missing: string } {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const version = versions.find((v) => ['initdb', 'pg_ctl'].every((name) => fs.existsSync(path.join(root, v, 'bin', name))));
  return version ? { bin: path.join(root, version, 'bin') } : { missing: `no PostgreSQL binaries (initdb, pg_ctl) under ${root}/<version>/bin (apt-get install -y postgresql)` };
}

/** PostgreSQL refuses to run as root: its binaries then run as the postgres user. */
const asPostgres = (bin: string, args: string[]): [string, string[]] => (process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]);

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The cluster's postmaster (postmaster.pid's first line) and every process it started. */
function signalAll(dir: string, signal: NodeJS.Signals): void {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  for (const pid of [postmaster, ...children]) {
    try {
      process.kill(pid, signal);
    } catch {
      // ended meanwhile
    }
  }
}

export async function throwawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const run = (name: string, args: string[]) => execFileAsync(...asPostgres(path.join(bin, name), args), { encoding: 'utf8' });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-pg-'));
  const dir = path.join(tmp, 'data');
  fs.mkdirSync(dir, { mode: 0o700 });
  if (process.getuid?.() === 0) await execFileAsync('chown', ['-R', 'postgres:postgres', tmp]);
  let port = 3200 + Math.floor(Math.random() * 100);
  for (let tries = 0; !(await portFree(port)); tries++, port = 3200 + ((port - 3200 + 1) % 100)) if (tries > 100) throw new Error('no free port in 3200-3299');
  await run('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  const start = async () => void (await run('pg_ctl', ['-D', dir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start']));
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    // What a restart or a failover does to the clients: every connection ended, nothing accepted meanwhile.
    stop: async () => void (await run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop'])),
    freeze: () => signalAll(dir, 'SIGSTOP'),
    thaw: () => signalAll(dir, 'SIGCONT'),
    remove: async () => {
      signalAll(dir, 'SIGCONT');
      await run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
