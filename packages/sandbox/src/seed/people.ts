import type { Prng } from '../random.js';
import type { OrgSection, TokenRecord, UserRecord } from '../state.js';

/** 2024-01-01T00:00:00Z: seeded times are fixed so the same seed gives the same tokens. */
export const seedEpoch = 1_704_067_200;
const day = 86_400;

const orgNames = [
  'Acme Security',
  'Globex Labs',
  'Initech',
  'Umbrella Apps',
  'Hooli Engineering',
  'Stark Software',
];
const firstNames = [
  'Ada',
  'Grace',
  'Alan',
  'Barbara',
  'Dennis',
  'Frances',
  'Ken',
  'Radia',
  'Linus',
  'Margaret',
];
const lastNames = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Liskov',
  'Ritchie',
  'Allen',
  'Thompson',
  'Perlman',
  'Hamilton',
];

/** One user per built-in organization role, in this order; the first is the Super Admin. */
export const seededRoles = [
  'SUPER_ADMIN',
  'POWER_USER',
  'MEMBER',
  'LEGACY_COLLABORATOR',
  'GUEST',
  'TEAM_DEFINED',
] as const;

export function seedOrg(rng: Prng): OrgSection {
  return { id: rng.uuid(), name: `${rng.pick(orgNames)} (sandbox)` };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/\(sandbox\)/, '')
    .trim()
    .replace(/[^a-z0-9]+/g, '-');
}

export function seedUsers(rng: Prng, org: OrgSection): UserRecord[] {
  const domain = `${slug(org.name)}.example`;
  return seededRoles.map((role) => ({
    id_v2: rng.uuid(),
    id_v1: String(rng.int(100_000, 999_999)),
    name: `${rng.pick(firstNames)} ${rng.pick(lastNames)}`,
    email: `${slug(role.replace(/^LEGACY_/, ''))}@${domain}`,
    org_role: role,
    last_logins: [seedEpoch + rng.int(1, 30) * day, seedEpoch + rng.int(31, 60) * day],
  }));
}

export function seedUserTokens(rng: Prng, users: readonly UserRecord[]): TokenRecord[] {
  return users.map((user) => ({
    id: rng.uuid(),
    kind: 'user',
    user_id: user.id_v2,
    label: `personal token of ${user.email}`,
    description: '',
    iat: seedEpoch + rng.int(0, 30) * day,
  }));
}

export interface OrgTokenSeed {
  label: string;
  description: string;
  role_id: string;
  token_type: 'access' | 'integration';
  validDays?: number;
}

export function seedOrgTokens<K extends string>(
  rng: Prng,
  creator: UserRecord,
  specs: Record<K, OrgTokenSeed>,
): Record<K, TokenRecord> {
  const out = {} as Record<K, TokenRecord>;
  for (const key of Object.keys(specs) as K[]) {
    const spec = specs[key];
    const iat = seedEpoch + rng.int(0, 30) * day;
    out[key] = {
      id: rng.uuid(),
      kind: 'org',
      user_id: creator.id_v2,
      label: spec.label,
      description: spec.description,
      role_id: spec.role_id,
      token_type: spec.token_type,
      iat,
      ...(spec.validDays === undefined ? {} : { exp: iat + spec.validDays * day }),
    };
  }
  return out;
}
