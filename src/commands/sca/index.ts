import { scaSorts } from '../../api/schemas/sca.js';
import { defineNoun } from '../types.js';

export default defineNoun({
  name: 'sca',
  summary: 'Software composition analysis: the packages found in scans',
  verbs: [
    {
      name: 'packages',
      summary: 'List the packages of an app’s or a compound’s latest scan',
      options: [
        { flags: '--app <id>', description: 'packages of an app' },
        { flags: '--compound <name>', description: 'packages of a compound' },
        { flags: '--scan <id>', description: '--app: this scan (default the latest)' },
        { flags: '--branch <name>', description: 'the latest scan of this branch' },
        { flags: '--polyglot-scan <id>', description: '--compound: this compound scan' },
        { flags: '--type <type>', description: 'package or container_package' },
        { flags: '--sort <field>', description: `one of ${scaSorts.join(', ')}` },
        { flags: '--order <order>', description: 'asc or desc' },
        { flags: '--per-page <n>', description: 'packages per request, 1 to 10000 (default 100)' },
        { flags: '--all', description: 'fetch every page' },
        { flags: '--limit <n>', description: 'stop after N packages' },
      ],
      examples: [
        'secscan sca packages --app shiftleft-java-demo',
        'secscan sca packages --compound shop --sort num_vulns --order desc --all -o csv',
      ],
      load: () => import('./packages.js'),
    },
  ],
});
