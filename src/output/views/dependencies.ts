import type { Dependency } from '@secscan/api/schemas/sca';
import { defineView } from '../core/view.js';

const tag = (row: Dependency, key: string) => row.tags?.find((t) => t.key === key)?.value;

export const dependencyView = defineView<Dependency>({
  columns: [
    { key: 'app', header: 'APP', priority: 2 },
    { key: 'title', header: 'PACKAGE', shrink: true },
    { key: 'type', header: 'TYPE', priority: 3 },
    { key: 'license', header: 'LICENSE', priority: 2, get: (r) => tag(r, 'license') },
    { key: 'vulns', header: 'VULNS', get: (r) => tag(r, 'num_vulns') },
    { key: 'package_url', header: 'PURL', priority: 4, get: (r) => tag(r, 'package_url') },
    { key: 'id', header: 'ID', priority: 5 },
  ],
  defaults: ['app', 'title', 'type', 'license', 'vulns'],
  emptyMessage: 'No dependency matches.',
});
