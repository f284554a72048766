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
