import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('compounds archive: usage errors (exit 2, no request)', () => {
  it.each([
    [['compounds', 'archive'], "missing required argument 'name'"],
    [['compounds', 'archive', ''], 'compound name must not be empty'],
    [
      ['compounds', 'archive', 'shop', 'extra'],
      "too many arguments for 'archive'. Expected 1 argument but got 2.",
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('compounds archive', () => {
  it('sends is_archived: true and notes it', async () => {
    cli
      .stub('ToggleCompoundArchive', { path: { compoundName: 'java-demo' }, body: { is_archived: true } })
      .reply(200, { ok: true });
    const r = await cli.run(['compounds', 'archive', 'java-demo'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'Archived compound java-demo.\n' });
  });

  it('maps 404 to exit 5', async () => {
    cli
      .stub('ToggleCompoundArchive', { path: { compoundName: 'nope' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no such compound' });
    const r = await cli.run(['compounds', 'archive', 'nope'], { env: authEnv() });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
  });
});
