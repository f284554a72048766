import type { ScaPackage } from '@secscan/api/schemas/sca';
import { defineView } from '../core/view.js';

export const scaPackageView = defineView<ScaPackage>({
  columns: [
    { key: 'package', header: 'PACKAGE', shrink: true },
    { key: 'version', header: 'VERSION' },
    { key: 'type', header: 'TYPE', priority: 3 },
    { key: 'license', header: 'LICENSE', priority: 2 },
    { key: 'total_vulns', header: 'VULNS' },
    { key: 'total_reachable', header: 'REACHABLE', priority: 2 },
    { key: 'total_exploitable', header: 'EXPLOITABLE', priority: 3 },
    { key: 'package_url', header: 'PURL', priority: 4 },
    { key: 'apps', header: 'APPS', priority: 4 },
  ],
  defaults: ['package', 'version', 'type', 'license', 'total_vulns', 'total_reachable'],
  emptyMessage: 'No packages.',
});
