import type { PackageInfo } from '@secscan/api/schemas/sca';
import { defineView } from '../core/view.js';

function cves(row: PackageInfo): string {
  return (row.cves ?? [])
    .map((c) => {
      const v3 = c.impact?.cvssV3;
      const score = v3?.baseScore === undefined ? '' : ` ${v3.baseScore.toFixed(1)}`;
      return `${c.id ?? c.internalId ?? '?'}${score || v3?.baseSeverity ? ` (${[score.trim(), v3?.baseSeverity].filter(Boolean).join(' ')})` : ''}`;
    })
    .join(', ');
}

export const packageInfoView = defineView<PackageInfo>({
  columns: [
    { key: 'purl', header: 'PURL' },
    { key: 'licenses', header: 'LICENSES', priority: 2 },
    { key: 'cves', header: 'CVES', get: cves },
  ],
  emptyMessage: 'No packages.',
});
