import { describe, expect, it } from 'vitest';
import {
  answer,
  errorLines,
  type Route,
  secscan,
  server,
  service,
  unexpected,
  useHostileService,
  writes,
  expectInert,
  expectRefusalClean,
} from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan integrations`. */
useHostileService();

describe('an answer of the wrong shape is exit 8 naming the operation, never an empty result', () => {
  const cases: [string[], Route, RegExp][] = [
    [
      ['integrations', 'board', 'orgs'],
      ['GetAzureOrgList', answer(unexpected)],
      /^error: GetAzureOrgList: unexpected response at accounts/,
    ],
    [
      ['integrations', 'board', 'show', 'payments-api'],
      ['GetAzureboardAssociation', answer({ body: {} })],
      /^error: GetAzureboardAssociation: unexpected response at azure_org_name/,
    ],
    [
      ['integrations', 'board', 'finding', 'payments-api', '12'],
      [
        'GetAssociationAzureBoardByFindingID',
        answer({ body: { azure_org_name: 'o' } }),
        (req) => req.params.findingID === '12',
      ],
      /^error: GetAssociationAzureBoardByFindingID: unexpected response at azure_workitem_id/,
    ],
    [
      ['integrations', 'cloud', 'creds', 'show'],
      ['getWizCreds', answer({ body: { unexpected: 1 } })],
      /^error: getWizCreds: unexpected response: none of the fields client_id, auth_url, api_url$/m,
    ],
    [
      ['integrations', 'cloud', 'enrollment', 'show', '--org'],
      [['getWizCompoundEnrollmentStatus', 'getWizOrgEnrollmentStatus'], answer({ body: { unexpected: 1 } })],
      /^error: getWizOrgEnrollmentStatus: unexpected response: none of the fields/,
    ],
  ];

  it.each(cases)('%j', async (argv, route, message) => {
    server.answer = service(route);
    const r = await secscan(argv);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('text from the service never reaches a terminal raw; JSON and YAML keep it escaped', () => {
  it.each([
    [['integrations', 'board', 'orgs']],
    [['integrations', 'board', 'show', 'payments-api']],
    [['integrations', 'cloud', 'creds', 'show']],
  ])('%j', async (argv) => {
    await expectInert(argv);
  });

  it.each([
    [['integrations', 'board', 'link', 'payments-api', '--board-org', 'o', '--project', 'p']],
    [['integrations', 'cloud', 'enrollment', 'set', '--org', '--for', 'SAST']],
  ])('the error of a refused %j is one clean line', async (argv) => {
    await expectRefusalClean(argv);
  });
});

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([
    [
      ['integrations', 'board', 'submit', 'payments-api', '12', '--scan', '0'],
      2,
      'invalid value for --scan: "0"',
    ],
    [
      [
        'integrations',
        'cloud',
        'creds',
        'set',
        '--client-id',
        'c',
        '--auth-url',
        'http://a.example.com',
        '--api-url',
        'https://a.example.com',
      ],
      2,
      'invalid value for --auth-url',
    ],
  ] as const)('%j is exit %i', async (argv, code, message) => {
    const r = await secscan([...argv]);
    expect(r.exitCode).toBe(code);
    expect(r.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expect(r.stderr.split('\n').filter((l) => l && !/^(error|hint): /.test(l))).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});

describe('a write whose answer is lost says its outcome is unknown and how to check (exit 7)', () => {
  const lost: [string[], string][] = [
    [['integrations', 'chat', 'remove', '--yes'], 'removing it again is harmless'],
    [
      ['integrations', 'board', 'link', 'payments-api', '--board-org', 'o', '--project', 'p'],
      'check with `secscan integrations board show payments-api`',
    ],
    [
      ['integrations', 'board', 'unlink', 'payments-api', '--yes'],
      'check with `secscan integrations board show payments-api`',
    ],
    [
      ['integrations', 'board', 'submit', 'payments-api', '12', '--scan', '7'],
      'check with `secscan integrations board finding payments-api 12`',
    ],
    [
      ['integrations', 'cloud', 'enrollment', 'set', '--org', '--for', 'SAST'],
      'check with `secscan integrations cloud enrollment show --org`',
    ],
    [
      ['integrations', 'cloud', 'enrollment', 'remove', '--compound', 'shop', '--yes'],
      'check with `secscan integrations cloud enrollment show --compound shop`',
    ],
  ];

  it.each(lost)('%j', async (argv, hint) => {
    server.answer = (req) => (req.method === 'GET' ? service()(req) : { drop: true });
    const r = await secscan([...argv, '--retries', '1']);
    expect(r.exitCode).toBe(7);
    const [error, hintLine] = errorLines(r.stderr);
    expect(error).toMatch(/failed before an answer .*: the change may or may not have been applied$/);
    expect(hintLine).toContain(hint);
    expect(r.stderr).not.toContain('safe to retry');
    expect(writes(server).length).toBeGreaterThan(0);
  });
});

describe('a bulk or multi-step command that stops part-way says what it did first', () => {
  it('integrations board submit: the batches filed before a failure are named', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => String(i + 1));
    let puts = 0;
    server.answer = (req) =>
      req.method === 'GET'
        ? service()(req)
        : ++puts === 1
          ? service()(req)
          : {
              status: 400,
              body: { ok: false, code: 'BAD_REQUEST', message: 'finding 101 is not in scan 7' },
            };
    const r = await secscan(['integrations', 'board', 'submit', 'payments-api', '--scan', '7', ...ids]);
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toMatch(/^warning: stopped part-way: submitted 100 of 150 findings of payments-api$/m);
    expect(r.stderr).toMatch(/^not submitted: 101, 102, .*, 150$/m);
  });
});
