import { checkDestination, deliver } from '../shared/documents.js';
import { defineVerb, flag } from '../define.js';
import { baseOptions, scanArgs } from './internal/options.js';

export default defineVerb({
  name: 'pci',
  summary: 'The PCI DSS report of a scan (HTML)',
  examples: [
    'secscan reports pci --app shiftleft-java-demo 1004 --out pci.html',
    'secscan reports pci --app shiftleft-java-demo 1004 --ignore-info > pci.html',
  ],
  operations: ['ReadScanPCIDSSReport'],
  args: scanArgs,
  options: {
    ...baseOptions,
    ignoreInfo: flag('--ignore-info', 'leave out informational findings'),
  },
  async run(ctx, { args: [scan], opts }) {
    checkDestination(ctx, opts.out, 'html');
    return deliver(ctx, {
      what: `the PCI DSS report of scan ${scan}`,
      kind: 'html',
      out: opts.out,
      id: 'ReadScanPCIDSSReport',
      params: {
        path: { appID: opts.app, scanID: scan },
        query: { ignore_info_findings: opts.ignoreInfo ? true : undefined },
      },
    });
  },
});
