import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('packages show: usage errors (exit 2, no request)', () => {
  it.each([
    [['packages', 'show', 'log4j'], 'invalid package URL "log4j": expected pkg:<type>/<name>@<version>'],
    [['packages', 'show'], 'give at least one package URL, or --from-file FILE'],
    [['packages', 'show', '--from-file', ''], '--from-file must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it.each([
    [
      'pkg:npm/a@1\nnot-a-purl\n',
      'invalid package URL "not-a-purl" in --from-file -: expected pkg:<type>/<name>@<version>',
    ],
    ['# nothing\n\n', '--from-file: no package URLs found'],
  ])('refuses --from-file - holding %j', async (stdin, message) => {
    expectUsage(
      await cli.run(['packages', 'show', '--from-file', '-'], { env: authEnv(), stdin }),
      message,
      cli,
    );
  });
});

describe('packages show', () => {
  it('packages show sends every PURL in one request', async () => {
    cli.stub('RetrievePackageInfo', { body: { purls: ['pkg:npm/a@1', 'pkg:npm/b@2'] } }).reply(
      200,
      ok([
        {
          purl: 'pkg:npm/a@1',
          licenses: ['MIT'],
          cves: [{ id: 'CVE-1', impact: { cvssV3: { baseScore: 9.8, baseSeverity: 'CRITICAL' } } }],
        },
        { purl: 'pkg:npm/b@2', licenses: [], cves: [] },
      ]),
    );
    const result = await cli.run(['packages', 'show', 'pkg:npm/a@1', 'pkg:npm/b@2'], { env: authEnv() });
    expect(result.stdout).toBe('pkg:npm/a@1\tMIT\tCVE-1 (9.8 CRITICAL)\npkg:npm/b@2\t\t\n');
    expect(cli.calls()[0]?.body).toEqual({ purls: ['pkg:npm/a@1', 'pkg:npm/b@2'] });
  });

  it('adds the PURLs of --from-file (each once), and needs no organization', async () => {
    const file = join(cli.configDir, 'purls.txt');
    writeFileSync(file, '# from the lock file\npkg:npm/a@1\n\npkg:maven/org.x/y@2\n');
    cli
      .stub('RetrievePackageInfo', { body: { purls: ['pkg:npm/a@1', 'pkg:maven/org.x/y@2'] } })
      .reply(
        200,
        ok([{ purl: 'pkg:npm/a@1', cves: [{ internalId: 'X-1' }] }, { purl: 'pkg:maven/org.x/y@2' }]),
      );
    const result = await cli.run(['packages', 'show', 'pkg:npm/a@1', '--from-file', file], {
      env: authEnv({ SECSCAN_TOKEN: 'opaque-token-without-org' }),
    });
    expect(result).toEqual({ code: 0, stdout: 'pkg:npm/a@1\t\tX-1\npkg:maven/org.x/y@2\t\t\n', stderr: '' });
  });

  it('refuses a --from-file it cannot read', async () => {
    const result = await cli.run(['packages', 'show', '--from-file', join(cli.configDir, 'none.txt')], {
      env: authEnv(),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: --from-file: cannot read .*none\.txt: no such file/);
    expect(cli.calls()).toEqual([]);
  });
});
