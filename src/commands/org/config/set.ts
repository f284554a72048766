import { defineVerb } from '../../define.js';
import { orgConfigView } from '../../../output/views/org.js';
import { fileArgs, writeOrgConfig } from './internal/write.js';

export default defineVerb({
  name: 'set',
  summary: 'Replace the organization’s configuration with a file',
  description:
    'Replace the organization’s configuration with a file.\n\n' +
    'The service overwrites every option: a setting the file leaves out is reset. secscan reads the ' +
    'current configuration first, names the settings the file leaves out and asks before resetting ' +
    'them (`--yes` in scripts). The file is YAML or JSON, checked before anything is sent: an unknown ' +
    'key or value is refused with its line (exit 3).',
  examples: [
    'secscan org config show -o yaml > org-config.yml && secscan org config set org-config.yml --yes',
    'secscan org config set - < org-config.json',
  ],
  operations: ['ReadOrgConfig', 'UpdateOrgConfig'],
  args: fileArgs,
  view: orgConfigView,
  run: (ctx, { args: [file] }) => writeOrgConfig(ctx, file, true),
});
