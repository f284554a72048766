import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, json, useCli } from '../../helpers/cli.js';
import { searches } from './fixtures.js';

const cli = useCli();

describe('searches list: usage errors (exit 2, no request)', () => {
  it.each([[['searches', 'list', '--all'], "unknown option '--all'"]])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('searches list', () => {
  it('reads the bare array', async () => {
    cli.stub('ListSavedSearches').reply(200, searches, json);
    const r = await cli.run(['searches', 'ls'], { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout:
        '6f1c2d3e-0000-4000-8000-000000000001\tCritical in payments\t/findings\tapp=payments-api&severity=critical\t2026-08-03T09:12:00.000Z\n',
      stderr: '',
    });
  });

  it('keeps CSV cells from running as formulas and strips escapes in tables', async () => {
    cli
      .stub('ListSavedSearches')
      .reply(200, [{ ...searches[0], search_name: '=HYPERLINK("x")\u001b[2J' }], json);
    const r = await cli.run(['searches', 'list', '-o', 'csv'], { env: authEnv() });
    expect(r.stdout.split('\n')[1]).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('refuses an envelope where the bare array is expected (exit 8)', async () => {
    cli.stub('ListSavedSearches').reply(200, { ok: true, response: searches }, json);
    const r = await cli.run(['searches', 'list'], { env: authEnv() });
    expect(r.code).toBe(8);
    expect(r.stdout).toBe('');
  });
});
