import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const rules =
  '# gate\nrules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n';
const hash = 'c'.repeat(64);

function file(name: string, text: string): string {
  const path = join(cli.configDir, name);
  writeFileSync(path, text);
  return path;
}

describe('policies push: usage errors (exit 2, no request)', () => {
  it.each([
    [['policies', 'push', 'p.yml'], '--name is required'],
    [
      ['policies', 'push', 'p.yml', '--name', 'a:b'],
      'invalid value for --name: "a:b" (letters, digits, _ . -)',
    ],
    [
      ['policies', 'push', 'p.yml', '--name', 'a', '--tag', 'x y'],
      'invalid value for --tag: "x y" (letters, digits, _ . -)',
    ],
    [['policies', 'push', '--name', 'a'], "missing required argument 'file'"],
    // A tag of one's own and the service's versioning are alternatives: the pair is never pushed.
    [
      ['policies', 'push', 'p.yml', '--name', 'p', '--tag', 't', '--use-defaults'],
      '--tag and --use-defaults cannot be used together',
    ],
    [
      ['policies', 'push', 'p.yml', '--use-defaults', '--name', 'p', '--tag', 't'],
      '--tag and --use-defaults cannot be used together',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('policies push', () => {
  it('sends the YAML file as is, with the tag, and prints hash and tags', async () => {
    cli
      .stub('UpsertCheckAnalysisConfiguration', {
        path: { reference: 'default' },
        query: { tag: 'rc1' },
      })
      .reply(200, ok({ contentHash: hash, tags: ['3', 'rc1', 'latest'] }));
    const r = await cli.run(['policies', 'push', file('p.yml', rules), '--name', 'default', '--tag', 'rc1'], {
      env: authEnv(),
    });
    expect(r).toEqual({
      code: 0,
      stdout: `name\tdefault\ntags\t3, rc1, latest\ncontentHash\t${hash}\n`,
      stderr: 'Pushed policy default: `secscan scans check --policy default` uses it.\n',
    });
    const [call] = cli.calls();
    expect(call?.body).toBe(rules);
    expect(call?.headers['content-type']).toBe('application/yaml');
  });

  it('--use-defaults asks for the service’s versioning, without a tag', async () => {
    cli
      .stub('UpsertCheckAnalysisConfiguration', {
        path: { reference: 'default' },
        query: { useDefaults: true },
      })
      .reply(200, ok({ contentHash: hash, tags: ['4', 'latest'] }));
    const r = await cli.run(
      ['policies', 'push', file('p.yml', rules), '--name', 'default', '--use-defaults'],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`name\tdefault\ntags\t4, latest\ncontentHash\t${hash}\n`);
  });

  it('turns a JSON file into YAML', async () => {
    cli
      .stub('UpsertCheckAnalysisConfiguration', { path: { reference: 'release' } })
      .reply(200, ok({ contentHash: hash, tags: ['latest'] }));
    const json = JSON.stringify({ rules: [{ id: 'a', tags: { severity: ['high'] }, threshold: 1 }] });
    const r = await cli.run(['policies', 'push', file('p.json', json), '--name', 'release', '-o', 'json'], {
      env: authEnv(),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ name: 'release', tags: ['latest'], contentHash: hash });
    expect(cli.calls()[0]?.body).toBe(
      'rules:\n  - id: a\n    tags:\n      severity:\n        - high\n    threshold: 1\n',
    );
  });

  it.each([
    [
      'rules:\n  - id: a\n    tags:\n      severity: [critical]\n    treshold: 0\n',
      ':5: rules[0]: unknown key "treshold"',
    ],
    [
      'rules:\n  - id: a\n    tags:\n      severity: [urgent]\n',
      ':4: rules[0].tags.severity: unknown severity "urgent"',
    ],
    ['rules:\n  - id: a\n  - id: a\n', ':3: rules[1].id: duplicate rule id "a"'],
    ['', ':1: the file is empty'],
  ])(
    'refuses what `scans check --rules` would refuse, before any request (exit 3): %j',
    async (text, message) => {
      const path = file('p.yml', text);
      const r = await cli.run(['policies', 'push', path, '--name', 'default'], { env: authEnv() });
      expect(r.code).toBe(3);
      expect(r.stderr.split('\n')[0]).toContain(`error: ${path}${message}`);
      expect(cli.calls()).toEqual([]);
    },
  );

  it('refuses an answer without the content hash (exit 8)', async () => {
    cli
      .stub('UpsertCheckAnalysisConfiguration', { path: { reference: 'default' } })
      .reply(200, ok({ tags: [] }));
    const r = await cli.run(['policies', 'push', file('p.yml', rules), '--name', 'default'], {
      env: authEnv(),
    });
    expect(r.code).toBe(8);
  });
});
