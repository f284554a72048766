import { describe, expect, it } from 'vitest';
import {
  AuthError,
  apiErrorFromResponse,
  ConfigError,
  exitCodeFor,
  NotFoundError,
  readingRules,
  RejectedError,
  ServerError,
  UsageError,
} from '../../src/errors.js';
import { parseRules } from '@secscan/api/rules/rules-file';

describe('apiErrorFromResponse', () => {
  it('uses the RBAC {status, code, message} body', () => {
    const error = apiErrorFromResponse(
      409,
      { status: 409, code: 'STALE_VERSION', message: 'team version is stale' },
      'UpdateRBACTeam',
    );
    expect(error).toBeInstanceOf(RejectedError);
    expect(error.message).toBe('UpdateRBACTeam: team version is stale (HTTP 409 STALE_VERSION)');
    expect(error.code).toBe('STALE_VERSION');
    expect(error.status).toBe(409);
    expect(error.exitCode).toBe(6);
  });

  it('appends validation errors', () => {
    const error = apiErrorFromResponse(
      422,
      { ok: false, message: 'invalid', validation_errors: ['name: required', 'scopes: empty'] },
      'CreateCustomRBACRole',
    );
    expect(error.message).toBe('CreateCustomRBACRole: invalid: name: required; scopes: empty (HTTP 422)');
    expect(error.validationErrors).toEqual(['name: required', 'scopes: empty']);
    expect(error.code).toBe('HTTP_422');
  });

  it('leaves out a validation error that only repeats the message', () => {
    const error = apiErrorFromResponse(
      400,
      {
        ok: false,
        message: 'fix: only 1 finding(s) can be fixed',
        validation_errors: ['fix: only 1 finding(s) can be fixed'],
      },
      'RecordScan',
    );
    expect(error.message).toBe('RecordScan: fix: only 1 finding(s) can be fixed (HTTP 400)');
    expect(error.validationErrors).toEqual(['fix: only 1 finding(s) can be fixed']);
  });

  it.each([
    [401, AuthError, 4, 'auth status'],
    [403, AuthError, 4, 'scopes list'],
    [404, NotFoundError, 5, undefined],
    [400, RejectedError, 6, undefined],
    [422, RejectedError, 6, undefined],
    [408, ServerError, 7, 'safe to retry'],
    [429, ServerError, 7, 'safe to retry'],
    [500, ServerError, 7, 'safe to retry'],
    [507, ServerError, 7, 'safe to retry'],
  ])('maps %i to %o, exit %i', (status, type, exit, hint) => {
    const error = apiErrorFromResponse(status, undefined, 'Op');
    expect(error).toBeInstanceOf(type);
    expect(error.exitCode).toBe(exit);
    if (hint) expect(error.hint).toContain(hint);
    else expect(error.hint).toBeUndefined();
  });

  it('treats 507 TOO_MUCH_WORK as rejected, not transient', () => {
    const error = apiErrorFromResponse(507, { code: 'TOO_MUCH_WORK', message: 'too big' }, 'ListTeams');
    expect(error).toBeInstanceOf(RejectedError);
    expect(error.exitCode).toBe(6);
  });

  it('falls back to the status text, then to the number', () => {
    expect(apiErrorFromResponse(404, 'x', 'Op').message).toBe('Op: not found (HTTP 404)');
    expect(apiErrorFromResponse(418, {}, 'Op').message).toBe('Op: HTTP 418 (HTTP 418)');
    expect(apiErrorFromResponse(400, { message: '   ' }, 'Op').message).toBe('Op: bad request (HTTP 400)');
  });
});

describe('exitCodeFor', () => {
  it('takes the code of CLI errors and 8 for anything else', () => {
    expect(exitCodeFor(new UsageError('x'))).toBe(2);
    expect(exitCodeFor(new ConfigError('x'))).toBe(3);
    expect(exitCodeFor(new Error('boom'))).toBe(8);
    expect(exitCodeFor('string')).toBe(8);
  });
});

describe('readingRules', () => {
  it("reports a rules file's problem as a configuration error (exit 3), with its message and hint", () => {
    let error: unknown;
    try {
      readingRules(() => parseRules('rules:\n  - id: a\n    id: b\n', 'rules.yml'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(exitCodeFor(error)).toBe(3);
    expect(error).toMatchObject({ message: expect.stringMatching(/^rules\.yml:3: not valid YAML/) });
    expect((error as ConfigError).hint).toEqual(expect.any(String));
  });

  it('passes any other error on as it is, and a value read', () => {
    const other = new Error('boom');
    expect(() =>
      readingRules(() => {
        throw other;
      }),
    ).toThrow(other);
    expect(readingRules(() => 42)).toBe(42);
  });
});
