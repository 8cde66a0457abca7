import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../bench/process.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('the server runs in production as the bench measures it', () => {
  const starts = [JSON.parse(read('package.json')).scripts.start as string, JSON.parse(read('apps/server/package.json')).scripts.start as string];
  const dockerfile = read('Dockerfile');

  it('npm start and the image pass the same Node flags', () => {
    for (const flag of SERVER_NODE_FLAGS) {
      for (const start of starts) expect({ start, flag, has: start.includes(` ${flag} `) }).toEqual({ start, flag, has: true });
      expect(dockerfile).toMatch(new RegExp(`^CMD \\[.*"${flag}"`, 'm'));
    }
  });

  it('npm start and the image set the same malloc environment', () => {
    for (const [name, value] of Object.entries(SERVER_ENV)) {
      for (const start of starts) expect({ start, has: start.includes(`${name}=${value} `) }).toEqual({ start, has: true });
      expect(dockerfile).toMatch(new RegExp(`^(ENV|\\s+)\\s*${name}=${value}\\b`, 'm'));
    }
  });
});
