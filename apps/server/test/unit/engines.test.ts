import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (file: string) => JSON.parse(fs.readFileSync(`${root}${file}`, 'utf8')) as Record<string, unknown>;

type LockedPackage = { version?: string; engines?: { node?: string } | string[] };

describe('engines: the Node versions package.json promises', () => {
  it('are accepted by every locked package, so `npm install` on the oldest one prints no EBADENGINE', () => {
    const promised = (read('package.json').engines as { node: string }).node;
    const oldest = semver.minVersion(promised)!.version;
    const packages = read('package-lock.json').packages as Record<string, LockedPackage>;
    const refusing = Object.entries(packages)
      .filter(([, pkg]) => !Array.isArray(pkg.engines) && typeof pkg.engines?.node === 'string')
      .filter(([, pkg]) => !semver.satisfies(oldest, (pkg.engines as { node: string }).node))
      .map(([where, pkg]) => `${where.replace(/^.*node_modules\//, '')}@${pkg.version} needs node ${(pkg.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
