import { TeamConfig, TeamConfigBody } from '../schemas/org-config.js';
import { defineSchemas } from '../schema.js';
import type { teamConfigOperations } from './team-config.js';

export default defineSchemas<typeof teamConfigOperations>()({
  ReadTeamConfig: {
    response: TeamConfig,
  },
  UpdateTeamConfig: {
    body: TeamConfigBody,
    response: TeamConfig,
  },
  PatchTeamConfig: {
    body: TeamConfigBody,
    response: TeamConfig,
  },
  ReadMergedTeamConfig: {
    response: TeamConfig,
  },
});
