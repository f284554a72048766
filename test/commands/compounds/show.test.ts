import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const ID = '5d2c8e1f-7a3b-4c6d-9e0f-1a2b3c4d5e6f';

describe('compounds show: usage errors (exit 2, no request)', () => {
  it.each([
    [['compounds', 'show'], "missing required argument 'name-or-id'"],
    [['compounds', 'show', ' '], 'compound name must not be empty'],
    [['compounds', 'show', 'shop', '--ful'], "unknown option '--ful' (did you mean --full?)"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('compounds show', () => {
  it('reads a compound by name and prints its apps', async () => {
    cli
      .stub('ReadCompoundShallowByName', { path: { compoundName: 'shop' } })
      .reply(200, ok({ id: ID, name: 'shop', apps: ['web', 'api'] }));
    const r = await cli.run(['compounds', 'show', 'shop'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`name\tshop\nid\t${ID}\napps\tweb api\n`);
  });

  it('reads a compound by id, and the full form with --full', async () => {
    cli
      .stub('ReadCompoundShallowByID', { path: { compoundID: ID } })
      .reply(200, ok({ id: ID, name: 'shop', apps: ['web'] }));
    const full = { id: ID, name: 'shop', apps: { 0: { id: 'web', language: 'java' } } };
    cli.stub('ReadCompoundFull', { path: { compoundID: ID } }).reply(200, ok(full));
    const r = await cli.run(['compounds', 'show', ID, '--full', '-o', 'json'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(full);
  });

  it('exits 5 when no compound has that name', async () => {
    cli
      .stub('ReadCompoundShallowByName', { path: { compoundName: 'nope' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no such compound' });
    const r = await cli.run(['compounds', 'show', 'nope'], { env: authEnv() });
    expect(r.code).toBe(5);
    expect(r.stderr.split('\n')[0]).toBe(
      'error: ReadCompoundShallowByName: no such compound (HTTP 404 NOT_FOUND)',
    );
  });
});
