import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'pr',
  section: 'ci',
  summary: 'The gate on the pull (merge) request: one comment, kept up to date',
  description:
    'Post the verdict of `secscan scans check` on the pull request it gates, as GitHub, GitLab, Azure DevOps ' +
    'and Bitbucket Cloud show it to reviewers. `scans check --comment` posts it in the same run; `pr comment ' +
    '--from FILE` posts what a run that could not write (a pull request from a fork) left in its comment file.',
  examples: [
    'secscan scans check --compound shop --rules .secscan/rules.yml --version "$SHA" --wait 20m --comment',
    'secscan pr comment --from secscan-comment.json',
  ],
  commands: [() => import('./comment.js')],
});
