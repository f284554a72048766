import { describe, expect, it } from 'vitest';
import { RoleBook, type CurrentTeam } from '../../../src/access/state.js';
import { changesOf, planAccess, removes } from '../../../src/access/plan.js';

const team = (id: string, name: string, apps: string[], members: [string, string][] = []): CurrentTeam => ({
  id,
  name,
  version: 1,
  apps,
  members: new Map(members),
  groups: new Map(),
  groupNames: new Map(),
});

const labels = {
  team: (id: string) => `T(${id})`,
  user: (id: string) => `U(${id})`,
  group: (id: string) => `G(${id})`,
  role: (key: string) => key,
};

describe('planAccess', () => {
  const a = team('a', 'A', ['x', 'y'], [['u1', 'TEAM_MEMBER']]);
  const b = team('b', 'B', ['z']);
  const holders = new Map<string, string | undefined>([
    ['x', 'a'],
    ['y', 'a'],
    ['z', 'b'],
    ['w', undefined],
  ]);

  it('plans nothing when the file matches, and ignores keys the file leaves out', () => {
    expect(planAccess([{ name: 'a', apps: ['y', 'x'] }, { name: 'B' }], [a, b], holders, true)).toEqual([
      expect.objectContaining({ name: 'a', rename: 'a' }),
    ]);
    expect(planAccess([{ name: 'A' }], [a, b], holders, false)).toEqual([]);
  });

  it('moves an app the file puts under another team; with --prune it is not also removed from the first', () => {
    const plans = planAccess(
      [
        { name: 'A', apps: ['x'] },
        { name: 'B', apps: ['z', 'y'] },
      ],
      [a, b],
      holders,
      true,
    );
    expect(plans.map((p) => [p.name, p.moveApps, p.removeApps])).toEqual([
      ['B', [{ app: 'y', from: 'a' }], []],
    ]);
    expect(removes(plans)).toBe(false);
  });

  it('adds free apps, and without --prune removes nothing', () => {
    const [plan] = planAccess([{ name: 'A', apps: ['w'], members: new Map() }], [a, b], holders, false);
    expect(plan?.addApps).toEqual(['w']);
    expect(plan?.removeApps).toEqual([]);
    expect(plan?.removeMembers.size).toBe(0);
  });

  it('with --prune, removes members and apps left out and deletes teams not listed', () => {
    const plans = planAccess([{ name: 'A', apps: ['x'], members: new Map() }], [a, b], holders, true);
    expect(changesOf(plans, labels)).toEqual([
      { team: 'A', action: 'remove', what: 'app', target: 'y', status: 'planned' },
      {
        team: 'A',
        action: 'remove',
        what: 'member',
        target: 'U(u1)',
        from: 'TEAM_MEMBER',
        status: 'planned',
      },
      { team: 'B', action: 'delete', what: 'team', target: 'B', status: 'planned' },
    ]);
    expect(removes(plans)).toBe(true);
  });

  it('changes a role, keeping the old one for the removal in the same write', () => {
    const [plan] = planAccess([{ name: 'A', members: new Map([['u1', 'TEAM_ADMIN']]) }], [a], holders, false);
    expect([...(plan?.addMembers ?? [])]).toEqual([['u1', 'TEAM_ADMIN']]);
    expect([...(plan?.changedMembers ?? [])]).toEqual([['u1', 'TEAM_MEMBER']]);
  });
});

describe('RoleBook', () => {
  const book = new RoleBook([
    {
      id: 'id-member',
      name: 'Member',
      id_aliases: ['MEMBER', 'TEAM_MEMBER'],
      scopes: [],
      role_type: 'vendor',
    },
    { id: 'id-release', name: 'Release Manager', scopes: [], role_type: 'team' },
    { id: 'id-auditor', name: 'Auditor', scopes: [], role_type: 'organization' },
  ]);

  it('gives one key to every form of a role, and a label for the file', () => {
    expect(['TEAM_MEMBER', 'MEMBER', 'id-member'].map((r) => book.resolve(r))).toEqual([
      'TEAM_MEMBER',
      'TEAM_MEMBER',
      'TEAM_MEMBER',
    ]);
    expect(['id-release', 'Release Manager', 'release manager'].map((r) => book.resolve(r))).toEqual([
      'id-release',
      'id-release',
      'id-release',
    ]);
    expect(book.label('id-release')).toBe('Release Manager');
    expect(book.resolve('TEAM_MANAGER')).toBe('TEAM_MANAGER');
    expect(book.resolve('Auditor')).toBeUndefined();
    expect(book.key('unknown-id')).toBe('unknown-id');
  });
});
