import { createHash } from 'node:crypto';
import { formatUuid } from '../random.js';
import type { OrgConfigRecord, OrgSection, SavedSearchRecord, UserRecord } from '../state.js';

/** Signs in through GitHub or a password, trains with one provider, AutoFix on request only. */
export function seedOrgConfig(org: OrgSection): OrgConfigRecord {
  return {
    sso_name: org.name
      .replace(/\(sandbox\)/, '')
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-'),
    allowed_non_admin_auth_providers: ['github', 'username-password'],
    security_training_provider: 'secure-code-warrior',
    autofix_configuration: {
      enable: true,
      auto_run: false,
      manual: true,
      max_fixes_per_run: 10,
      fix_only_severities: ['critical', 'high'],
    },
    session_timeout_hours: 168,
  };
}

/** Two saved searches of the Super Admin; ids derive from the seed, so they are stable. */
export function seedSavedSearches(seed: number, owner: UserRecord): SavedSearchRecord[] {
  const id = (n: number) => formatUuid(createHash('sha256').update(`saved-search:${seed}:${n}`).digest());
  return [
    {
      id: id(1),
      user_id: owner.id_v2,
      search_name: 'Critical in payments',
      path_name: '/findings',
      search_query: 'app=payments-api&severity=critical',
      updated_at: '2026-08-03T09:12:00.000Z',
    },
    {
      id: id(2),
      user_id: owner.id_v2,
      search_name: 'Unassigned secrets',
      path_name: '/findings',
      search_query: 'type=secret&assignment=unassigned',
      updated_at: '2026-08-20T15:40:00.000Z',
    },
  ];
}
