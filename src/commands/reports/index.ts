import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'reports',
  summary: 'PCI DSS, OWASP Top 10 and CWE reports of a scan, as HTML or PDF',
  description:
    'The service renders these reports from a scan’s findings. They are written to --out (through a ' +
    'temporary file, so never half a report under that name), or to standard output when it is a pipe or ' +
    'a file; they are never printed on a terminal.',
  examples: [
    'secscan reports owasp --app shiftleft-java-demo 1004 --year 2021 --out owasp.html',
    'secscan reports cwe --app shiftleft-java-demo 1004 --format pdf --out cwe.pdf',
  ],
  commands: [() => import('./pci.js'), () => import('./owasp.js'), () => import('./cwe.js')],
});
