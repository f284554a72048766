import { defineVerb } from '../../define.js';
import { teamConfigView } from '../../../output/views/team-config.js';
import { writeArgs, writeTeamConfig } from './internal/write.js';

export default defineVerb({
  name: 'patch',
  summary: 'Change only the settings a file holds',
  description:
    'Change only the settings a file holds in the team’s analysis configuration; the others are kept.\n\n' +
    'The file is YAML or JSON in the shape of `secscan teams config show -o yaml`, checked before ' +
    'anything is sent (exit 3 with the line at fault).',
  examples: [
    'printf "analysis_configuration: {secrets: {disable: true}}\\n" | secscan teams config patch Web -',
  ],
  operations: ['ListTeams', 'ReadTeamConfig', 'PatchTeamConfig'],
  args: writeArgs,
  view: teamConfigView,
  run: (ctx, { args: [team, file] }) => writeTeamConfig(ctx, team, file, false),
});
