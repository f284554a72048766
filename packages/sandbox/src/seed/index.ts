import { createHash } from 'node:crypto';
import { seedAnalyzeFailures, seedAppGroups, seedConfiguration, seedPolicies } from '../analysis/projects.js';
import { type AnalysisSeedOptions, seedAnalysis } from '../analysis/seed.js';
import { seedIntegrations } from '../integrations.js';
import { Prng } from '../random.js';
import { builtInRoles, managedRoles } from '../roles.js';
import { type SandboxState, stateVersion, type UserRecord } from '../state.js';
import { seedGroups, seedInvitations, seedSaml } from './access.js';
import { seedApps } from './apps.js';
import { dayOf, dayShift, shiftState } from './clock.js';
import { seedDemoHistory } from './demo-history.js';
import { seedAudit, seedBackups, seedScmSecrets } from './history.js';
import { seedOrg, seedOrgTokens, seedUsers, seedUserTokens } from './people.js';
import { seedCustomRoles, seedTeams } from './rbac.js';
import { seedOrgConfig, seedSavedSearches } from './settings.js';
import { seedVexCases } from './vex-cases.js';

export interface SeedOptions extends AnalysisSeedOptions {
  /** When the sandbox starts (default now): the seeded dates are the same days before it (seed/clock.ts). */
  now?: number;
}

/**
 * The demo organization for a seed: the same seed always gives the same state, tokens included, and the
 * same dates relative to the day it starts.
 */
export function seedState(seed: number, options: SeedOptions = {}): SandboxState {
  const now = options.now ?? Date.now();
  const rng = new Prng(seed);
  const org = seedOrg(rng);
  const users = seedUsers(rng, org);
  const roles = managedRoles();
  const customRoles = seedCustomRoles(rng, org);
  const teams = seedTeams(rng, users, customRoles.team);
  const orgTokens = seedOrgTokens(rng, users[0] as UserRecord, {
    ci: { label: 'CI pipeline', description: 'main build', role_id: roles.ci.id, token_type: 'access' },
    expired: {
      label: 'Old CI pipeline',
      description: 'expired a week after it was issued',
      role_id: roles.ci.id,
      token_type: 'access',
      validDays: 7,
    },
    jira: { label: 'Jira plugin', description: '', role_id: roles.jira.id, token_type: 'integration' },
    serviceAccount: {
      label: 'Provisioning service account',
      description: 'issues CI tokens for new pipelines',
      role_id: roles.serviceAccount.id,
      token_type: 'integration',
    },
  });
  const apps = seedApps(rng, teams);
  const analysis = seedAnalysis(rng, apps, users, options);
  const tokenItems = [...seedUserTokens(rng, users), ...Object.values(orgTokens)];
  const state: SandboxState = {
    version: stateVersion,
    seed,
    secret: createHash('sha256').update(`secscan-sandbox-secret:${seed}`).digest('hex'),
    org,
    users,
    tokens: {
      roles: Object.values(roles),
      items: tokenItems,
      demo: Object.fromEntries(Object.entries(orgTokens).map(([key, token]) => [key, token.id])),
    },
    rbac: { roles: [...builtInRoles(), customRoles.team, customRoles.organization], teams },
    apps,
    analysis,
    configuration: seedConfiguration(teams.map((t) => t.team_id)),
    appGroups: seedAppGroups(),
    analyzeFailures: seedAnalyzeFailures(rng, analysis),
    checkPolicies: seedPolicies(),
    webhooks: [],
    integrations: seedIntegrations(),
    orgConfig: seedOrgConfig(org),
    savedSearches: seedSavedSearches(seed, users[0] as UserRecord),
    groups: seedGroups(org, users, teams),
    invitations: seedInvitations(users),
    saml: seedSaml(users),
    backups: seedBackups(seed),
    audit: seedAudit(seed, org.id, users, tokenItems, apps),
    // From the clock, not `now`: the service's window (the last 31 days) is the server's.
    scmSecrets: seedScmSecrets(seed, users, tokenItems, apps),
    seededDay: new Date(dayOf(now)).toISOString().slice(0, 10),
  };
  // Last, from streams of its own: nothing seeded above changes with it.
  seedDemoHistory(state, seed, options);
  seedVexCases(state, seed);
  shiftState(state, dayShift(now));
  return state;
}
