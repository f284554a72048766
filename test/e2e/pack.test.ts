import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from './sandbox.js';

/**
 * What `npm i -g ./secscan-X.Y.Z.tgz` installs: the packed tarball (of the build this suite runs after) installed into
 * a temporary prefix, where `man` finds the pages and the binary runs.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const temp = mkdtempSync(join(tmpdir(), 'secscan-pack-'));
const prefix = join(temp, 'prefix');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

function npm(args: string[]): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

let files: string[];

beforeAll(() => {
  // The suite runs after `npm run build`: pack what was built (`prepack` would build again).
  npm(['pack', '--ignore-scripts', '--pack-destination', temp]);
  const tarball = join(temp, `secscan-${pkg.version}.tgz`);
  files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
  npm(['install', '--global', '--prefix', prefix, '--prefer-offline', '--ignore-scripts', tarball]);
}, 180_000);

afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the packed package, installed with npm i -g', () => {
  it('ships the build, the completions, the man pages, the docs the README links to and the licence', () => {
    for (const file of [
      'package/bin/secscan.js',
      'package/dist/manifest.json',
      'package/completions/secscan.bash',
      'package/completions/_secscan',
      'package/completions/secscan.fish',
      'package/LICENSE',
      ...pkg.man.map((page: string) => `package/${page.replace(/^\.\//, '')}`),
    ]) {
      expect(files).toContain(file);
    }
    expect(files.some((f) => f.startsWith('package/dist/chunks/'))).toBe(true);
    // The README's relative links (docs/guide, docs/reference, CHANGELOG.md) resolve in the installed package;
    // the sandbox package's README is that package's.
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const linked = [...readme.matchAll(/\]\((?!https?:|#)([^)#\s]+)/g)]
      .map((m) => m[1] ?? '')
      .filter((target) => target !== '' && !target.startsWith('packages/'));
    expect(linked.length).toBeGreaterThan(0);
    for (const target of linked) {
      const file = target.endsWith('/') ? `${target}README.md` : target;
      expect(files, `README links ${target}`).toContain(`package/${file.replace(/^\.\//, '')}`);
    }
  });

  it('installs no package the bundle carries, and ships the licences of those it carries', () => {
    // Every runtime package is in the bundle (dist/chunks): npm installs nothing beside it.
    expect(pkg.dependencies ?? {}).toEqual({});
    const installed = join(prefix, 'lib', 'node_modules');
    expect(readdirSync(installed)).toEqual(['secscan']);
    expect(existsSync(join(installed, 'secscan', 'node_modules'))).toBe(false);
    expect(files).toContain('package/dist/THIRD-PARTY-LICENSES.md');
    const licences = readFileSync(join(installed, 'secscan', 'dist', 'THIRD-PARTY-LICENSES.md'), 'utf8');
    const metafile = JSON.parse(readFileSync(join(root, 'build', 'metafile.json'), 'utf8'));
    const bundled = new Set(
      Object.keys(metafile.inputs).flatMap(
        (input) =>
          /node_modules\/((?:@[^/]+\/)?[^/]+)\/[^]*$/.exec(
            input.slice(input.lastIndexOf('node_modules/')),
          )?.[1] ?? [],
      ),
    );
    expect([...bundled]).toEqual(expect.arrayContaining(['commander', 'undici', 'yaml', 'zod']));
    for (const name of bundled)
      expect(licences).toMatch(new RegExp(`^## ${name.replace('/', '\\/')} \\S+ \\(`, 'm'));
  });

  it('puts every man page where man finds it', () => {
    const manpath = join(prefix, 'share', 'man');
    expect(readdirSync(join(manpath, 'man1')).sort()).toEqual(
      pkg.man.map((page: string) => page.replace(/^\.\/man\/man1\//, '')).sort(),
    );
    const found = spawnSync('man', ['-w', 'secscan', 'secscan-findings'], {
      env: { ...process.env, MANPATH: manpath },
      encoding: 'utf8',
    });
    expect(found.stderr).toBe('');
    expect(found.status).toBe(0);
    expect(found.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('installs a secscan that runs, with its completions', () => {
    const secscan = join(prefix, 'bin', 'secscan');
    expect(execFileSync(secscan, ['--version'], { encoding: 'utf8' })).toBe(`${pkg.version}\n`);
    expect(execFileSync(secscan, ['completion', 'zsh'], { encoding: 'utf8' })).toMatch(/^#compdef secscan/);
    expect(execFileSync(secscan, ['help', 'rules'], { encoding: 'utf8' })).toContain('threshold');
  });

  it('runs `secscan sandbox` from its bundle, with no workspace package installed', async () => {
    const installed = join(prefix, 'lib', 'node_modules');
    expect(readdirSync(installed)).toEqual(['secscan']);
    expect(existsSync(join(installed, 'secscan', 'node_modules'))).toBe(false);
    const sandbox = await startSandbox(['--tls'], { secscan: join(prefix, 'bin', 'secscan') });
    try {
      expect(sandbox.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const out = execFileSync(
        join(prefix, 'bin', 'secscan'),
        ['findings', 'list', '--limit', '2', '-o', 'json'],
        {
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH,
            ...sandbox.settings,
            SECSCAN_CA_FILE: sandbox.caFile,
            SECSCAN_CONFIG_DIR: join(temp, 'config'),
          },
        },
      );
      expect(JSON.parse(out)).toHaveLength(2);
    } finally {
      await sandbox.stop();
    }
  });
});
