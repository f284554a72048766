import { describe, expect, it } from 'vitest';
import { authEnv, TOKEN, useCli } from '../../../helpers/cli.js';

const cli = useCli();

describe('integrations board authorize', () => {
  it('prints the consent address the service redirects to; the token goes only to the service', async () => {
    const consent = 'https://app.vssps.visualstudio.example/oauth2/authorize?state=xyz';
    cli.stub('AzureAuthorization').reply(302, '', { headers: { location: consent } });
    const result = await cli.run(['integrations', 'board', 'authorize', '--debug'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${consent}\n`);
    expect(result.stderr).toContain(
      'Open this address in a browser to approve access to the work board (Azure Boards):\n',
    );
    expect(result.stderr).not.toContain(TOKEN);
    expect(cli.calls()).toHaveLength(1);
    expect(cli.calls()[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});
