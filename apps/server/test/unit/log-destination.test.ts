import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundedDestination } from '../../src/lib/log-destination.ts';

const line = (i: number) => `${JSON.stringify({ level: 30, msg: `line ${String(i).padStart(4, '0')}` })}\n`;

describe('the log destination', () => {
  it('writes every line, in order, when the reader keeps up', async () => {
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const destination = boundedDestination(output, 1_000);
    for (let i = 0; i < 200; i++) destination.write(line(i));
    await destination.flush(1_000);
    expect(text).toBe(Array.from({ length: 200 }, (_, i) => line(i)).join(''));
    expect(destination.dropped()).toBe(0);
  });

  it('drops and counts the lines a stalled reader cannot take, and says so once it reads again', async () => {
    const output = new PassThrough({ highWaterMark: 100 });
    const destination = boundedDestination(output, 1_000);
    // Nobody reads: 1,000 bytes are queued, the rest dropped — and the write returns at once.
    for (let i = 0; i < 200; i++) destination.write(line(i));
    expect(destination.dropped()).toBeGreaterThan(150);
    expect(output.writableLength).toBeLessThanOrEqual(1_000);

    const started = Date.now();
    await destination.flush(200);
    expect(Date.now() - started).toBeLessThan(1_000);

    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await new Promise((resolve) => setImmediate(resolve));
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as { msg: string; droppedLines?: number });
    expect(lines[0]!.msg).toBe('line 0000');
    expect(lines.at(-1)!.droppedLines).toBe(destination.dropped());
    expect(lines.at(-1)!.msg).toContain('log lines dropped');
  });
});
