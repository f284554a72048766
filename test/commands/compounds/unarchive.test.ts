import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('compounds unarchive: usage errors (exit 2, no request)', () => {
  it.each([
    [['compounds', 'unarchive'], "missing required argument 'name'"],
    [['compounds', 'unarchive', ''], 'compound name must not be empty'],
    [
      ['compounds', 'unarchive', 'shop', 'extra'],
      "too many arguments for 'unarchive'. Expected 1 argument but got 2.",
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('compounds unarchive', () => {
  it('sends is_archived: false and notes it', async () => {
    cli
      .stub('ToggleCompoundArchive', { path: { compoundName: 'java-demo' }, body: { is_archived: false } })
      .reply(200, { ok: true });
    const r = await cli.run(['compounds', 'unarchive', 'java-demo'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'Unarchived compound java-demo.\n' });
  });

  it('maps 404 to exit 5', async () => {
    cli
      .stub('ToggleCompoundArchive', { path: { compoundName: 'nope' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no such compound' });
    const r = await cli.run(['compounds', 'unarchive', 'nope'], { env: authEnv() });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
  });
});
