import type { ScaPackage } from '@secscan/api/schemas/sca';
import { defineView } from '../view.js';

export const scaPackageView = defineView<ScaPackage>({
  columns: [
    { key: 'package', header: 'PACKAGE', shrink: true },
    { key: 'version', header: 'VERSION' },
    { key: 'type', header: 'TYPE' },
    { key: 'license', header: 'LICENSE' },
    { key: 'total_vulns', header: 'VULNS' },
    { key: 'total_reachable', header: 'REACHABLE' },
    { key: 'total_exploitable', header: 'EXPLOITABLE' },
    { key: 'package_url', header: 'PURL' },
    { key: 'apps', header: 'APPS' },
  ],
  defaults: ['package', 'version', 'type', 'license', 'total_vulns', 'total_reachable'],
  emptyMessage: 'No packages.',
});
