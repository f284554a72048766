import { describe, expect, it } from 'vitest';
import { isEnvelope, nextPagePath } from '../../../src/api/paging.js';

describe('nextPagePath', () => {
  it('keeps the path and query of a link on the configured host', () => {
    expect(nextPagePath('https://app.shiftleft.io/api/v4/orgs/o/findings?page=2', '/api/v4')).toBe(
      '/api/v4/orgs/o/findings?page=2',
    );
  });

  it('drops another host: only the path and query are kept', () => {
    expect(nextPagePath('https://evil.example.com/api/v4/orgs/o/tokens?page=3', '/api/v4')).toBe(
      '/api/v4/orgs/o/tokens?page=3',
    );
  });

  it('adds a missing /api/v4 prefix', () => {
    expect(nextPagePath('https://app.shiftleft.io/orgs/o/findings?page=2&per_page=10', '/api/v4')).toBe(
      '/api/v4/orgs/o/findings?page=2&per_page=10',
    );
  });

  it('accepts a relative link', () => {
    expect(nextPagePath('/orgs/o/findings?page=2', '/api/v4')).toBe('/api/v4/orgs/o/findings?page=2');
  });

  it('keeps a base path in front of the prefix', () => {
    expect(nextPagePath('https://x.test/svc/api/v4/orgs/o?page=2', '/svc/api/v4')).toBe(
      '/svc/api/v4/orgs/o?page=2',
    );
    expect(nextPagePath('https://x.test/orgs/o?page=2', '/svc/api/v4')).toBe('/svc/api/v4/orgs/o?page=2');
  });
});

describe('isEnvelope', () => {
  it('needs an object with ok', () => {
    expect(isEnvelope({ ok: true, response: [] })).toBe(true);
    expect(isEnvelope({ ok: false })).toBe(true);
    expect(isEnvelope({ response: [] })).toBe(false);
    expect(isEnvelope([{ ok: true }])).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});
