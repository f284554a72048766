import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authEnv, ok, useCli } from '../../helpers/cli.js';

/** `ignores lint` on the VEX an entry states (issue 41, §1): only of dependency findings, named by package or id. */

const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-lint-vex-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(text: string): string {
  const path = join(dir, `ignore-${Math.random().toString(36).slice(2)}.yml`);
  writeFileSync(path, text);
  return path;
}

const lint = (args: string[]) => cli.run(['ignores', 'lint', ...args, '-o', 'json'], { env: authEnv() });

describe('ignores lint: vex', () => {
  it('offline: vex on an entry naming findings by category, title or path is a problem (exit 1)', async () => {
    const path = file(
      [
        'ignores:',
        '  - app: web',
        '    category: Vulnerable Dependency',
        '    reason: r',
        '    vex: not_affected',
        '    justification: code_not_reachable',
        '  - package: pkg:npm/lodash',
        '    reason: r',
        '    vex: false_positive',
        '',
      ].join('\n'),
    );
    const result = await lint([path, '--offline']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual([
      {
        line: 2,
        problem: 'vex',
        entry: 'web: category Vulnerable Dependency',
        detail:
          "states vex: not_affected for every finding its category, title or path names: a VEX statement is of a package's vulnerability (name the package or the finding id)",
      },
    ]);
  });

  it('online: vex on an entry that names a code finding is a problem; on a dependency finding none', async () => {
    const path = file(
      [
        'ignores:',
        '  - id: 4',
        '    app: web',
        '    reason: r',
        '    vex: false_positive',
        '  - id: 5',
        '    app: web',
        '    reason: r',
        '    vex: false_positive',
        '',
      ].join('\n'),
    );
    cli.stub('ListAppFindings', { path: { appID: 'web' }, query: { status: 'any', per_page: 250 } }).reply(
      200,
      ok({
        findings: [
          { id: '4', app: 'web', type: 'vuln', internal_id: 'v/4', title: 'SQL Injection' },
          { id: '5', app: 'web', type: 'oss_vuln', internal_id: 'd/5', title: 'Prototype pollution' },
        ],
      }),
    );
    const result = await lint([path]);
    expect(result.code, result.stderr).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual([
      {
        line: 2,
        problem: 'vex',
        entry: 'web #4',
        detail:
          "states vex: false_positive but names 1 finding(s) that are not dependency findings (web #4 vuln): VEX is of a package's vulnerability",
      },
    ]);
  });
});
