import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Release, release } from '../helpers/release.js';
import { readmeRules } from './ci/setup.js';

/**
 * The single executables of the release on a machine with no Node.js: in a mount namespace of its own
 * (`unshare --mount`, as root), the Node.js binary is hidden under /dev/null and PATH holds only a few shell
 * tools, so nothing can run `node`. There secscan-linux-x64 runs the README's quick start: a sandbox (with
 * TLS) in the background, commands against it, the gate, completion (the script, and values from the
 * service, refreshed by the executable starting itself in the background) and a backup download (its
 * hashing worker). secscan-linux-arm64 runs the first half of it under qemu-user (binfmt_misc is not
 * registered here, so the executable cannot start itself again: no background refresh), and both report
 * the Node.js 24 inside them.
 */
const root = process.getuid?.() === 0;
const temp = mkdtempSync(join(tmpdir(), 'secscan-sea-'));
let rel: Release;

beforeAll(() => {
  rel = release();
}, 600_000);

afterAll(() => rmSync(temp, { recursive: true, force: true }));

const start = `set -eu
cd "$WORK"
secscan --version
secscan --version --verbose > verbose.txt
secscan sandbox --tls --port 0 --ready-file sandbox.env > /dev/null 2> sandbox.log &
sandbox=$!
secscan sandbox wait sandbox.env
set -a; . ./sandbox.env; set +a
secscan whoami -o json > whoami.json
secscan apps list > apps.txt
SECSCAN_DEBUG=1 secscan findings list --limit 2 > /dev/null 2> debug.log
secscan findings list --app shiftleft-java-demo --severity critical --limit 3 -o json > findings.json
code=0
secscan scans check --compound shop --rules rules.yml --target-branch feature/checkout --source-branch main \\
  --report-junit junit.xml > gate.txt || code=$?
echo "gate: $code"
`;
const rest = `secscan completion bash > completion.bash
secscan __complete app > first-tab.txt
# The first TAB starts a refresh in the background (the executable running itself): wait for its values.
tries=0
while [ ! -s second-tab.txt ] && [ "$tries" -lt 600 ]; do
  secscan __complete app > second-tab.txt
  tries=$((tries + 1))
done
secscan backups list -o json > backups.json
secscan backups download --out backup.tar.gz 2> download.log
`;
const stop = `kill -INT "$sandbox"
wait "$sandbox" || true
echo done
`;

/** A qemu-user and the arm64 libraries it runs the arm64 Node.js with (scripts/ensure-tools.mjs installs them). */
const qemu = '/usr/bin/qemu-aarch64-static';
const arm64Libraries = '/usr/aarch64-linux-gnu';

/**
 * Runs `script` with no Node.js on the machine, `secscan` on PATH being `command` (a link to the executable,
 * or a script running it under qemu); returns the result and a reader of the files it wrote.
 */
function withoutNode(name: string, command: (tools: string) => void, script: string) {
  const work = join(temp, name, 'work');
  const tools = join(temp, name, 'tools');
  mkdirSync(work, { recursive: true });
  mkdirSync(tools);
  writeFileSync(join(work, 'rules.yml'), readmeRules);
  command(tools);
  // The few tools the script uses: no directory of the machine's PATH.
  for (const tool of ['sh', 'cat', 'kill']) {
    const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    if (found.startsWith('/')) symlinkSync(found, join(tools, tool));
  }
  const file = join(temp, name, 'script.sh');
  writeFileSync(file, script);
  const r = spawnSync(
    'unshare',
    [
      '--mount',
      '--',
      '/bin/sh',
      '-c',
      // Hidden: exec of the Node.js binary now fails, whatever the path it is reached by.
      'mount --bind /dev/null "$1" && { if PATH=/usr/bin:/bin node -e 0 2> /dev/null; then echo "node still runs"; exit 99; fi; } && exec env -i PATH="$2" HOME="$3" WORK="$4" /bin/sh "$5"',
      'sh',
      process.execPath,
      tools,
      join(temp, name, 'home'),
      work,
      file,
    ],
    { encoding: 'utf8', timeout: 280_000 },
  );
  return { r, out: (f: string) => readFileSync(join(work, f), 'utf8'), work };
}

/** What the first half of the quick start left, the same on every platform. */
function expectStart(out: (f: string) => string, platform: string) {
  expect(out('verbose.txt')).toMatch(
    new RegExp(
      `^secscan ${rel.version}\\ncommit .+\\nNode\\.js v24\\.\\d+\\.\\d+ \\(${platform}, inside the executable\\)\\n$`,
    ),
  );
  expect(JSON.parse(out('whoami.json'))).toHaveProperty('email');
  expect(out('apps.txt')).toContain('shiftleft-java-demo');
  // The chunks' code caches, written by this runtime with the flags it runs with, are all taken.
  expect(out('debug.log')).toMatch(/^debug: > GET /m);
  expect(out('debug.log')).not.toMatch(/refused the code cache/);
  expect(JSON.parse(out('findings.json')).length).toBeGreaterThan(0);
  expect(out('gate.txt')).toContain('no-new-critical');
  expect(out('junit.xml')).toContain('<testsuites');
}

describe.skipIf(!root)('the single executables, with no Node.js on the machine', () => {
  it('linux-x64 runs the quick start: the sandbox, commands, the gate, completion and a download', () => {
    const { r, out, work } = withoutNode(
      'x64',
      (tools) => symlinkSync(rel.binary, join(tools, 'secscan')),
      start + rest + stop,
    );
    expect(r.stderr).toMatch(/^sandbox: ready at https:\/\/127\.0\.0\.1:\d+\n$/);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${rel.version}\ngate: 1\ndone\n`);
    expectStart(out, 'linux-x64');
    expect(out('completion.bash')).toContain('complete -F');
    expect(out('second-tab.txt')).toContain('shiftleft-java-demo');
    expect(out('download.log')).not.toMatch(/error/i);
    expect(readdirSync(work)).toEqual(expect.arrayContaining(['backup.tar.gz', 'backup.tar.gz.sha256']));
  }, 300_000);

  it('linux-arm64 runs the quick start under qemu-user: the sandbox, commands and the gate', () => {
    const binary = rel.binaries['linux-arm64'] as string;
    const { r, out } = withoutNode(
      'arm64',
      (tools) => {
        writeFileSync(
          join(tools, 'secscan'),
          `#!/bin/sh\nexec ${qemu} -L ${arm64Libraries} ${binary} "$@"\n`,
        );
        chmodSync(join(tools, 'secscan'), 0o755);
      },
      start + stop,
    );
    expect(r.stderr).toMatch(/^sandbox: ready at https:\/\/127\.0\.0\.1:\d+\n$/);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${rel.version}\ngate: 1\ndone\n`);
    expectStart(out, 'linux-arm64');
  }, 300_000);
});
