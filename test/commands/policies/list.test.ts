import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const listed = [
  { contentHash: A, tags: [{ name: 'release', tags: ['1', 'latest'] }] },
  {
    contentHash: B,
    tags: [
      { name: 'default', tags: ['2', 'latest'] },
      { name: 'release-candidate', tags: [] },
    ],
  },
];

describe('policies list: usage errors (exit 2, no request)', () => {
  it.each([
    [['policies', 'list', '--name', 'a b'], 'invalid value for --name: "a b" (letters, digits, _ . -)'],
    [['policies', 'list', '--name', ''], 'invalid value for --name: "" (letters, digits, _ . -)'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('policies list', () => {
  it('prints one row per name and content, sorted by name', async () => {
    cli.stub('ListCheckAnalysisConfiguration').reply(200, ok(listed));
    const r = await cli.run(['policies', 'ls'], { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout: `default\t2, latest\t${B}\nrelease\t1, latest\t${A}\nrelease-candidate\t\t${B}\n`,
      stderr: '',
    });
  });

  it('sends --name and keeps only that name’s rows', async () => {
    cli.stub('ListCheckAnalysisConfiguration', { query: { name: 'default' } }).reply(200, ok([listed[1]]));
    const r = await cli.run(['policies', 'list', '--name', 'default', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(r.stdout)).toEqual([{ name: 'default', tags: ['2', 'latest'], contentHash: B }]);
  });

  it('refuses a version without tags (exit 8), never an empty list', async () => {
    cli.stub('ListCheckAnalysisConfiguration').reply(200, ok([{ contentHash: A }]));
    const r = await cli.run(['policies', 'list'], { env: authEnv() });
    expect(r.code).toBe(8);
  });
});
