import { spawnSync } from 'node:child_process';
import {
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
 * The single executable of the release (secscan-linux-x64) on a machine with no Node.js: in a mount
 * namespace of its own (`unshare --mount`, as root), the Node.js binary is hidden under /dev/null and PATH
 * holds only a few shell tools, so nothing can run `node`. There it runs the README's quick start: a
 * sandbox (with TLS) in the background, commands against it, the gate, completion (the script, and values
 * from the service, refreshed by the executable starting itself in the background) and a backup download
 * (its hashing worker).
 */
const root = process.getuid?.() === 0;
const temp = mkdtempSync(join(tmpdir(), 'secscan-sea-'));
let rel: Release;

beforeAll(() => {
  rel = release();
}, 300_000);

afterAll(() => rmSync(temp, { recursive: true, force: true }));

const quickStart = `set -eu
cd "$WORK"
secscan --version
secscan sandbox --tls --port 0 --ready-file sandbox.env > /dev/null 2> sandbox.log &
sandbox=$!
secscan sandbox wait sandbox.env
set -a; . ./sandbox.env; set +a
secscan whoami -o json > whoami.json
secscan apps list > apps.txt
secscan findings list --app shiftleft-java-demo --severity critical --limit 3 -o json > findings.json
code=0
secscan scans check --compound shop --rules rules.yml --target-branch feature/checkout --source-branch main \\
  --report-junit junit.xml > gate.txt || code=$?
echo "gate: $code"
secscan completion bash > completion.bash
secscan __complete app > first-tab.txt
# The first TAB starts a refresh in the background (the executable running itself): wait for its values.
tries=0
while [ ! -s second-tab.txt ] && [ "$tries" -lt 600 ]; do
  secscan __complete app > second-tab.txt
  tries=$((tries + 1))
done
secscan backups list -o json > backups.json
secscan backups download --out backup.tar.gz 2> download.log
kill -INT "$sandbox"
wait "$sandbox" || true
echo done
`;

describe.skipIf(!root)('the single executable, with no Node.js on the machine', () => {
  it('runs the quick start: the sandbox, commands, the gate, completion and a download', () => {
    const work = join(temp, 'work');
    const tools = join(temp, 'tools');
    mkdirSync(work);
    mkdirSync(tools);
    writeFileSync(join(work, 'rules.yml'), readmeRules);
    // secscan, and the few tools the script uses: no directory of the machine's PATH.
    symlinkSync(rel.binary, join(tools, 'secscan'));
    for (const tool of ['sh', 'cat', 'kill']) {
      const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
      if (found.startsWith('/')) symlinkSync(found, join(tools, tool));
    }
    const node = process.execPath;
    const script = join(temp, 'quick-start.sh');
    writeFileSync(script, quickStart);
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
        node,
        tools,
        join(temp, 'home'),
        work,
        script,
      ],
      { encoding: 'utf8', timeout: 240_000 },
    );
    expect(r.stderr).toMatch(/^sandbox: ready at https:\/\/127\.0\.0\.1:\d+\n$/);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${rel.version}\ngate: 1\ndone\n`);
    const out = (file: string) => readFileSync(join(work, file), 'utf8');
    expect(JSON.parse(out('whoami.json'))).toHaveProperty('email');
    expect(out('apps.txt')).toContain('shiftleft-java-demo');
    expect(JSON.parse(out('findings.json')).length).toBeGreaterThan(0);
    expect(out('gate.txt')).toContain('no-new-critical');
    expect(out('junit.xml')).toContain('<testsuites');
    expect(out('completion.bash')).toContain('complete -F');
    expect(out('second-tab.txt')).toContain('shiftleft-java-demo');
    expect(out('download.log')).not.toMatch(/error/i);
    expect(readdirSync(work)).toEqual(expect.arrayContaining(['backup.tar.gz', 'backup.tar.gz.sha256']));
  }, 300_000);
});
