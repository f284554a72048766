import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'audit',
  section: 'admin',
  summary:
    'The organization’s audit log (CSV) and the audit of secrets caught on their way into repositories',
  description:
    'The audit log is a feature the service keeps off until the vendor enables it for the organization; ' +
    'until then `audit log` says so.',
  examples: [
    'secscan audit log --year 2026 --month 8 --out audit-2026-08.csv',
    'secscan audit scm-secrets --by-project',
  ],
  commands: [() => import('./log.js'), () => import('./scm-secrets.js')],
});
