import type { Dependency } from '@secscan/api/schemas/sca';
import { defineView } from '../view.js';

const tag = (row: Dependency, key: string) => row.tags?.find((t) => t.key === key)?.value;

export const dependencyView = defineView<Dependency>({
  columns: [
    { key: 'app', header: 'APP' },
    { key: 'title', header: 'PACKAGE', shrink: true },
    { key: 'type', header: 'TYPE' },
    { key: 'license', header: 'LICENSE', get: (r) => tag(r, 'license') },
    { key: 'vulns', header: 'VULNS', get: (r) => tag(r, 'num_vulns') },
    { key: 'package_url', header: 'PURL', get: (r) => tag(r, 'package_url') },
    { key: 'id', header: 'ID' },
  ],
  defaults: ['app', 'title', 'type', 'license', 'vulns'],
  emptyMessage: 'No dependency matches.',
});
