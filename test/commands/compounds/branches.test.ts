import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('compounds branches: usage errors (exit 2, no request)', () => {
  it.each([
    [['compounds', 'branches'], "missing required argument 'name'"],
    [['compounds', 'branches', ' '], 'compound name must not be empty'],
    [
      ['compounds', 'branches', 'shop', '--fields', 'name'],
      'unknown field "name" for --fields (choose from branch)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('compounds branches', () => {
  it('lists the branches, archived compounds included', async () => {
    cli
      .stub('CompoundBranches', { path: { compoundName: 'shop' }, query: { archived: true } })
      .reply(200, ok({ branches: ['main', 'feature/checkout'] }));
    const r = await cli.run(['compounds', 'branches', 'shop'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: 'main\nfeature/checkout\n', stderr: '' });
  });

  it('notes a compound without branches on a terminal', async () => {
    cli
      .stub('CompoundBranches', { path: { compoundName: 'shop' }, query: { archived: true } })
      .reply(200, ok({ branches: [] }));
    const r = await cli.run(['compounds', 'branches', 'shop'], { env: authEnv(), stdoutTTY: true });
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'No branches.\n' });
  });
});
