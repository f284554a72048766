import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'reports',
  section: 'daily',
  aliases: ['report'],
  summary: 'Reports of a scan (PCI DSS, OWASP Top 10, CWE) and the programme’s trends',
  description:
    'pci, owasp and cwe: the service renders these reports from a scan’s findings. They are written to --out ' +
    '(through a temporary file, so never half a report under that name), or to standard output when it is a ' +
    'pipe or a file; they are never printed on a terminal.\n\n' +
    'trends: secscan computes the security programme’s numbers over a window from the scan history of every ' +
    'app (new vs fixed, backlog, time to fix, SLA breaches) and draws them, in a terminal or as one HTML page.',
  examples: [
    'secscan reports owasp --app shiftleft-java-demo 1004 --year 2021 --out owasp.html',
    'secscan reports cwe --app shiftleft-java-demo 1004 --format pdf --out cwe.pdf',
    'secscan reports trends --since 90d --html trends.html',
  ],
  commands: [
    () => import('./pci.js'),
    () => import('./owasp.js'),
    () => import('./cwe.js'),
    () => import('./trends.js'),
  ],
});
