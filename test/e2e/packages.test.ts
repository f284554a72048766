import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, in JavaScript
import { completionPaths, depends } from '../../scripts/release/deb.mjs';
import { type Release, release, root } from '../helpers/release.js';
import { readmeRules } from './ci/setup.js';

/**
 * The release's packages, as their own tools take them: the Debian packages read by dpkg-deb, checked by
 * lintian and dpkg-shlibdeps, and the amd64 one installed, used and purged with apt in an overlay of this
 * machine's root (a mount namespace of its own: the machine's packages are left as they were); the
 * Homebrew formula through Ruby's syntax check and a rehearsal of `brew install` (the formula loaded by a
 * stand-in of Homebrew's DSL, test/fixtures/homebrew/formula-dsl.rb); the Scoop manifest against Scoop's
 * schema (test/fixtures/scoop). test/e2e/image.test.ts runs the container image.
 */
const isRoot = process.getuid?.() === 0;
const temp = mkdtempSync(join(tmpdir(), 'secscan-packages-'));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { man: string[] };
let rel: Release;
const deb = (arch: string) => join(rel.dir, `secscan_${rel.version}_${arch}.deb`);
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

beforeAll(() => {
  rel = release();
}, 600_000);

afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The files of a .deb (dpkg-deb --contents) as path -> [mode, size]. */
function contents(file: string): Map<string, [string, number]> {
  const listing = execFileSync('dpkg-deb', ['--contents', file], { encoding: 'utf8' });
  return new Map(
    listing
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/))
      .map((f) => [(f[5] as string).replace(/^\.\//, ''), [f[0] as string, Number(f[2])]]),
  );
}

describe('the Debian packages', () => {
  it('hold the executable, the man pages and the three completions in the system’s paths', () => {
    for (const [arch, executable] of [
      ['amd64', 'secscan-linux-x64'],
      ['arm64', 'secscan-linux-arm64'],
    ] as const) {
      expect(rel.sums[basename(deb(arch))], arch).toBe(sha256(deb(arch)));
      const field = (name: string) =>
        execFileSync('dpkg-deb', ['--field', deb(arch), name], { encoding: 'utf8' }).trim();
      expect(field('Package')).toBe('secscan');
      expect(field('Version')).toBe(rel.version);
      expect(field('Architecture')).toBe(arch);
      expect(field('Depends')).toBe(depends);
      expect(field('Homepage')).toBe('https://github.com/secscan-test/secscan');
      const files = contents(deb(arch));
      expect(files.get('usr/bin/secscan'), arch).toEqual([
        '-rwxr-xr-x',
        readFileSync(join(rel.dir, executable)).length,
      ]);
      const unpacked = join(temp, `unpacked-${arch}`);
      execFileSync('dpkg-deb', ['--extract', deb(arch), unpacked]);
      expect(sha256(join(unpacked, 'usr/bin/secscan')), arch).toBe(rel.sums[executable]);
      // Every page package.json names, gzipped, and no other.
      const pages = [...files.keys()].filter((f) => f.startsWith('usr/share/man/man1/') && !f.endsWith('/'));
      expect(pages.sort()).toEqual(pkg.man.map((m) => `usr/share/man/man1/${basename(m)}.gz`).sort());
      for (const [name, path] of Object.entries(completionPaths as Record<string, string>)) {
        expect(readFileSync(join(unpacked, path), 'utf8'), path).toBe(
          readFileSync(join(root, 'completions', name), 'utf8'),
        );
      }
      expect(readFileSync(join(unpacked, 'usr/share/doc/secscan/copyright'), 'utf8')).toMatch(
        /^Format: .*\nUpstream-Name: secscan\n[\s\S]*\nLicense: MIT\n Permission is hereby granted/,
      );
    }
  }, 120_000);

  it('are lintian clean (no error, no warning), and Depends is what dpkg-shlibdeps says', () => {
    const lintian = spawnSync('lintian', ['--fail-on', 'error,warning', deb('amd64'), deb('arm64')], {
      encoding: 'utf8',
    });
    expect(lintian.stdout).toBe('');
    expect(lintian.status).toBe(0);
    const work = join(temp, 'shlibdeps');
    mkdirSync(join(work, 'debian'), { recursive: true });
    writeFileSync(join(work, 'debian/control'), 'Source: secscan\n\nPackage: secscan\nArchitecture: amd64\n');
    const shlibs = execFileSync('dpkg-shlibdeps', ['-O', rel.binary], {
      cwd: work,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(shlibs.trim()).toBe(`shlibs:Depends=${depends}`);
  }, 600_000);

  it.skipIf(!isRoot)(
    'secscan_X.Y.Z_amd64.deb installs with apt, runs the quick start, completes in bash, zsh and fish, and purges',
    () => {
      const merged = join(temp, 'root');
      mkdirSync(merged);
      copyFileSync(deb('amd64'), join(temp, basename(deb('amd64'))));
      writeFileSync(join(temp, 'rules.yml'), readmeRules);
      const inRoot = `set -eu
cd /root
secscan --version --verbose
command -v secscan
man -w secscan-findings
bash --norc -c '. /usr/share/bash-completion/completions/secscan; complete -p secscan'
zsh -fc 'autoload -U compinit; compinit -u -d /tmp/zcompdump; print -r -- "zsh: $_comps[secscan]"'
fish -c 'complete -C "secscan findi"' | head -n 1
export SECSCAN_CONFIG_DIR=/root/config
secscan sandbox --port 0 --ready-file sandbox.env > /dev/null 2> sandbox.log &
sandbox=$!
secscan sandbox wait sandbox.env > /dev/null 2> wait.log
set -a; . ./sandbox.env; set +a
secscan apps list | grep -c shiftleft-java-demo
code=0
secscan scans check --compound shop --rules rules.yml --target-branch feature/checkout --source-branch main > gate.txt || code=$?
echo "gate: $code"
kill "$sandbox"
wait "$sandbox" || true
`;
      writeFileSync(join(temp, 'in-root.sh'), inRoot);
      // apt as a user runs it: a file given by its path, in a root that is this machine's own, overlaid (the
      // changes go to a tmpfs of the namespace, gone with it); no download (a proxy that is a closed port).
      const apt = `env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive http_proxy=http://127.0.0.1:9 apt-get`;
      const outer = `set -eu
mount -t tmpfs tmpfs "$1"
mkdir "$1/upper" "$1/work" "$1/root"
mount -t overlay overlay -o "lowerdir=/,upperdir=$1/upper,workdir=$1/work" "$1/root"
r="$1/root"
mount --rbind /dev "$r/dev"
mount -t proc proc "$r/proc"
cp "$2" "$3" "$r/root/"
cp "$4" "$r/root/rules.yml"
chroot "$r" sh -c 'cd /root && ${apt} install -y -qq ./$(basename "$0")' "$2" > "$1/install.log" 2>&1 || { cat "$1/install.log"; exit 1; }
echo "installed: $(chroot "$r" dpkg-query -W -f '\${Version}' secscan)"
chroot "$r" dpkg-query -L secscan > "$1/listed"
chroot "$r" env -i PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 sh /root/in-root.sh
chroot "$r" sh -c '${apt} purge -y -qq secscan' > "$1/purge.log" 2>&1 || { cat "$1/purge.log"; exit 1; }
left=0
while read -r path; do
  if [ -f "$r$path" ] || [ -L "$r$path" ]; then echo "left: $path"; left=1; fi
done < "$1/listed"
chroot "$r" dpkg-query -W secscan > /dev/null 2>&1 && echo "still installed"
echo "purged: $left"
`;
      const r = spawnSync(
        'unshare',
        [
          '--mount',
          '--propagation',
          'private',
          '--',
          'sh',
          '-c',
          outer,
          'sh',
          merged,
          join(temp, basename(deb('amd64'))),
          join(temp, 'in-root.sh'),
          join(temp, 'rules.yml'),
        ],
        { encoding: 'utf8', timeout: 280_000 },
      );
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const lines = r.stdout.trim().split('\n');
      expect(lines[0]).toBe(`installed: ${rel.version}`);
      expect(lines[1]).toBe(`secscan ${rel.version}`);
      expect(lines[3]).toMatch(/^Node\.js v24\.\d+\.\d+ \(linux-x64, inside the executable\)$/);
      expect(lines.slice(4)).toEqual([
        '/usr/bin/secscan',
        '/usr/share/man/man1/secscan-findings.1.gz',
        'complete -F _secscan secscan',
        'zsh: _secscan',
        expect.stringMatching(/^findings\t/),
        '1',
        'gate: 1',
        'purged: 0',
      ]);
      // The machine itself never had it.
      expect(spawnSync('dpkg-query', ['-W', 'secscan']).status).not.toBe(0);
    },
    300_000,
  );
});

/** Runs the Homebrew rehearsal of `formula` with downloads from `dir`, for one OS and CPU. */
function brew(formula: string, dir: string, os: string, cpu: string, mode: 'install' | 'load') {
  const prefix = mkdtempSync(join(temp, `brew-${os}-${cpu}-`));
  const r = spawnSync(
    'ruby',
    [join(root, 'test/fixtures/homebrew/formula-dsl.rb'), formula, dir, prefix, os, cpu, mode],
    { encoding: 'utf8' },
  );
  return { ...r, prefix };
}

describe('the Homebrew formula and the Scoop manifest', () => {
  it('secscan.rb passes ruby -c, and installs the executable, the man pages and the completions as brew would', () => {
    const formula = join(rel.dir, 'secscan.rb');
    expect(execFileSync('ruby', ['-c', formula], { encoding: 'utf8' })).toBe('Syntax OK\n');
    const base = `https://github.com/secscan-test/secscan/releases/download/v${rel.version}`;
    const asset = (file: string) => ({ url: `${base}/${file}`, sha256: rel.sums[file] });
    const tarball = asset(basename(rel.tarball));
    const linux = brew(formula, rel.dir, 'linux', 'intel', 'install');
    expect(linux.stderr).toBe('');
    const report = JSON.parse(linux.stdout);
    expect(report.urls).toEqual([asset('secscan-linux-x64'), tarball]);
    expect(report.installed).toEqual([
      join(linux.prefix, 'bin/secscan'),
      ...pkg.man.map((m) => join(linux.prefix, 'share/man/man1', basename(m))).sort(),
    ]);
    expect(readFileSync(join(linux.prefix, 'bin/secscan')).equals(readFileSync(rel.binary))).toBe(true);
    expect(readFileSync(join(linux.prefix, 'share/zsh/site-functions/_secscan'), 'utf8')).toBe(
      readFileSync(join(root, 'completions/_secscan'), 'utf8'),
    );
    expect(report.completions).toHaveLength(3);
    expect(report.test).toBe('passed');
    for (const [os, cpu, file] of [
      ['macos', 'intel', 'secscan-darwin-x64'],
      ['macos', 'arm', 'secscan-darwin-x64'],
      ['linux', 'arm', 'secscan-linux-arm64'],
    ] as const) {
      const loaded = brew(formula, rel.dir, os, cpu, 'load');
      expect(loaded.stderr, `${os} ${cpu}`).toBe('');
      expect(JSON.parse(loaded.stdout).urls, `${os} ${cpu}`).toEqual([asset(file)]);
    }
    // A download whose sum is not the formula's is refused.
    const other = mkdtempSync(join(temp, 'other-release-'));
    symlinkSync(rel.binary, join(other, 'secscan-linux-x64'));
    writeFileSync(join(other, basename(rel.tarball)), 'not the tarball');
    const refused = brew(formula, other, 'linux', 'intel', 'install');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain(`not ${rel.sums[basename(rel.tarball)]} as the formula says`);
    // Each rehearsal hashes and copies the 100 MB executables: half a minute on a loaded 2-core machine.
  }, 180_000);

  it("secscan.json is valid by Scoop's schema and names the Windows executable by its SHA-256", () => {
    const schema = JSON.parse(readFileSync(join(root, 'test/fixtures/scoop/schema.json'), 'utf8'));
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    const manifest = JSON.parse(readFileSync(join(rel.dir, 'secscan.json'), 'utf8'));
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
    expect(manifest).toMatchObject({
      version: rel.version,
      license: 'MIT',
      bin: 'secscan.exe',
      architecture: {
        '64bit': {
          url: `https://github.com/secscan-test/secscan/releases/download/v${rel.version}/secscan-win-x64.exe#/secscan.exe`,
          hash: rel.sums['secscan-win-x64.exe'],
        },
      },
    });
    // The schema does refuse a manifest that breaks it.
    expect(validate({ ...manifest, architecture: { '64bit': { hash: 'not-a-hash' } } })).toBe(false);
  });
});
