import { describe, expect, it } from 'vitest';
import { authEnv, useCli } from '../../../../helpers/cli.js';

const cli = useCli();
const remove = ['integrations', 'cloud', 'enrollment', 'remove'];

describe('integrations cloud enrollment remove', () => {
  it.each([
    [remove, 'say which enrollment: --compound NAME'],
    [
      [...remove, '--org'],
      'the organization’s enrollment cannot be removed (the service has no operation for it); disable it with `secscan integrations cloud enrollment set --org --disable`',
    ],
    [
      [...remove, '--app', 'a'],
      expect.stringMatching(/^--app: the service has no operation to enroll a single app/),
    ],
    [
      [...remove, '--compound', 'shop'],
      'Remove the enrollment of compound shop? The organization’s enrollment applies to it again: confirmation needed; pass --yes to proceed without a prompt',
    ],
  ])('%j is a usage error', async (argv, message) => {
    const result = await cli.run(argv, { env: authEnv() });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toEqual(
      typeof message === 'string' ? `error: ${message}` : expect.anything(),
    );
    if (typeof message !== 'string') expect(result.stderr.slice('error: '.length)).toEqual(message);
    expect(cli.calls()).toEqual([]);
  });

  it('removes a compound’s enrollment with --yes', async () => {
    cli.stub('removeWizCompoundEnrollment', { path: { compoundName: 'shop' } }).reply(200, '');
    const result = await cli.run([...remove, '--compound', 'shop', '--yes'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Removed the enrollment of compound shop; the organization’s applies to it again.\n',
    });
  });

  it('nothing to remove (the service’s 400) is exit 6', async () => {
    cli
      .stub('removeWizCompoundEnrollment', { path: { compoundName: 'shop' } })
      .reply(400, { ok: false, code: 'ENROLLMENT_NOT_FOUND', message: 'Enrollment not found' });
    const result = await cli.run([...remove, '--compound', 'shop', '-y'], { env: authEnv() });
    expect(result.code).toBe(6);
  });
});
