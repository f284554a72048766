import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('compounds scans: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['compounds', 'scans', 'shop', '--status', 'done'],
      'invalid value for --status: "done" (choose from completed, running, failed)',
    ],
    [
      ['compounds', 'scans', 'shop', '--limit', '101'],
      'invalid value for --limit: "101" (expected a whole number from 1 to 100)',
    ],
    [
      ['compounds', 'scans', 'shop', '--streamlined', '--status', 'failed'],
      '--status and --streamlined cannot be used together',
    ],
    [['compounds', 'scans', 'shop', '--branch', ''], '--branch must not be empty'],
    [['compounds', 'scans'], "missing required argument 'name'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('compounds scans', () => {
  it('lists the scans of a compound, archived ones included, with the filters given', async () => {
    cli
      .stub('ListScansInCompound', {
        path: { compoundName: 'shop' },
        query: { archived: true, status: 'completed', branch: 'main', limit: 2 },
      })
      .reply(
        200,
        ok({
          scans: [
            {
              id: '12',
              app: 'web',
              version: 'v2',
              successful: true,
              tags: { branch: 'main' },
              total: 4,
              started_at: 't2',
            },
            { id: '11', app: 'web', version: 'v1', successful: false, started_at: 't1', completed_at: 't1b' },
          ],
        }),
      );
    const r = await cli.run(
      ['compounds', 'scans', 'shop', '--status', 'completed', '--branch', 'main', '--limit', '2'],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('12\tmain\tv2\tcompleted\t4\tt2\n11\t\tv1\tfailed\t\tt1\n');
  });

  it('--streamlined reads the summary form and shows counts by severity', async () => {
    cli.stub('GetStreamlinedScans', { path: { compoundName: 'shop' }, query: { branch: 'main' } }).reply(
      200,
      ok({
        scans: [
          {
            polyglot_scan_id: 7,
            branch: 'main',
            created_at: 't',
            agent: 'sl',
            languages: ['java', 'go'],
            vulns: { critical: 1, high: 2 },
            secrets: 3,
          },
        ],
      }),
    );
    const r = await cli.run(['compounds', 'scans', 'shop', '--streamlined', '--branch', 'main'], {
      env: authEnv(),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('7\tmain\tt\tsl\tjava,go\t1/2/0/0\t\t3\n');
  });
});
