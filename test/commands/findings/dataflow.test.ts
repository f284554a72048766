import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const steps = [
  { file_name: 'src/A.java', line_number: 24, symbol: 'input', role: 'source' },
  { file_name: 'src/A.java', line_number: 51, symbol: 'query', role: 'sink' },
];
const scan = (id: string, started: string, extra = {}) => ({
  id,
  app: 'a',
  version: 'v',
  successful: true,
  started_at: started,
  ...extra,
});

describe('findings dataflow: usage errors (exit 2, no request)', () => {
  it.each([
    [['findings', 'dataflow', '9'], '--app is required (the app the finding belongs to)'],
    [
      ['findings', 'dataflow', '--app', 'a', '9', '--scan', 'last'],
      'invalid value for --scan: "last" (expected a scan id (a number))',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('findings dataflow', () => {
  it("reads the finding's dataflow in the scan given", async () => {
    cli
      .stub('ReadFindingDataflow', { path: { appID: 'a', findingID: '9', scanID: '1004' } })
      .reply(200, ok({ dataflow: steps }));
    const result = await cli.run(['findings', 'dataflow', '--app', 'a', '--scan', '1004', '9'], {
      env: authEnv(),
    });
    expect(result).toEqual({
      code: 0,
      stdout: '1\tsource\tsrc/A.java\t24\tinput\n2\tsink\tsrc/A.java\t51\tquery\n',
      stderr: '',
    });
  });

  it('without --scan, in the newest successful scan of the default branch', async () => {
    cli.stub('ListScans', { path: { appID: 'a' }, query: { limit: 50 } }).reply(
      200,
      ok({
        scans: [
          scan('1006', '2026-09-19T10:00:00Z', { is_default_branch: false }),
          scan('1007', '2026-09-19T11:00:00Z', { successful: false, is_default_branch: true }),
          scan('1005', '2026-09-18T10:00:00Z', { is_default_branch: true }),
        ],
      }),
    );
    cli
      .stub('ReadFindingDataflow', { path: { appID: 'a', findingID: '9', scanID: '1005' } })
      .reply(200, ok({ dataflow: steps }));
    const result = await cli.run(['findings', 'dataflow', '--app', 'a', '9', '-o', 'json'], {
      env: authEnv(),
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(steps.map((s, i) => ({ step: i + 1, ...s })));
  });

  it('fails closed on a dataflow that is not a list (exit 8), and a finding the scan lacks is exit 5', async () => {
    const path = { path: { appID: 'a', findingID: '9', scanID: '1' } };
    cli.stub('ReadFindingDataflow', path).reply(200, ok({ dataflow: null }));
    expect(
      (await cli.run(['findings', 'dataflow', '--app', 'a', '--scan', '1', '9'], { env: authEnv() })).code,
    ).toBe(8);
    cli
      .stub('ReadFindingDataflow', path)
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'finding 9 is not in scan 1' });
    expect(
      (await cli.run(['findings', 'dataflow', '--app', 'a', '--scan', '1', '9'], { env: authEnv() })).code,
    ).toBe(5);
  });

  it('says in its help that it uses a path outside the public v4 document', async () => {
    const help = await cli.run(['findings', 'dataflow', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('It uses a path outside the public v4 document');
  });
});
