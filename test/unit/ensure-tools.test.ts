import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm test`'s pretest, run with a PATH holding nothing but fakes: the tools found, `id`, and an `apt-get`
 * that answers as apt does when another apt holds its locks (the dpkg lock for install, the lists lock for
 * update), then installs by creating the tools.
 */
const script = fileURLToPath(new URL('../../scripts/ensure-tools.mjs', import.meta.url));
const all = [
  'zsh',
  'fish',
  'mandoc',
  'bash',
  'tmux',
  'groff',
  'man',
  'pdftoppm',
  'curl',
  'jq',
  'chromium',
  'qemu-aarch64-static',
  'lintian',
  'dpkg-shlibdeps',
  'ruby',
  'skopeo',
  'umoci',
  'podman',
  'runc',
];

const fakeAptGet = `#!/bin/sh
echo "$*" >> "$FAKE_DIR/apt-calls"
case "$1" in
update)
  n=0; [ -f "$FAKE_DIR/update-locked" ] && read n < "$FAKE_DIR/update-locked"
  if [ "$n" -gt 0 ]; then
    echo $((n - 1)) > "$FAKE_DIR/update-locked"
    echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 812 (apt-get)" >&2
    echo "E: Unable to lock directory /var/lib/apt/lists/" >&2
    exit 100
  fi
  exit 0 ;;
install)
  if [ "$FAKE_INSTALL" = locked ]; then
    echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 812 (unattended-upgr)" >&2
    echo "N: Be aware that removing the lock file is not a solution and may break your system." >&2
    echo "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?" >&2
    exit 100
  fi
  for pkg in "$@"; do
    case "$pkg" in
    -*|install|DPkg::*) ;;
    man-db) printf '#!/bin/sh\\n' > "$FAKE_DIR/bin/man"; chmod 755 "$FAKE_DIR/bin/man" ;;
    poppler-utils) printf '#!/bin/sh\\n' > "$FAKE_DIR/bin/pdftoppm"; chmod 755 "$FAKE_DIR/bin/pdftoppm" ;;
    dpkg-dev) printf '#!/bin/sh\\n' > "$FAKE_DIR/bin/dpkg-shlibdeps"; chmod 755 "$FAKE_DIR/bin/dpkg-shlibdeps" ;;
    qemu-user-static) printf '#!/bin/sh\\n' > "$FAKE_DIR/bin/qemu-aarch64-static"; chmod 755 "$FAKE_DIR/bin/qemu-aarch64-static" ;;
    *) printf '#!/bin/sh\\n' > "$FAKE_DIR/bin/$pkg"; chmod 755 "$FAKE_DIR/bin/$pkg" ;;
    esac
  done
  exit 0 ;;
esac
exit 2
`;

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function machine(options: { have: string[]; uid?: number; apt?: boolean }) {
  dir = mkdtempSync(join(tmpdir(), 'secscan-ensure-tools-'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const put = (name: string, text: string) => {
    writeFileSync(join(bin, name), text);
    chmodSync(join(bin, name), 0o755);
  };
  for (const tool of options.have) put(tool, '#!/bin/sh\n');
  put('id', `#!/bin/sh\necho ${options.uid ?? 0}\n`);
  // chmod is the only outside command the fake apt-get runs.
  put('chmod', '#!/bin/sh\nexec /bin/chmod "$@"\n');
  if (options.apt !== false) put('apt-get', fakeAptGet);
  return bin;
}

function ensureTools(bin: string, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [script], {
    env: { PATH: bin, FAKE_DIR: dir, ENSURE_TOOLS_LOCK_TIMEOUT: '2', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  const calls = existsSync(join(dir, 'apt-calls'))
    ? readFileSync(join(dir, 'apt-calls'), 'utf8').trim().split('\n')
    : [];
  return { status: run.status, stderr: run.stderr, stdout: run.stdout, calls };
}

/** The script's own lines (apt's are passed through as they came). */
const ownLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('ensure-tools:'));

function expectNoStackTrace(stderr: string): void {
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toMatch(/Error:|node:internal/);
}

describe('scripts/ensure-tools.mjs (npm test’s pretest)', () => {
  it('does nothing when every tool is on PATH', () => {
    const run = ensureTools(machine({ have: all }));
    expect([run.status, run.stdout, run.stderr, run.calls]).toEqual([0, '', '', []]);
  });

  it('names the missing packages and the command, in one line, when it may not install them', () => {
    const run = ensureTools(machine({ have: all.filter((t) => t !== 'fish' && t !== 'man'), uid: 1000 }));
    expect(run.status).toBe(1);
    expect(run.calls).toEqual([]);
    expect(run.stderr).toBe(
      'ensure-tools: only root may install them here; the tests need fish, man-db: install them with ' +
        '`sudo apt-get install -y fish man-db` and run npm test again\n',
    );
  });

  it('says so in one line, naming the packages, when there is no apt-get', () => {
    const run = ensureTools(machine({ have: all.filter((t) => t !== 'jq'), apt: false }));
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'ensure-tools: apt-get is not available; the tests need jq: install them with `apt-get install -y jq` and run npm test again\n',
    );
  });

  it('waits for the dpkg lock, and when another apt keeps it: one line with the packages and the command, no stack trace', () => {
    const missing = ['zsh', 'pdftoppm'];
    const run = ensureTools(machine({ have: all.filter((t) => !missing.includes(t)) }), {
      FAKE_INSTALL: 'locked',
    });
    expect(run.status).toBe(1);
    expectNoStackTrace(run.stderr);
    expect(run.calls).toEqual([
      'update -qq -o DPkg::Lock::Timeout=2',
      'install -y -qq -o DPkg::Lock::Timeout=2 zsh poppler-utils',
    ]);
    // apt's own lines come through; the script adds exactly one of its own after its progress line.
    expect(run.stderr).toContain('Unable to acquire the dpkg frontend lock');
    expect(ownLines(run.stderr)).toEqual([
      'ensure-tools: apt-get install: dpkg was still locked by another process after 2 s; the tests need ' +
        'zsh, poppler-utils: install them with `apt-get install -y zsh poppler-utils` and run npm test again',
    ]);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(ownLines(run.stderr)[0]);
  });

  it('runs apt-get update again while another apt holds the package lists, then installs', () => {
    const bin = machine({ have: all.filter((t) => t !== 'tmux' && t !== 'man') });
    writeFileSync(join(dir, 'update-locked'), '2\n');
    const run = ensureTools(bin, { ENSURE_TOOLS_LOCK_TIMEOUT: '20' });
    expect(run.stderr).not.toContain('Could not get lock');
    expect(ownLines(run.stderr)).toEqual([
      'ensure-tools: another apt holds the package lists; waiting up to 20 s for it',
    ]);
    expect(run.calls).toEqual([
      ...Array(3).fill('update -qq -o DPkg::Lock::Timeout=20'),
      'install -y -qq -o DPkg::Lock::Timeout=20 tmux man-db',
    ]);
    expect(run.status).toBe(0);
    expect(existsSync(join(bin, 'man'))).toBe(true);
  });

  it('gives up on the package lists lock after the timeout, in one line, no stack trace', () => {
    const bin = machine({ have: all.filter((t) => t !== 'fish') });
    writeFileSync(join(dir, 'update-locked'), '1000\n');
    const run = ensureTools(bin, { ENSURE_TOOLS_LOCK_TIMEOUT: '1' });
    expect(run.status).toBe(1);
    expectNoStackTrace(run.stderr);
    expect(run.calls.every((c) => c.startsWith('update '))).toBe(true);
    expect(ownLines(run.stderr).at(-1)).toBe(
      'ensure-tools: apt-get update: the package lists were still locked by another apt after 1 s; the tests ' +
        'need fish: install them with `apt-get install -y fish` and run npm test again',
    );
  });
});
