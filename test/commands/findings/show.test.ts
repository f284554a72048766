import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { finding } from './fixtures.js';

const cli = useCli();

describe('findings show: usage errors (exit 2, no request)', () => {
  it.each([
    [['findings', 'show', '12'], '--app is required (the app the finding belongs to)'],
    [['findings', 'show', '--app', 'a', 'abc'], 'invalid finding id "abc": expected a positive whole number'],
    [['findings', 'show', '--app', 'a', '0'], 'invalid finding id "0": expected a positive whole number'],
    [['findings', 'show', '--app', 'a'], "missing required argument 'finding-id'"],
    [['findings', 'show', '--app', '', '12'], '--app must not be empty'],
    [
      ['findings', 'show', '--app', 'a', '12', '13'],
      "too many arguments for 'show'. Expected 1 argument but got 2.",
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('findings show', () => {
  it('reads the finding and prints it field by field', async () => {
    cli
      .stub('ReadAppFinding', { path: { appID: 'shop-api', findingID: '12' } })
      .reply(
        200,
        ok(finding('12', { details: { file_name: 'src/a.java', line_number: 3, method_name: 'run' } })),
      );
    const result = await cli.run(['findings', 'show', '--app', 'shop-api', '12'], { env: authEnv() });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines).toContain('id\t12');
    expect(lines).toContain('severity\thigh');
    expect(lines).toContain('assignee\t(unassigned)');
    expect(lines).toContain('location\tsrc/a.java:3 (run)');
    expect(lines).toContain('tags\tcwe_category=89');
    expect(result.stderr).toBe('');
  });

  it.each([
    [
      'a vuln: file_locations, the sink of its dataflow one step a line',
      {
        type: 'vuln',
        details: {
          file_locations: ['src/Q.java:40'],
          source_method: 'Api.search',
          sink_method: 'Statement.executeQuery',
          dataflow: {
            list: [
              { location: { file_name: 'src/Api.java', line_number: 12, method_name: 'Api.search' } },
              { location: { file_name: 'src/Q.java', line_number: 40, method_name: 'Q.run' } },
            ],
          },
        },
      },
      'src/Q.java:40 (Q.run)',
      ['dataflow: 2 step(s)', '  1. src/Api.java:12 (Api.search)', '  2. src/Q.java:40 (Q.run)'],
    ],
    [
      'a secret: fileName and lineNumber',
      {
        type: 'secret',
        details: { fileName: 'config/prod.yml', lineNumber: 7, repoContext: { commit_id: 'c0ffee' } },
      },
      'config/prod.yml:7',
      ['repoContext: {"commit_id":"c0ffee"}'],
    ],
    [
      'an oss_vuln: the location tag',
      {
        type: 'oss_vuln',
        details: { dependency: { artifact_id: 'lodash', version: '4.17.20' } },
        tags: [{ key: 'location', value: 'package.json#9' }],
      },
      'package.json:9',
      ['dependency: {"artifact_id":"lodash","version":"4.17.20"}'],
    ],
  ])('reads the location of %s', async (_what, fields, location, detailLines) => {
    cli
      .stub('ReadAppFinding', { path: { appID: 'a', findingID: '12' } })
      .reply(200, ok(finding('12', fields)));
    const result = await cli.run(['findings', 'show', '--app', 'a', '12'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`location\t${location}\n`);
    for (const line of detailLines) expect(result.stdout).toContain(line);
  });

  it('never prints escape sequences of a location raw', async () => {
    cli
      .stub('ReadAppFinding', { path: { appID: 'a', findingID: '12' } })
      .reply(
        200,
        ok(finding('12', { type: 'secret', details: { fileName: 'a\u001b[31m.yml', lineNumber: 3 } })),
      );
    const result = await cli.run(['findings', 'show', '--app', 'a', '12'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stdout).toMatch(/^location\ta.*\.yml:3$/m);
  });

  it('prints the whole object with -o json, and maps 404 to exit 5', async () => {
    cli
      .stub('ReadAppFinding', { path: { appID: 'a', findingID: '12' } })
      .reply(200, ok(finding('12', { extra_field: 'kept' })));
    const json = await cli.run(['findings', 'show', '--app', 'a', '12', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(json.stdout)).toEqual(finding('12', { extra_field: 'kept' }));
    cli
      .stub('ReadAppFinding', { path: { appID: 'a', findingID: '13' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no finding 13' });
    const missing = await cli.run(['findings', 'show', '--app', 'a', '13'], { env: authEnv() });
    expect(missing.code).toBe(5);
    expect(missing.stderr).toBe('error: ReadAppFinding: no finding 13 (HTTP 404 NOT_FOUND)\n');
  });
});

describe('findings show at 80 columns', () => {
  it('a dataflow step too long for its line breaks between the path and its :line, never inside the path', async () => {
    const step = (file: string, line: number, method: string) => ({
      location: { file_name: file, line_number: line, method_name: method },
    });
    const long = 'src/main/java/io/shiftleft/controller/AdminController.java';
    cli.stub('ReadAppFinding', { path: { appID: 'shop-api', findingID: '12' } }).reply(
      200,
      ok(
        finding('12', {
          details: {
            dataflow: {
              list: [
                step(long, 252, 'SessionFilter.restore'),
                step('src/main/java/io/shiftleft/data/DataLoader.java', 151, 'CustomerController.search'),
                step('src/a.java', 3, 'run'),
              ],
            },
          },
        }),
      ),
    );
    const r = await cli.run(['findings', 'show', '--app', 'shop-api', '12'], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
      columns: 80,
    });
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.includes('dataflow: 3 step(s)'));
    expect(lines.slice(at + 1, at + 6).map((l) => l.trimEnd())).toEqual([
      `                 1. ${long}`,
      '                    :252 (SessionFilter.restore)',
      '                 2. src/main/java/io/shiftleft/data/DataLoader.java:151',
      '                    (CustomerController.search)',
      '                 3. src/a.java:3 (run)',
    ]);
    expect(lines.filter((l) => l.length > 80)).toEqual([]);
  });
});
