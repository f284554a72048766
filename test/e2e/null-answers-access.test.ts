import { beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, nullCases } from './null-cases.js';
import { accessReaders } from './null-readers.js';
import { useRewritingService } from './rewrite.js';

/**
 * Teams, groups, users, roles, tokens, SAML, organization settings, policies, the webhook, saved searches,
 * backups, the audit log and the integrations: null for every list and object they read is exit 8.
 */
const service = useRewritingService();

beforeAll(async () => {
  // What the seed does not set up: a webhook and the cloud platform's credentials and enrollment.
  const setup: [string[], string?][] = [
    [['webhook', 'set', '--url', 'https://hooks.example.com/x', '--event', 'scan.finished']],
    [
      'integrations cloud creds set --client-id c --auth-url https://auth.app.wiz.io/oauth/token'
        .split(' ')
        .concat('--api-url', 'https://api.us1.app.wiz.io/graphql'),
      'secret\n',
    ],
    [['--org', 'integrations', 'cloud', 'enrollment', 'set', '--for', 'SAST']],
    [['integrations', 'cloud', 'enrollment', 'set', '--compound', 'shop', '--for', 'SCA']],
  ];
  for (const [argv, stdin] of setup) expect((await service.run(argv, stdin)).code, argv.join(' ')).toBe(0);
});

const readers = accessReaders;

const cases = await nullCases(readers);

describe('null where an answer has a list, an object or a map: exit 8 naming the operation and the place', () => {
  it.each(cases.map((c) => [c.title, c] as const))('%s', async (_, c) => {
    await expectRefused(service, c);
  });
});
