/**
 * Where the server's JSON log lines go: standard output, without the server ever blocking on it.
 *
 * Pino's default destination (sonic-boom on fd 1) retries a write that finds the pipe full (EAGAIN) with
 * `Atomics.wait` and flushes synchronously on exit: a server whose reader stopped reading (a parent that
 * exited, a stuck log shipper) never finished its shutdown. Writing process.stdout instead is not enough:
 * whether fd 1 blocks is a flag of the open file shared with every process that inherited it, and a Node
 * process that exits (npm, whose `npm start` ran the server; our own prepare child) puts back the blocking
 * mode it found at start — after which one write to a full pipe freezes the event loop for good.
 *
 * So the server never writes fd 1 itself: a `cat` in its own process group (a group SIGTERM leaves it to
 * copy the last lines) copies a pipe that only the server writes, and whose end here never blocks. What
 * cat has not yet taken is queued up to MAX_BACKLOG_BYTES; beyond, a line is dropped and counted, and one
 * line says how many once the reader caught up. When the reader keeps up, every line arrives, in order.
 * Without cat (an image that lacks it), lines go to process.stdout with the same bound.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';

/** Several seconds of a busy server's lines; little next to the process's memory. */
export const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;

type Output = Pick<NodeJS.WritableStream, 'write' | 'once' | 'on'> & { writableLength: number };

export type LogDestination = {
  write: (line: string) => boolean;
  /** Lines dropped so far because standard output was not read fast enough. */
  dropped: () => number;
  /**
   * Waits until the lines written so far have left the process, at most `timeoutMs`; a copier that still
   * holds lines then (nobody reads them) is stopped. For the end of the process.
   */
  flush: (timeoutMs: number) => Promise<void>;
};

/** A bounded writer over `output` (a pipe's end, process.stdout). */
export function boundedDestination(output: Output, maxBacklogBytes = MAX_BACKLOG_BYTES, copier?: ChildProcess): LogDestination {
  let dropped = 0;
  let unreported = 0;
  let waitingForDrain = false;
  let broken = false;
  // EPIPE and the like: the reader is gone for good; the lines from now on are dropped, never thrown.
  output.on('error', () => (broken = true));

  const reportDrops = () => {
    waitingForDrain = false;
    if (unreported === 0 || broken) return;
    const line = { level: 40, time: Date.now(), pid: process.pid, droppedLines: unreported, msg: 'log lines dropped: standard output was not read fast enough' };
    unreported = 0;
    output.write(`${JSON.stringify(line)}\n`);
  };

  return {
    write(line) {
      if (broken || output.writableLength + line.length > maxBacklogBytes) {
        dropped++;
        unreported++;
        if (!waitingForDrain && !broken) {
          waitingForDrain = true;
          output.once('drain', reportDrops);
        }
        return false;
      }
      return output.write(line);
    },
    dropped: () => dropped,
    async flush(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      // 'drain' comes only after a write that overflowed the stream's buffer: the queue is watched instead.
      while (!broken && output.writableLength > 0 && Date.now() < deadline) await delay(10);
      if (!copier || copier.exitCode !== null || copier.signalCode !== null) return;
      // The copier writes out what it holds and exits at the end of its input — or is stopped at the deadline.
      const exited = new Promise((resolve) => copier.once('exit', resolve));
      (output as unknown as NodeJS.WritableStream).end();
      await Promise.race([exited, delay(Math.max(0, deadline - Date.now()))]);
      if (copier.exitCode === null && copier.signalCode === null) copier.kill('SIGKILL');
    },
  };
}

/** The server's destination: through a `cat` that copies to standard output, or process.stdout without one. */
export function logDestination(command = 'cat'): LogDestination {
  let copier: ChildProcess;
  try {
    copier = spawn(command, [], { stdio: ['pipe', 'inherit', 'inherit'], detached: true });
  } catch {
    return boundedDestination(process.stdout);
  }
  if (!copier.pid) {
    copier.on('error', () => undefined);
    return boundedDestination(process.stdout);
  }
  // Neither the copier nor its pipe keeps the server alive; the copier never outlives the server for long.
  copier.unref();
  (copier.stdin as unknown as { unref?: () => void }).unref?.();
  const stop = () => {
    if (copier.exitCode === null && copier.signalCode === null) copier.kill('SIGKILL');
  };
  process.once('exit', stop);
  return boundedDestination(copier.stdin!, MAX_BACKLOG_BYTES, copier);
}
