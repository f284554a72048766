import { defineVerb } from '../../define.js';
import { teamConfigView } from '../../../output/views/team-config.js';
import { writeArgs, writeTeamConfig } from './internal/write.js';

export default defineVerb({
  name: 'set',
  summary: 'Replace the team’s configuration with a file',
  description:
    'Replace the team’s analysis configuration with a file.\n\n' +
    'Every setting is replaced: one the file leaves out is reset (secscan names them and asks first; ' +
    '`--yes` in scripts). The file is YAML or JSON, checked before anything is sent (exit 3 with the ' +
    'line).',
  examples: [
    'secscan teams config set Payments team.yml',
    'printf "analysis_configuration:\\n  secrets:\\n    entropy: 4.5\\n" | secscan teams config set Payments - --yes',
  ],
  operations: ['ListTeams', 'ReadTeamConfig', 'UpdateTeamConfig'],
  args: writeArgs,
  view: teamConfigView,
  run: (ctx, { args: [team, file] }) => writeTeamConfig(ctx, team, file, true),
});
