import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'backups',
  section: 'admin',
  summary: 'List and download backups of the organization (made for cron)',
  description:
    'The service backs the organization up on its own schedule. `backups download` fetches one (the latest ' +
    'completed by default) into a directory: streamed to a temporary file, checked against the length the ' +
    'service announced, fsynced, renamed into place and checksummed in NAME.sha256. An interrupted transfer ' +
    'resumes where the service allows it; a failed run leaves nothing under the final name, and one stopped ' +
    'by SIGTERM or Ctrl-C keeps what it received for the next run to resume.',
  examples: ['secscan backups list', 'secscan -q backups download --dir ~/backups/secscan --keep 14'],
  commands: [() => import('./list.js'), () => import('./download.js')],
});
