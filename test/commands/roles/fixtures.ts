export const ROLE_ID = 'b6d1a7f0-1c2d-4e3f-8a9b-0c1d2e3f4a5b';

export const role = {
  id: ROLE_ID,
  name: 'Triage',
  description: 'triage findings',
  role_type: 'organization',
  id_aliases: ['triage'],
  scopes: ['findings:list', 'findings:read'],
};

export const builtin = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  name: 'Super Admin',
  role_type: 'organization',
  scopes: ['*:*'],
};
