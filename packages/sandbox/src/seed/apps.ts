import { SandboxError } from '../errors.js';
import { appIdPattern } from '@secscan/api/values';
import type { Prng } from '../random.js';
import type { AppRecord, TeamRecord } from '../state.js';

const demoApps = [
  // As in the vendor's examples, the name may equal the id: clients must not take one for the other.
  {
    id: 'shiftleft-java-demo',
    name: 'shiftleft-java-demo',
    language: 'java',
    team: 'Platform',
    branch: 'master',
  },
  { id: 'payments-api', name: 'Payments API', language: 'go', team: 'Payments', branch: 'main' },
  { id: 'ledger-service', name: 'Ledger Service', language: 'java', team: 'Payments', branch: 'main' },
  { id: 'web-frontend', name: 'Web Frontend', language: 'javascript', team: 'Web', branch: 'main' },
  { id: 'docs-site', name: 'Docs Site', language: 'python', team: undefined, branch: 'main' },
] as const;

const tiers = ['critical', 'internal', 'public'];

export function seedApps(rng: Prng, teams: readonly TeamRecord[]): AppRecord[] {
  return demoApps.map((app) => {
    const teamId = teams.find((t) => t.team_name === app.team)?.team_id;
    return {
      id: app.id,
      name: app.name,
      tags: [
        { key: 'language', value: app.language },
        { key: 'tier', value: rng.pick(tiers) },
      ],
      ...(teamId ? { team_id: teamId } : {}),
      base_branch: app.branch,
    };
  });
}

/** An app a sandbox started from code adds to the demo apps: no team and no scan until one is recorded. */
export interface AppSeed {
  id: string;
  name?: string;
  /** The `language` tag (default `java`): the findings a recorded scan adds are of that language. */
  language?: string;
  /** The default branch (default `main`). */
  branch?: string;
  /** The name of the team it belongs to (a seeded team: Platform, Payments, Web); none unless given. */
  team?: string;
}

/** Adds the apps not in the state yet (a loaded state keeps its own); an invalid id is a usage error. */
export function addApps(
  state: { apps: AppRecord[]; rbac: { teams: readonly TeamRecord[] } },
  apps: readonly AppSeed[],
): boolean {
  let added = false;
  for (const app of apps) {
    if (!appIdPattern.test(app.id)) {
      throw new SandboxError(
        'usage',
        `invalid app id ${JSON.stringify(app.id)} in apps (letters, digits, '_', ':', '.', '-', starting and ending with a letter or digit)`,
      );
    }
    const team = app.team === undefined ? undefined : state.rbac.teams.find((t) => t.team_name === app.team);
    if (app.team !== undefined && !team) {
      const names = state.rbac.teams.map((t) => t.team_name).join(', ');
      throw new SandboxError(
        'usage',
        `no team is named ${JSON.stringify(app.team)} (apps of ${app.id}): ${names}`,
      );
    }
    if (state.apps.some((a) => a.id === app.id)) continue;
    state.apps.push({
      id: app.id,
      name: app.name ?? app.id,
      tags: [{ key: 'language', value: app.language ?? 'java' }],
      ...(team ? { team_id: team.team_id } : {}),
      base_branch: app.branch ?? 'main',
    });
    added = true;
  }
  return added;
}
