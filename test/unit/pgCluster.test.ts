// The integration-pg project never skips: without PostgreSQL it installs Debian's package
// (as root) or fails with a message saying what to do. Exercised here on fake directories.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findBinDir, obtainPostgres } from '../support/pgCluster';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pg-bins-'));
  vi.stubEnv('TEST_DATABASE_URL', '');
  vi.stubEnv('DATABASE_URL', '');
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

function fakeVersion(version: string, binaries: string[]): void {
  mkdirSync(join(root, version, 'bin'), { recursive: true });
  for (const name of binaries) writeFileSync(join(root, version, 'bin', name), '');
}

describe('finding PostgreSQL', () => {
  it('takes the newest major version that has both initdb and pg_ctl', () => {
    fakeVersion('13', ['initdb', 'pg_ctl']);
    fakeVersion('16', ['initdb', 'pg_ctl']);
    fakeVersion('17', ['initdb']); // half-installed
    expect(findBinDir(root)).toBe(join(root, '16', 'bin'));
    expect(findBinDir(join(root, 'missing'))).toBeNull();
  });

  it('fails with a clear message when it is missing and we are not root', async () => {
    const install = vi.fn();
    await expect(obtainPostgres({ binRoot: root, isRoot: false, install })).rejects.toThrow(/not installed and we are not root.*apt-get install -y postgresql/);
    expect(install).not.toHaveBeenCalled();
  });

  it('installs it when root, and fails loudly if the install did not provide it', async () => {
    const install = vi.fn();
    await expect(obtainPostgres({ binRoot: root, isRoot: true, install })).rejects.toThrow(/no initdb\/pg_ctl .* even after installing/);
    expect(install).toHaveBeenCalledTimes(1);
  });
});
