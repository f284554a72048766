import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'ignores',
  section: 'ci',
  summary: 'Suppressions as reviewed code: check the ignore file, and sync it to the service',
  description:
    'The ignore file (.secscan/ignore.yml, found from the working directory up to the repository root) ' +
    'keeps accepted risks in the repository: each entry names findings (a finding id, an app and a category ' +
    'or title pattern, a path glob, a package URL), says why (reason), who answers for it (owner) and until ' +
    'when (expires). scans check, scans compare and findings list honour it; these commands check it and ' +
    'make the service agree with it.',
  examples: ['secscan ignores lint', 'secscan ignores sync --dry-run'],
  commands: [() => import('./lint.js'), () => import('./sync.js')],
});
