import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

describe('analyze-failures show: usage errors (exit 2, no request)', () => {
  it.each([
    [['analyze-failures', 'show', '12'], 'invalid failure id "12": expected a UUID'],
    [['analyze-failures', 'show'], "missing required argument 'id'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('analyze-failures show', () => {
  it('prints the failure; -o json keeps its details', async () => {
    const failure = {
      id: ID,
      app_name: 'ledger-service',
      category: 'sca_analysis',
      message: 'cannot resolve the dependencies',
      created_at: '2026-11-20T10:00:00Z',
      details: { step: 'resolve' },
    };
    cli
      .stub('GetAnalyzeFailure', { path: { failureId: ID } })
      .reply(200, ok(failure))
      .times(2);
    const r = await cli.run(['analyze-failures', 'show', ID, '--fields', 'id,app_name'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: `id\t${ID}\napp_name\tledger-service\n`, stderr: '' });
    const json = await cli.run(['analyze-failures', 'show', ID, '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(json.stdout)).toEqual(failure);
  });
});
