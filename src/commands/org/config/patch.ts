import { defineVerb } from '../../define.js';
import { orgConfigView } from '../../../output/views/org.js';
import { fileArgs, writeOrgConfig } from './internal/write.js';

export default defineVerb({
  name: 'patch',
  summary: 'Change only the settings a file holds',
  description:
    'Change only the organization settings a file holds; the others are kept.\n\n' +
    'The file is YAML or JSON in the shape of `secscan org config show -o yaml`, checked before ' +
    'anything is sent (exit 3 with the line at fault).',
  examples: ['printf "session_timeout_hours: 24\\n" | secscan org config patch -'],
  operations: ['ReadOrgConfig', 'PatchOrgConfig'],
  args: fileArgs,
  view: orgConfigView,
  run: (ctx, { args: [file] }) => writeOrgConfig(ctx, file, false),
});
