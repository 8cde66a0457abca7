import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 32: CI's container check was green without an image whenever its tools were missing.
const SCRIPT = path.join(import.meta.dirname, '../../../../scripts/container-smoke.sh');

/** A PATH with the shell's basic tools only: no buildah, podman, debootstrap, apt-get. */
const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-smoke-path-'));
for (const tool of ['bash', 'dirname', 'od', 'tr', 'id', 'awk', 'mktemp', 'rm', 'tail', 'cat', 'psql']) {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
  if (found && tool !== 'psql') fs.symlinkSync(found, path.join(bin, tool));
}
afterAll(() => fs.rmSync(bin, { recursive: true, force: true }));

const run = (env: Record<string, string>) =>
  spawnSync(path.join(bin, 'bash'), [SCRIPT], { encoding: 'utf8', env: { PATH: bin, ...env }, timeout: 20_000 });

describe('scripts/container-smoke.sh where its tools cannot be installed', () => {
  it('fails, naming what is missing and how to skip it on purpose', () => {
    const result = run({});
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('SKIPPED');
    expect(result.stderr).toContain('it needs buildah podman debootstrap runc curl psql, and they cannot be installed here');
    expect(result.stderr).toContain('set FARHA_SMOKE_SKIP to a reason');
  });

  it('is skipped, with the reason given, only when FARHA_SMOKE_SKIP says why', () => {
    const result = run({ FARHA_SMOKE_SKIP: 'no container tools on this laptop' });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(
      'SKIPPED: container smoke test: it needs buildah podman debootstrap runc curl psql, and they cannot be installed here (needs root and apt-get) (FARHA_SMOKE_SKIP: no container tools on this laptop)',
    );
  });
});
