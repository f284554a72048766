import { TeamConfig, TeamConfigBody } from '../schemas/org-config.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
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
