import { describe, expect, it } from 'vitest';
import { buildQuery, compilePath, fillPath, pathParams } from '../src/operation.js';

describe('fillPath', () => {
  const template = '/orgs/{orgID}/apps/{appID}/scans';

  it.each([
    ['plain', 'shiftleft-java-demo', 'shiftleft-java-demo'],
    ['a slash', 'a/b', 'a%2Fb'],
    ['a dot-dot segment', '..', '%2E%2E'],
    ['a single dot', '.', '%2E'],
    ['a traversal', '../../user', '..%2F..%2Fuser'],
    ['spaces', 'my app', 'my%20app'],
    ['unicode', 'café☕', 'caf%C3%A9%E2%98%95'],
    ['query characters', 'a?b=c#d', 'a%3Fb%3Dc%23d'],
  ])('keeps %s in one segment', (_name, value, encoded) => {
    const path = fillPath(template, { orgID: 'o', appID: value });
    expect(path).toBe(`/orgs/o/apps/${encoded}/scans`);
    expect(path.split('/')).toHaveLength(6);
  });

  it('fills numbers', () => {
    expect(fillPath('/scans/{scanID}', { scanID: 42 })).toBe('/scans/42');
  });

  it.each([undefined, ''])('throws on a missing value (%j)', (value) => {
    expect(() => fillPath('/orgs/{orgID}', { orgID: value })).toThrow('missing path parameter orgID');
  });
});

describe('pathParams', () => {
  it('lists names in order', () => {
    expect(pathParams('/orgs/{orgID}/rbac/roles/{rbacRoleID}')).toEqual(['orgID', 'rbacRoleID']);
  });
});

describe('buildQuery', () => {
  it('is empty without values', () => {
    expect(buildQuery(undefined)).toBe('');
    expect(buildQuery({ a: undefined, b: null })).toBe('');
  });

  it('repeats the key for arrays and drops undefined and null', () => {
    expect(buildQuery({ type: ['vuln', 'oss_vuln'], skip: undefined, none: null, per_page: 100 })).toBe(
      '?type=vuln&type=oss_vuln&per_page=100',
    );
  });

  it('writes booleans and encodes values', () => {
    expect(buildQuery({ show_expired: true, q: 'a b&c=d' })).toBe('?show_expired=true&q=a+b%26c%3Dd');
  });

  it('keeps false and zero', () => {
    expect(buildQuery({ flag: false, n: 0 })).toBe('?flag=false&n=0');
  });
});

describe('compilePath', () => {
  it('matches one segment per parameter and captures names', () => {
    const { regex, names } = compilePath('/orgs/{orgID}/apps/{appID}');
    expect(names).toEqual(['orgID', 'appID']);
    expect(regex.exec('/orgs/o1/apps/a%2Fb')?.slice(1)).toEqual(['o1', 'a%2Fb']);
    expect(regex.test('/orgs/o1/apps/a/b')).toBe(false);
    expect(regex.test('/orgs/o1/apps/')).toBe(false);
    expect(regex.test('/orgs/o1/apps/a/extra')).toBe(false);
  });

  it('escapes literal regex characters', () => {
    const { regex } = compilePath('/files/{name}.json');
    expect(regex.test('/files/x.json')).toBe(true);
    expect(regex.test('/files/xXjson')).toBe(false);
  });
});
