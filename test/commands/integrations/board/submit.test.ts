import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../../helpers/cli.js';

const cli = useCli();
const submit = ['integrations', 'board', 'submit'];
const workItem = (id: number) => ({
  azure_org_name: 'acme',
  azure_project_name: 'P',
  azure_workitem_id: id,
  azure_workitem_url: `https://dev.azure.example/acme/P/_workitems/edit/${id}`,
});

describe('integrations board submit: usage errors (exit 2, no request)', () => {
  it.each([
    [[...submit, 'a', '17'], '--scan is required (the scan id; see `secscan scans list --app APP`)'],
    [
      [...submit, 'a', '--scan', '1042'],
      'give at least one finding id, or --ids-from FILE|- (ids one a line or a JSON array)',
    ],
    [[...submit, 'a', '--scan', '0', '17'], 'invalid value for --scan: "0" (expected a scan id (a number))'],
    [
      [...submit, 'a', '--scan', '1042', '17', 'x'],
      'invalid finding id "x": expected a positive whole number',
    ],
    [
      [...submit, 'a', '--scan', '1042', '17', '--param', 'novalue'],
      'invalid value for --param: "novalue" (expected KEY=VALUE)',
    ],
    [
      [...submit, 'a', '--scan', '1042', '17', '--param', '=v'],
      'invalid value for --param: "=v" (expected KEY=VALUE)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('refuses a bad id in --ids-from before any request', async () => {
    const result = await cli.run([...submit, 'a', '--scan', '1042', '--ids-from', '-'], {
      env: authEnv(),
      stdin: '17\nseventeen\n',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: invalid finding id at item 2 of --ids-from stdin "seventeen": expected a positive whole number\n',
    );
    expect(cli.calls()).toEqual([]);
  });
});

describe('integrations board submit', () => {
  it('submits integer ids with the scan and the extra fields, then prints each work item', async () => {
    cli
      .stub('SubmitFindingToAzureBoardPut', {
        path: { appID: 'a' },
        body: { scan_id: 1042, finding_ids: [17, 18], extra_parameters: { area: 'Pay ments', 'x.y': 'a=b' } },
      })
      .reply(200, { ok: true });
    cli
      .stub('GetAssociationAzureBoardByFindingID', { path: { appID: 'a', findingID: '17' } })
      .reply(200, workItem(1001));
    cli
      .stub('GetAssociationAzureBoardByFindingID', { path: { appID: 'a', findingID: '18' } })
      .reply(200, workItem(1002));
    const result = await cli.run(
      [...submit, 'a', '--scan', '1042', '17', '18', '--param', 'area=Pay ments', '--param', 'x.y=a=b'],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      '17\t1001\thttps://dev.azure.example/acme/P/_workitems/edit/1001\n' +
        '18\t1002\thttps://dev.azure.example/acme/P/_workitems/edit/1002\n',
    );
    expect(result.stderr).toBe('Submitted 2 findings of a (scan 1042) to the work board.\n');
  });

  it('sends ids from a file in batches of 100, each id once, without extra fields', async () => {
    const ids = Array.from({ length: 150 }, (_v, i) => String(i + 1));
    const file = join(cli.configDir, 'ids.txt');
    writeFileSync(file, `${ids.join('\n')}\n`);
    cli
      .stub('SubmitFindingToAzureBoardPut', {
        path: { appID: 'a' },
        body: { scan_id: 7, finding_ids: ids.slice(0, 100).map(Number) },
      })
      .reply(200, { ok: true });
    cli
      .stub('SubmitFindingToAzureBoardPut', {
        path: { appID: 'a' },
        body: { scan_id: 7, finding_ids: ids.slice(100).map(Number) },
      })
      .reply(200, { ok: true });
    for (const id of ids) {
      cli
        .stub('GetAssociationAzureBoardByFindingID', { path: { appID: 'a', findingID: id } })
        .reply(200, workItem(5000 + Number(id)));
    }
    const result = await cli.run([...submit, 'a', '--scan', '7', '1', '--ids-from', file, '-o', 'ndjson'], {
      env: authEnv(),
    });
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(150);
  });

  it('warns about findings whose work item is not reported yet', async () => {
    cli.stub('SubmitFindingToAzureBoardPut', { path: { appID: 'a' } }).reply(200, { ok: true });
    cli
      .stub('GetAssociationAzureBoardByFindingID', { path: { appID: 'a', findingID: '17' } })
      .reply(200, workItem(1001));
    cli
      .stub('GetAssociationAzureBoardByFindingID', { path: { appID: 'a', findingID: '18' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no work item' });
    const result = await cli.run([...submit, 'a', '--scan', '1', '17', '18', '-o', 'json'], {
      env: authEnv(),
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      { finding_id: '17', ...workItem(1001) },
      { finding_id: '18' },
    ]);
    expect(result.stderr).toContain(
      'warning: no work item reported yet for 18: check later with `secscan integrations board finding a ID`',
    );
  });

  it('exits 5 with a hint when the app is not linked', async () => {
    cli
      .stub('SubmitFindingToAzureBoardPut', { path: { appID: 'a' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'app a is not linked' });
    const result = await cli.run([...submit, 'a', '--scan', '1', '17'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('hint: link it with `secscan integrations board link a');
  });

  it('exits 6 when the service refuses the submission', async () => {
    cli.stub('SubmitFindingToAzureBoardPut', { path: { appID: 'a' } }).reply(400, {
      ok: false,
      code: 'VALIDATION_ERROR',
      message: 'invalid request body',
      validation_errors: ['scan_id: no scan 1'],
    });
    const result = await cli.run([...submit, 'a', '--scan', '1', '17'], { env: authEnv() });
    expect(result.code).toBe(6);
    expect(result.stderr).toBe(
      'error: SubmitFindingToAzureBoardPut: invalid request body: scan_id: no scan 1 (HTTP 400 VALIDATION_ERROR)\n',
    );
  });
});
