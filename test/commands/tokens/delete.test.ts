import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();
const TOKEN_ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

describe('tokens delete: usage errors (exit 2, no request)', () => {
  it.each([
    [['tokens', 'delete', 'not-a-uuid', '--yes'], 'invalid token id "not-a-uuid": expected a UUID'],
    [['tokens', 'delete'], "missing required argument 'id'"],
    [
      ['tokens', 'delete', TOKEN_ID],
      `Delete token ${TOKEN_ID}? Anything using it stops working: confirmation needed; pass --yes to proceed without a prompt`,
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('refuses a delete without --yes even when stdin is a terminal but --no-input is given', async () => {
    const result = await cli.run(['tokens', 'delete', TOKEN_ID, '--no-input'], {
      env: authEnv(),
      stdinTTY: true,
      stderrTTY: true,
    });
    expect(result.code).toBe(2);
    expect(cli.calls()).toEqual([]);
  });
});

describe('tokens delete', () => {
  it('deletes with --yes', async () => {
    cli.stub('DeleteToken', { path: { tokenID: TOKEN_ID } }).reply(200, { ok: true });
    const result = await cli.run(['tokens', 'rm', TOKEN_ID, '--yes'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '', stderr: `Deleted token ${TOKEN_ID}.\n` });
  });

  it('maps 404 to exit 5 and writes a JSON error with -o json', async () => {
    cli
      .stub('DeleteToken', { path: { tokenID: TOKEN_ID } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no such token' });
    const result = await cli.run(['tokens', 'delete', TOKEN_ID, '-y', '-o', 'json'], { env: authEnv() });
    expect(result.code).toBe(5);
    const [line, json] = result.stderr.trimEnd().split('\n');
    expect(line).toBe('error: DeleteToken: no such token (HTTP 404 NOT_FOUND)');
    expect(JSON.parse(json as string)).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'DeleteToken: no such token (HTTP 404 NOT_FOUND)',
        status: 404,
        exit_code: 5,
      },
    });
  });

  it('asks on a terminal and deletes on "y"', async () => {
    const { typedInput } = await import('../../helpers/cli.js');
    cli.stub('DeleteToken', { path: { tokenID: TOKEN_ID } }).reply(200, { ok: true });
    const result = await cli.run(['tokens', 'delete', TOKEN_ID], {
      env: authEnv(),
      stdinStream: typedInput('y'),
      stdinTTY: true,
      stderrTTY: true,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Anything using it stops working [y/N]');
  });
});
