// electron-builder.yml, read and validated by electron-builder's own code against its schema
// (app-builder-lib/scheme.json), so a misspelt key fails here rather than at release time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import type { Configuration } from 'app-builder-lib';
import { DebugLogger } from 'builder-util';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
let config: Configuration;

const validate = (candidate: Configuration) => validateConfiguration(candidate, new DebugLogger(false));

beforeAll(async () => {
  // electron-builder announces the file it loaded on stdout.
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    config = await getConfig(root, 'electron-builder.yml', null);
  } finally {
    vi.restoreAllMocks();
  }
});

describe('electron-builder.yml', () => {
  it('matches electron-builder’s schema', async () => {
    await expect(validate(config)).resolves.toBeUndefined();
  });

  it('would fail on a misspelt key (the check can fail)', async () => {
    await expect(validate({ ...config, electronFuses: { ...config.electronFuses, runAsNod: false } } as Configuration)).rejects.toThrow(/Invalid configuration/);
    await expect(validate({ ...config, npmRebuilt: true } as Configuration)).rejects.toThrow(/Invalid configuration/);
  });

  it('builds AppImage and deb, dmg, and nsis', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.win?.target).toEqual(['nsis']);
  });

  it('sets the fuses: no run-as-node, NODE_OPTIONS or inspect; asar integrity; only the asar', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config.asar).toBe(true);
  });

  it('rebuilds native modules for Electron at packaging only, never at install', () => {
    expect(config.npmRebuild).toBe(true);
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(scripts[hook] ?? '', hook).not.toMatch(/install-app-deps|electron-rebuild/);
  });

  it('packages the build output', () => {
    expect(JSON.stringify(config.files)).toContain('out/**');
  });
});
